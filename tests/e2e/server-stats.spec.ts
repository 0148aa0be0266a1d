/**
 * The host's figures and charts on the Server page, in both themes on a desktop and a
 * 390×844 phone; a player who does not host sees none of it.
 */
import { checkInBothThemes } from './axe'
import { expect, test } from './fixtures'
import { loginViaApi, signupViaApi, uniqueName } from './helpers'
import { E2E_HOST } from './host-account'
import { expectNoSidewaysScroll, sizes } from './looks'

for (const size of sizes()) {
  test(`the host's server figures on the ${size.name}, in both themes`, async ({ page }) => {
    test.setTimeout(90_000)
    await page.setViewportSize(size.viewport)
    await loginViaApi(page, E2E_HOST.username, E2E_HOST.password)
    await page.goto('/server')
    const panel = page.getByRole('region', { name: 'How the server is doing' })
    await expect(panel).toBeVisible()
    const figures = panel.getByTestId('server-figures')
    // The demo data's members, and this server's database.
    await expect(figures.getByText('Members')).toBeVisible()
    await expect(figures.getByText('SQLite')).toBeVisible()
    // Three charts, drawn by the lazily loaded chart library (a canvas each).
    for (const name of ['Posts per day', 'Comments per day', 'Active players per day']) {
      await expect(panel.getByRole('img', { name: `${name}, last 30 days` })).toBeVisible()
    }
    await expect(panel.locator('.day-chart canvas')).toHaveCount(3)
    await expectNoSidewaysScroll(page)
    await checkInBothThemes(page, size, {
      what: 'the server figures',
      shot: 'server-figures',
      within: '.server-stats',
      fullPage: true,
    })
  })
}

test('a player who does not host sees no server figures', async ({ page }) => {
  const name = uniqueName('nothost')
  await signupViaApi(page, name)
  await page.goto('/server')
  await expect(page.getByRole('heading', { name: 'Server', exact: true })).toBeVisible()
  await expect(page.getByRole('region', { name: 'How the server is doing' })).toHaveCount(0)
})
