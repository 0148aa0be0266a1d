import { expect, test } from './fixtures'
import { uniqueName, signupViaApi } from './helpers'

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
