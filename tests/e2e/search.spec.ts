import { expectNoSeriousViolations, axeScopeFor } from './axe'
import { expect, test } from './fixtures'
import { longName, waitForQuietNetwork } from './helpers'
import { SHOTS_DIR, expectNoSidewaysScroll, looks } from './looks'
import { apiPost, apiUser, signedInContext } from './notify-helpers'

/**
 * Search (docs/API.md, "Search"): the top bar's box with its Posts, Tags and People sections,
 * and the /search page with its sections and paging. Two users: one writes, the other (with a
 * 30-character name) searches; in both themes, on a desktop and a 390 px phone, with a long
 * unbroken word on screen. Each look is checked with axe and photographed (SHOTS_DIR).
 */
for (const look of looks()) {
  test(`search finds posts, tags and people in ${look.name}`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    test.setTimeout(120_000)
    const stamp = Date.now().toString(36)
    const tag = `lan_${stamp}`
    const word = `frag${stamp}`
    const writer = await apiUser(request, longName('writer'))
    const reader = await apiUser(request, longName('reader'))
    await apiPost(request, writer.token, `LAN tonight ${word}! Who's in? #${tag}`)
    await apiPost(request, writer.token, `${word} ${'Unbreakable'.repeat(9)} bring cables #${tag}`)
    await apiPost(request, writer.token, `שלום ${word} עולם, gg 🎮`)

    const context = await signedInContext(browser, demoUrl, reader, look)
    const page = await context.newPage()
    const shot = async (screen: string) => {
      await waitForQuietNetwork(page)
      await expectNoSidewaysScroll(page)
      await page.screenshot({ path: `${SHOTS_DIR}/search-${screen}-${look.name}.png` })
    }
    await page.goto('/home')
    const box = page.getByRole('combobox', { name: 'Search posts, tags and people' })
    const results = page.getByRole('listbox', { name: 'Search' })

    // "#tag": the tag with its count and its posts; no people section, no "No user found".
    await box.fill(`#${tag}`)
    await expect(results.getByRole('group', { name: 'Tags' })).toContainText(`#${tag}`)
    await expect(results.getByRole('group', { name: 'Tags' })).toContainText('2 posts')
    await expect(results.getByRole('group', { name: 'Posts' }).getByRole('option')).toHaveCount(3)
    await expect(results.getByRole('group', { name: 'People' })).toHaveCount(0)
    await expect(page.getByText('No user found')).toHaveCount(0)
    await expectNoSeriousViolations(page, `the open search box in ${look.name}`, {
      scope: axeScopeFor(look),
    })
    await shot('box-tag')

    // The keyboard: down past the posts and their "See all" to the tag, Enter opens its page.
    for (let i = 0; i < 4; i++) await box.press('ArrowDown')
    await expect(box).toHaveAttribute('aria-activedescendant', /option/)
    await expect(results.getByRole('option', { selected: true })).toContainText(`#${tag}`)
    await box.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/tags/${tag}$`))
    await expect(page.getByRole('article')).toHaveCount(2)

    // A name: people, each opening a profile; Escape closes.
    await box.fill(writer.username.slice(0, 24))
    await expect(
      results
        .getByRole('group', { name: 'People' })
        .getByRole('option', { name: new RegExp(writer.username) }),
    ).toBeVisible()
    await shot('box-person')
    await box.press('Escape')
    await expect(results).toHaveCount(0)

    // Enter on a word opens the search page; it survives a reload.
    await box.fill(word)
    await expect(results.getByRole('group', { name: 'Posts' }).getByRole('option')).toHaveCount(4)
    await box.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${word}”`)
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(3)
    await page.reload()
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(3)
    const sections = page.getByRole('navigation', { name: 'Search sections' })
    await expect(sections.getByRole('link', { name: 'Posts' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expectNoSeriousViolations(page, `the search page in ${look.name}`, {
      scope: axeScopeFor(look),
    })
    await shot('page-posts')

    // The tags and people sections of the page.
    await page.goto(`/search?q=${encodeURIComponent(`#${tag.slice(0, 6)}`)}&type=tags`)
    await expect(page.getByRole('list', { name: 'Tags' }).getByRole('link')).toContainText([
      `#${tag}`,
    ])
    await shot('page-tags')
    await sections.getByRole('link', { name: 'People' }).click()
    await expect(page).toHaveURL(/type=users/)
    await expect(page.getByText('No user found')).toBeVisible()

    // Nothing found, and a query of punctuation only: a clear empty state, no error.
    await page.goto(`/search?q=${encodeURIComponent('"NEAR* -qzx:^')}`)
    await expect(page.getByText('No posts match “"NEAR* -qzx:^”')).toBeVisible()
    await page.goto(`/search?q=${encodeURIComponent('🎮 !!!')}`)
    await expect(page.getByText('No posts match “🎮 !!!”')).toBeVisible()
    await expect(page.getByText(/Punctuation and emoji alone find nothing/)).toBeVisible()
    await shot('page-empty')
    await context.close()
  })
}

test('the search page pages with Load more, and the people search keeps its spec texts', async ({
  page,
  request,
}) => {
  const word = `page${Date.now().toString(36)}`
  const writer = await apiUser(request)
  for (let i = 0; i < 23; i++) await apiPost(request, writer.token, `${word} number ${i}`)
  const reader = await apiUser(request)
  await page.context().addInitScript((who) => {
    localStorage.setItem('token', who.token)
    localStorage.setItem('user', JSON.stringify(who.user))
  }, reader)
  await page.goto(`/search?q=${word}`)
  const articles = page.getByRole('main').getByRole('article')
  await expect(articles).toHaveCount(20)
  await expect(articles.first()).toContainText(`${word} number 22`)
  await page.getByRole('button', { name: 'Load more' }).click()
  await expect(articles).toHaveCount(23)
  await expect(page.getByText("You're all caught up")).toBeVisible()

  // The spec's search box: its placeholder, and "No user found" when nothing matches.
  const box = page.getByPlaceholder('search for the user')
  await box.fill('zzz_nobody_at_all')
  await expect(page.getByText('No user found')).toBeVisible()
  await expect(page.getByText('No posts match “zzz_nobody_at_all”')).toBeVisible()
})
