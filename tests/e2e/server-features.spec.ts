import { expect, test } from './fixtures'
import { DEMO, waitForQuietNetwork } from './helpers'

/**
 * What the server supports (`GET /api/meta` `features`, state/server-features.ts) is read once
 * per connection of the live stream: signing in asks once, and so does opening the app signed in
 * (the stream's `ready`; the layout does not ask again).
 */
test('signing in, and a reload, read what the server supports once each', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByLabel('Username')).toBeVisible()
  await waitForQuietNetwork(page)
  let metas = 0
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/meta') metas += 1
  })
  await page.getByLabel('Username').fill(DEMO.username)
  await page.getByLabel('Password').fill(DEMO.password)
  await page.keyboard.press('Enter')
  await expect(page.locator('html')).toHaveAttribute('data-live', 'live')
  // What the server supports is shown: the Who's-here panel needs `presence`.
  await expect(page.locator('.whos-here-panel')).toBeVisible()
  await waitForQuietNetwork(page, 1000)
  expect(metas).toBe(1)

  metas = 0
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-live', 'live')
  await expect(page.locator('.whos-here-panel')).toBeVisible()
  await waitForQuietNetwork(page, 1000)
  expect(metas).toBe(1)
})
