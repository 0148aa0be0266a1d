import { checkInBothThemes } from './axe'
import { expect, test } from './fixtures'
import { longName, waitForQuietNetwork } from './helpers'
import { expectNoSidewaysScroll, sizes } from './looks'
import { apiPost, apiUser, signedInContext } from './notify-helpers'

/**
 * Search finds what was meant: Enter in the top bar's box lands on the
 * section that found something, People first when a name matches, with each tab's count; a
 * query of symbols alone says that nothing matches. Two users with 30-character names, a long
 * unbroken word in a post, on a desktop and a 390 px phone, both themes, axe.
 */
for (const size of sizes()) {
  test(`Enter lands on people when a name matches, with counts, on the ${size.name}`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    test.setTimeout(120_000)
    const writer = await apiUser(request, longName('nova'))
    const reader = await apiUser(request, longName('reader'))
    const name = writer.username.slice(0, 20)
    // The name is also a word of two posts, so two tabs have something and People comes first.
    await apiPost(request, writer.token, `GG ${name} ${'Unbreakable'.repeat(9)}`)
    await apiPost(request, writer.token, `${name} again tonight`)

    const context = await signedInContext(browser, demoUrl, reader, { viewport: size.viewport })
    const page = await context.newPage()
    await page.goto('/home')
    const tabs = page.getByRole('navigation', { name: 'Search sections' })
    const search = async (text: string) => {
      if (size.name === 'desktop') {
        const box = page.getByRole('combobox', { name: 'Search posts, tags and people' })
        await box.fill(text)
        await box.press('Enter')
      } else {
        // The phone's top bar keeps the box behind its search button or on the page's own field.
        await page.goto('/search')
        const field = page.getByRole('searchbox', { name: 'Search for' })
        await field.fill(text)
        await field.press('Enter')
      }
    }

    await search(name)
    await expect(page).toHaveURL(/\/search\?q=/)
    await expect(tabs.getByRole('link', { name: 'People, 1 result' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(tabs.getByRole('link', { name: 'Posts, 2 results' })).toBeVisible()
    await expect(tabs.getByRole('link', { name: 'Tags, 0 results' })).toBeVisible()
    await expect(
      page.getByRole('list', { name: 'People' }).getByRole('link', { name: writer.username }),
    ).toBeVisible()
    await waitForQuietNetwork(page)
    await expectNoSidewaysScroll(page)
    await checkInBothThemes(page, size, {
      what: 'search landing on people',
      shot: 'search-lands-people',
    })

    // The posts tab: the long word wraps inside its card.
    await tabs.getByRole('link', { name: /^Posts/ }).click()
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(2)
    await expectNoSidewaysScroll(page)
    await checkInBothThemes(page, size, { shot: 'search-lands-posts' })

    // Symbols alone: nothing, and it says so (no unrelated posts).
    const symbols = '@#$%^&*()"<b>'
    await search(symbols)
    await expect(page.getByText(`Nothing matches “${symbols}”`)).toBeVisible()
    await expect(page.getByText(/Punctuation and emoji alone find nothing/)).toBeVisible()
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(0)
    await expect(tabs.getByRole('link', { name: 'Posts, 0 results' })).toBeVisible()
    await expectNoSidewaysScroll(page)
    await checkInBothThemes(page, size, {
      what: 'search finding nothing',
      shot: 'search-lands-nothing',
    })
    await context.close()
  })
}
