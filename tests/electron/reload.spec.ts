import { expect, expectLoginPage, test } from './fixtures'

test('reloading the window on a post page keeps the page', async ({ desktop: { app, page } }) => {
  await expectLoginPage(page)
  await page.getByRole('button', { name: 'Fill Test Credentials' }).click()
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('heading', { name: 'Welcome Back...' })).toBeVisible()
  await page.getByRole('link', { name: 'Explore' }).first().click()
  const first = page.getByRole('article').first()
  const author = (await first.getAttribute('aria-label'))?.replace(/^Post by /, '') ?? ''
  await first.getByRole('link', { name: `Open post by ${author}` }).click()
  await expect(page).toHaveURL(/\/post\/[^/]+$/)
  const postUrl = page.url()
  const postRegion = page.getByRole('region', { name: 'Post' })
  await expect(postRegion.getByRole('article', { name: `Post by ${author}` })).toBeVisible()

  // As View > Reload (Ctrl+R) does: the window's webContents reloads the address it shows.
  await Promise.all([
    page.waitForEvent('load'),
    app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.webContents.reload()),
  ])
  expect(page.url()).toBe(postUrl)
  await expect(page.getByRole('heading', { name: 'Post', exact: true })).toBeVisible()
  await expect(postRegion.getByRole('article', { name: `Post by ${author}` })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Comments' })).toBeVisible()
})
