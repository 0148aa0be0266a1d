import { expect, expectLoginPage, test } from './fixtures'

test('first start: the login page on the embedded server, with the demo data', async ({
  desktop: { page },
}) => {
  await expectLoginPage(page)
  const origin = new URL(page.url()).origin
  expect(new URL(origin).hostname).toBe('127.0.0.1')
  expect(await page.evaluate(() => window.gamerstage?.getConnection())).toEqual({
    kind: 'embedded',
    baseUrl: origin,
  })
  expect(await page.evaluate(() => window.gamerstage?.platform)).toBe('desktop')

  // The demo data is seeded on a fresh profile: its account logs in and its posts are there.
  await page.getByRole('button', { name: 'Fill Test Credentials' }).click()
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('heading', { name: 'Welcome Back...' })).toBeVisible()
  await page.getByRole('link', { name: 'Explore' }).first().click()
  await expect(page.getByRole('heading', { name: 'Explore New Things...' })).toBeVisible()
  await expect(page.getByRole('article').first()).toBeVisible()
})
