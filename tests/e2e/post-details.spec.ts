/**
 * What posts must do that the other specs do not show: images added by paste and by
 * drag-and-drop with a progress bar per upload, the copy-link action, counts inside accessible
 * names, and the undo of a deleted comment without the next one moving under the pointer.
 */
import { expect, test } from './fixtures'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { toast, uniqueName, signupViaApi } from './helpers'

async function pngBase64(color: string): Promise<string> {
  const bytes = await sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
    .png()
    .toBuffer()
  return bytes.toString('base64')
}

/** Fires a real `paste` (target: the focused text box) or `drop` carrying one PNG file. */
async function sendImageEvent(page: Page, kind: 'paste' | 'drop', base64: string, name: string) {
  await page.evaluate(
    ({ kind, base64, name }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
      const transfer = new DataTransfer()
      transfer.items.add(new File([bytes], name, { type: 'image/png' }))
      if (kind === 'paste') {
        const box = document.querySelector('[role="dialog"] textarea')
        box?.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
        )
      } else {
        const zone = document.querySelector('.new-post-editor')
        const init = { dataTransfer: transfer, bubbles: true, cancelable: true }
        zone?.dispatchEvent(new DragEvent('dragover', init))
        zone?.dispatchEvent(new DragEvent('drop', init))
      }
    },
    { kind, base64, name },
  )
}

test('images come in by paste and by drop, each with its own progress bar', async ({ page }) => {
  await signupViaApi(page, uniqueName('paste'))
  // Uploads wait until the test lets them go, so their progress bars can be seen.
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/media/post-images', async (route) => {
    await held
    await route.continue()
  })
  await page.getByRole('button', { name: 'New Post', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'New Post' })
  await dialog.getByRole('textbox', { name: 'Post text' }).fill('pasted and dropped')

  await sendImageEvent(page, 'paste', await pngBase64('#3366ff'), 'pasted.png')
  await sendImageEvent(page, 'drop', await pngBase64('#ff9900'), 'dropped.png')
  await expect(dialog.getByRole('progressbar', { name: 'Uploading image 1' })).toBeVisible()
  await expect(dialog.getByRole('progressbar', { name: 'Uploading image 2' })).toBeVisible()
  // Nothing is posted while an image is still on its way.
  await expect(dialog.getByRole('button', { name: 'Post' })).toBeDisabled()

  release()
  await expect(dialog.getByRole('progressbar')).toHaveCount(0)
  await dialog.getByLabel('Alt text for image 1').fill('pasted blue')
  await dialog.getByLabel('Alt text for image 2').fill('dropped orange')
  await dialog.getByRole('button', { name: 'Post' }).click()
  await expect(dialog).toHaveCount(0)
  const card = page.getByRole('article').first()
  await expect(card.getByRole('img', { name: 'pasted blue' })).toBeVisible()
  await expect(card.getByRole('img', { name: 'dropped orange' })).toBeVisible()
})

test('a post’s counts are in its controls’ names, and its link can be copied', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signupViaApi(page, uniqueName('names'))
  await page.getByRole('button', { name: 'New Post', exact: true }).click()
  await page.getByRole('textbox', { name: 'Post text' }).fill('count me in')
  await page.getByRole('dialog').getByRole('button', { name: 'Post' }).click()
  const card = page.getByRole('article').first()
  await expect(card).toContainText('count me in')

  await expect(card.getByRole('button', { name: 'Like, 0 likes' })).toBeVisible()
  await expect(card.getByRole('link', { name: 'Comments, 0' })).toBeVisible()
  await card.getByRole('button', { name: 'Like, 0 likes' }).click()
  await expect(card.getByRole('button', { name: 'Unlike, 1 like' })).toBeVisible()

  const postId = await card.getAttribute('data-post-id')
  await card.getByRole('button', { name: 'Copy link to post' }).click()
  await expect(toast(page, 'Link copied')).toBeVisible()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toMatch(new RegExp(`/post/${postId}$`))
  // The link opens the post.
  await page.goto(copied)
  await expect(page.getByRole('article').first()).toContainText('count me in')
})

test('a deleted comment can be undone, and the next comment does not move', async ({ page }) => {
  await signupViaApi(page, uniqueName('cundo'))
  await page.goto('/post/1')
  const box = page.getByRole('textbox', { name: 'Write a comment' })
  for (const text of ['older comment', 'newer comment']) {
    await box.fill(text)
    await page.getByRole('button', { name: 'Comment', exact: true }).click()
    await expect(page.locator('.comment').filter({ hasText: text })).toHaveCount(1)
  }
  const newer = page.locator('.comment').filter({ hasText: 'newer comment' })
  const older = page.locator('.comment').filter({ hasText: 'older comment' })
  const olderTrash = older.getByRole('button', { name: 'Delete comment' })
  const before = await olderTrash.boundingBox()
  // Newest first: the comment deleted stands above the one that must not move.
  expect((await newer.boundingBox())?.y ?? Infinity).toBeLessThan(before?.y ?? -1)

  await newer.getByRole('button', { name: 'Delete comment' }).click()
  const undo = page.getByRole('button', { name: 'Undo', exact: true })
  await expect(undo).toBeFocused()
  // The placeholder keeps the deleted comment's height: the next trash icon stays put.
  const after = await olderTrash.boundingBox()
  expect(after?.y).toBeCloseTo(before?.y ?? -1, 0)
  await undo.click()
  await expect(newer).toBeVisible()

  await newer.getByRole('button', { name: 'Delete comment' }).click()
  await expect(toast(page, 'Comment Has been deleted')).toBeVisible({ timeout: 15_000 })
  await page.reload()
  await expect(page.locator('.comment').filter({ hasText: 'newer comment' })).toHaveCount(0)
  await expect(older).toBeVisible()
})
