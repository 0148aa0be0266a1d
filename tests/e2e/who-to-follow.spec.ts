import { expect, test } from './fixtures'
import { uniqueName, signupViaApi } from './helpers'

/** The "Some amazing people" panel: following from it fills an empty home feed, for good. */

test('following from "Some amazing people" fills the home feed', async ({ page }) => {
  await signupViaApi(page, uniqueName('sidebar'))
  await expect(page.getByText('Follow some people to get started')).toBeVisible()
  const panel = page.getByRole('complementary', { name: 'Some amazing people' })
  // Suggestions are the most followed first, and other specs' users gather followers too: take
  // the first suggested of the seed's authors, who all have posts.
  const follow = panel
    .getByRole('button', { name: /^Follow (nova_strike|questlord|lootgoblin|player1)$/ })
    .first()
  const author = ((await follow.getAttribute('aria-label')) ?? '').replace(/^Follow /, '')
  expect(author).not.toBe('')
  await follow.click()
  await expect(panel.getByRole('button', { name: `Following ${author}` })).toBeVisible()
  await expect(page.getByRole('article', { name: `Post by ${author}` }).first()).toBeVisible()
  await expect(page.getByText('Follow some people to get started')).toHaveCount(0)
  // The follow is the server's truth: it survives a reload.
  await page.reload()
  await expect(panel.getByRole('button', { name: `Follow ${author}` })).toHaveCount(0)
  await expect(page.getByRole('article', { name: `Post by ${author}` }).first()).toBeVisible()
})
