import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { expectNoSeriousViolations } from './axe'
import { expect, test } from './fixtures'
import { longName, uniqueName, signupViaApi } from './helpers'
import { expectNoSidewaysScroll, PHONE, shoot, SHOTS_DIR } from './looks'
import { spawnServer } from './spawn-server'

test('a refused post keeps the modal and its text; the draft survives a reload', async ({
  page,
}) => {
  await signupViaApi(page, uniqueName('draft'))
  const newPost = page.getByRole('button', { name: 'New Post', exact: true }).first()
  await newPost.click()
  const dialog = page.getByRole('dialog', { name: 'New Post' })
  const box = dialog.getByRole('textbox', { name: 'Post text' })
  await box.fill('my best clutch ever')

  // The server refuses once: the dialog stays, the text stays, the reason shows at the field.
  await page.route('**/api/posts', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: { errors: ['The database is busy.'] } })
      : route.fallback(),
  )
  await dialog.getByRole('button', { name: 'Post' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('The database is busy.')
  await expect(box).toHaveValue('my best clutch ever')
  await expect(box).toHaveAttribute('aria-invalid', 'true')
  await page.unroute('**/api/posts')

  // Escape asks before closing a dialog with text in it.
  await page.keyboard.press('Escape')
  await expect(dialog.getByText('Your text is kept as a draft')).toBeVisible()
  await dialog.getByRole('button', { name: 'Keep editing' }).click()
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await dialog.getByRole('button', { name: 'Close, keep draft' }).click()
  await expect(dialog).toHaveCount(0)
  // Focus is back on the button that opened the dialog.
  await expect(newPost).toBeFocused()

  await page.reload()
  await newPost.click()
  await expect(box).toHaveValue('my best clutch ever')
  await dialog.getByRole('button', { name: 'Post' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('article').first()).toContainText('my best clutch ever')
  await newPost.click()
  await expect(box).toHaveValue('')
  // An empty dialog closes on Escape without asking.
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
})

test('the comment box keeps its draft across navigation, and a failed send keeps the text', async ({
  page,
}) => {
  await signupViaApi(page, uniqueName('cdraft'))
  await page.goto('/post/1')
  const box = page.getByRole('textbox', { name: 'Write a comment' })
  await box.fill('half-written strat')
  await page.goto('/explore')
  await page.goto('/post/1')
  await expect(box).toHaveValue('half-written strat')

  await page.route('**/api/comments/**', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 503, json: { errors: ['Try again in a moment.'] } })
      : route.fallback(),
  )
  await page.getByRole('button', { name: 'Comment', exact: true }).click()
  await expect(page.locator('.comments-card').getByRole('alert')).toHaveText(
    'Try again in a moment.',
  )
  await expect(box).toHaveValue('half-written strat')
  await page.unroute('**/api/comments/**')
  await page.getByRole('button', { name: 'Comment', exact: true }).click()
  await expect(page.locator('.comment').first()).toContainText('half-written strat')
  await expect(box).toHaveValue('')
  await expect(box).toBeFocused()
  await page.reload()
  await expect(box).toHaveValue('')
})

test('drafts belong to one user: another account does not see them', async ({ browser }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signupViaApi(page, uniqueName('alice'))
  await page.getByRole('button', { name: 'New Post', exact: true }).first().click()
  await page.getByRole('textbox', { name: 'Post text' }).fill('alice only')
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click()
  await page.getByRole('button', { name: 'Close, keep draft' }).click()
  await page.evaluate(() => localStorage.removeItem('token'))
  await signupViaApi(page, uniqueName('bob'))
  await page.getByRole('button', { name: 'New Post', exact: true }).first().click()
  await expect(page.getByRole('textbox', { name: 'Post text' })).toHaveValue('')
  await context.close()
})

// --- a draft whose uploads were swept ---
test.describe('a draft kept past a week', () => {
  let dataDir = ''
  test.beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'gamerstage-lost-draft-'))
  })
  test.afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true })
  })

  /**
   * On a server of its own: a draft with two screenshots; the server stops, one upload's rows are
   * made eight days old in its data file (as if the laptop had slept that long), and the server's
   * own sweep, the first a fresh start runs, deletes it. The draft then shows it as lost, refuses
   * to post naming it, and posts the other once it is removed.
   */
  test('shows the swept upload as lost, names it, and posts the rest', async ({
    browser,
    ports,
  }) => {
    test.setTimeout(180_000)
    let server = await spawnServer(ports.gone, dataDir)
    const context = await browser.newContext({ baseURL: server.url, viewport: PHONE })
    try {
      const page = await context.newPage()
      const name = longName('lost')
      await signupViaApi(page, name)
      const newPost = page.getByRole('button', { name: /^New post$/i }).first()
      await newPost.click()
      const dialog = page.getByRole('dialog', { name: 'New Post' })
      const box = dialog.getByRole('textbox', { name: 'Post text' })
      await box.fill(`Boss down ${LONG_WORD}`)
      await dialog.getByLabel('Image files').setInputFiles([
        { name: 'boss.png', mimeType: 'image/png', buffer: await picture('#7c3aed') },
        { name: 'loot.png', mimeType: 'image/png', buffer: await picture('#16a34a') },
      ])
      await dialog.getByLabel('Alt text for image 2').fill('The loot')
      await expect(dialog.getByRole('progressbar')).toHaveCount(0)
      await page.keyboard.press('Escape')
      await dialog.getByRole('button', { name: 'Close, keep draft' }).click()
      const [boss] = await page.evaluate(() => {
        const key = Object.keys(localStorage).find((one) => one.endsWith('|newPost|media'))
        const items = JSON.parse(localStorage.getItem(key ?? '') ?? '[]') as {
          media: { id: string; thumbUrl: string }
        }[]
        return items.map((item) => item.media)
      })
      expect(boss).toBeDefined()
      const bossThumb = boss?.thumbUrl ?? ''

      // A week and a day pass for boss.png's upload; the server's sweep runs after a start.
      await server.stop()
      const eightDays = 8 * 24 * 60 * 60_000
      const file = new Database(join(dataDir, 'gamerstage.db'))
      file
        .prepare('UPDATE post_media SET created_at = created_at - ? WHERE media_id = ?')
        .run(eightDays, boss?.id)
      file
        .prepare('UPDATE media SET created_at = created_at - ? WHERE id = ? OR id = ?')
        .run(eightDays, boss?.id, bossThumb.slice('/api/media/'.length))
      file.close()
      server = await spawnServer(ports.gone, dataDir)
      await expect
        .poll(async () => (await page.request.get(bossThumb)).status(), { timeout: 90_000 })
        .toBe(404)

      for (const theme of ['light', 'dark'] as const) {
        await page.evaluate((value) => localStorage.setItem('theme', value), theme)
        await page.reload()
        await newPost.click()
        await expect(box).toHaveValue(`Boss down ${LONG_WORD}`)
        const lost = dialog.locator('.attachment').first()
        await expect(lost).toContainText('boss.png')
        await expect(lost).toContainText(
          'No longer on this server: a draft keeps its uploads for a week. Remove it to post.',
        )
        // Not a broken picture: a mark, and no alt text to fill.
        await expect(lost.locator('img')).toHaveCount(0)
        await expect(dialog.getByLabel('Alt text for image 2')).toHaveValue('The loot')
        await expectNoSidewaysScroll(page)
        await shoot(page, { path: `${SHOTS_DIR}/drafts-lost-media-phone-${theme}.png` })
        await expectNoSeriousViolations(page, `a draft with a lost upload (${theme})`, {
          within: '[role="dialog"]',
        })
        if (theme === 'light') {
          await page.keyboard.press('Escape')
          await dialog.getByRole('button', { name: 'Close, keep draft' }).click()
        }
      }

      await dialog.getByRole('button', { name: 'Post' }).click()
      await expect(dialog.getByRole('alert')).toHaveText(
        'boss.png is no longer on this server: remove it to post, or attach the file again.',
      )
      await expect(dialog).toBeVisible()
      await expect(box).toHaveValue(`Boss down ${LONG_WORD}`)
      await dialog.getByRole('button', { name: 'Remove image 1' }).click()
      await dialog.getByRole('button', { name: 'Post' }).click()
      await expect(dialog).toHaveCount(0)
      const card = page.getByRole('article', { name: `Post by ${name}` }).first()
      await expect(card).toContainText('Boss down')
      await expect(card.getByRole('button', { name: 'Open image 1 of 1: The loot' })).toBeVisible()
      await newPost.click()
      await expect(dialog.locator('.attachment')).toHaveCount(0)
    } finally {
      await context.close()
      await server.stop()
    }
  })
})

const LONG_WORD = 'Supercalifragilisticexpialidocious'.repeat(3)

/** A small screenshot of one colour. */
const picture = (background: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer()
// --- end a draft whose uploads were swept ---
