import { expect, test } from './fixtures'
import { DEMO, waitForQuietNetwork, loginDemoViaApi } from './helpers'

test.use({ viewport: { width: 375, height: 740 } })

test('a phone gets the bottom bar instead of the sidebar', async ({ page }) => {
  await loginDemoViaApi(page)
  const bar = page.getByRole('navigation', { name: 'Main (mobile)' })
  await expect(bar).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeHidden()
  for (const name of ['Home', 'Bookmarks', 'New post', 'Explore', 'Profile']) {
    await expect(bar.getByRole(name === 'New post' ? 'button' : 'link', { name })).toBeVisible()
  }
  await expect(page.getByPlaceholder('search for the user')).toBeVisible()

  await bar.getByRole('link', { name: 'Bookmarks' }).click()
  await expect(page.getByRole('heading', { name: 'Saved Posts' })).toBeVisible()
  await bar.getByRole('link', { name: 'Explore' }).click()
  await expect(page.getByRole('heading', { name: 'Explore New Things...' })).toBeVisible()
  await bar.getByRole('link', { name: 'Profile' }).click()
  await expect(page.getByRole('heading', { name: DEMO.username })).toBeVisible()
  await bar.getByRole('link', { name: 'Home' }).click()
  await expect(page.getByRole('heading', { name: 'Welcome Back...' })).toBeVisible()

  await bar.getByRole('button', { name: 'New post' }).click()
  const dialog = page.getByRole('dialog', { name: 'New Post' })
  await expect(dialog.getByPlaceholder('enter a text')).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)
})

test('nothing overflows the phone width', async ({ page }) => {
  await loginDemoViaApi(page)
  for (const path of ['/home', '/explore', '/bookmarks', `/${DEMO.username}`, '/post/1']) {
    await page.goto(path)
    await expect(page.getByRole('main')).toBeVisible()
    await waitForQuietNetwork(page)
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0)
  }
})
