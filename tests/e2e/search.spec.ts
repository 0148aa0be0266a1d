import { checkInBothThemes } from './axe'
import { expect, test } from './fixtures'
import { loadTheRest, loginDemoViaApi, longName, waitForQuietNetwork } from './helpers'
import { PHONE, expectNoSidewaysScroll, sizes } from './looks'
import { apiPost, apiUser, signedInContext } from './notify-helpers'

/**
 * Search (docs/API.md, "Search"): the top bar's box with its Posts, Tags and People sections,
 * and the /search page with its sections and paging. Two users: one writes, the other (with a
 * 30-character name) searches; in both themes, on a desktop and a 390 px phone, with a long
 * unbroken word on screen. Each look is checked with axe and photographed (SHOTS_DIR).
 */
for (const size of sizes()) {
  test(`search finds posts, tags and people on the ${size.name}, in both themes`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    test.setTimeout(150_000)
    const stamp = Date.now().toString(36)
    const tag = `lan_${stamp}`
    const word = `frag${stamp}`
    const writer = await apiUser(request, longName('writer'))
    const reader = await apiUser(request, longName('reader'))
    await apiPost(request, writer.token, `LAN tonight ${word}! Who's in? #${tag}`)
    await apiPost(request, writer.token, `${word} ${'Unbreakable'.repeat(9)} bring cables #${tag}`)
    await apiPost(request, writer.token, `שלום ${word} עולם, gg 🎮`)

    const context = await signedInContext(browser, demoUrl, reader, { viewport: size.viewport })
    const page = await context.newPage()
    /** The screen in both themes: photographed, and checked by axe where `what` names it. */
    const shot = async (screen: string, what?: string) => {
      await waitForQuietNetwork(page)
      await expectNoSidewaysScroll(page)
      await checkInBothThemes(page, size, { shot: `search-${screen}`, ...(what ? { what } : {}) })
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
    await shot('box-tag', 'the open search box')

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
    await shot('page-posts', 'the search page')

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
    // Nothing in any section: the page says so once, not per section.
    await expect(page.getByText('Nothing matches “"NEAR* -qzx:^”')).toBeVisible()
    await page.goto(`/search?q=${encodeURIComponent('🎮 !!!')}`)
    await expect(page.getByText('Nothing matches “🎮 !!!”')).toBeVisible()
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
  await loadTheRest(page, articles, 23)
  await expect(page.getByText("You're all caught up")).toBeVisible()

  // The spec's search box: its placeholder, and "No user found" when nothing matches.
  const box = page.getByPlaceholder('search for the user')
  await box.fill('zzz_nobody_at_all')
  await expect(page.getByText('No user found')).toBeVisible()
  await expect(page.getByText('No posts match “zzz_nobody_at_all”')).toBeVisible()
})

test('on a 390 px phone the search page has its own field: prefilled, Enter searches, the address follows', async ({
  browser,
  request,
  demoUrl,
}) => {
  const stamp = Date.now().toString(36)
  const first = `raid${stamp}`
  const second = `loot${stamp}`
  const writer = await apiUser(request)
  await apiPost(request, writer.token, `${first} tonight, bring snacks`)
  await apiPost(request, writer.token, `${second} split after the ${first}`)
  await apiPost(request, writer.token, `${second} only`)
  const reader = await apiUser(request, longName('seeker'))
  const context = await signedInContext(browser, demoUrl, reader, { viewport: PHONE })
  const page = await context.newPage()
  const field = page.getByRole('search', { name: 'Search this page' }).getByRole('searchbox', {
    name: 'Search for',
  })
  const topBarBox = page.getByRole('combobox', { name: 'Search posts, tags and people' })
  const articles = page.getByRole('main').getByRole('article')

  // A fresh load: the field holds the query, and it is the only search box on the screen.
  await page.goto(`/search?q=${first}`)
  await expect(field).toHaveValue(first)
  await expect(articles).toHaveCount(2)
  await expect(topBarBox).toBeHidden()
  await expectNoSidewaysScroll(page)

  // Enter searches again: the address and the results follow, and a reload keeps them.
  await field.fill(`  ${second} `)
  await field.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${second}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${second}”`)
  await expect(articles).toHaveCount(2)
  await expect(field).toHaveValue(second)
  await page.reload()
  await expect(field).toHaveValue(second)
  await expect(articles).toHaveCount(2)

  // The section shown is kept; Back brings the earlier search and its words back.
  await page
    .getByRole('navigation', { name: 'Search sections' })
    .getByRole('link', { name: 'People' })
    .click()
  await expect(page).toHaveURL(/type=users/)
  await field.fill(writer.username)
  await field.press('Enter')
  await expect(page).toHaveURL(new RegExp(`q=${writer.username}&type=users$`))
  await expect(
    page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(writer.username) })
      .first(),
  ).toBeVisible()
  await page.goBack()
  await expect(field).toHaveValue(second)

  // Nothing typed: a sentence, and the search stays.
  await field.fill('   ')
  await field.press('Enter')
  await expect(page.getByRole('alert')).toHaveText(
    'Type something to search for: words, a #tag or a name.',
  )
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL(new RegExp(`q=${second}`))

  // /search with no query: the field is there to start one.
  await page.goto('/search')
  await expect(field).toHaveValue('')
  await field.fill(first)
  await field.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${first}$`))
  await expect(articles).toHaveCount(2)

  // Elsewhere the top bar's box is back.
  await page.goto('/home')
  await expect(topBarBox).toBeVisible()
  await context.close()
})

test('on a desktop the search page’s field sits under the top bar’s quick search', async ({
  page,
  request,
}) => {
  const reader = await apiUser(request)
  await page.context().addInitScript((who) => {
    localStorage.setItem('token', who.token)
    localStorage.setItem('user', JSON.stringify(who.user))
  }, reader)
  await page.goto('/search?q=nothing_here')
  const field = page.getByRole('search', { name: 'Search this page' }).getByRole('searchbox')
  await expect(field).toHaveValue('nothing_here')
  // The top bar's box stays the quick search, empty; the page's holds the query.
  await expect(page.getByRole('combobox', { name: 'Search posts, tags and people' })).toHaveValue(
    '',
  )
})

test('search is keyboard friendly and closes on Escape', async ({ page }) => {
  await loginDemoViaApi(page)
  const search = page.getByPlaceholder('search for the user')
  await search.fill('loot')
  await expect(page.getByRole('option', { name: /lootgoblin/ })).toBeVisible()
  await search.press('Escape')
  await expect(page.getByRole('listbox')).toHaveCount(0)
  await search.fill('lootg')
  await expect(page.getByRole('option', { name: /lootgoblin/ })).toBeVisible()
  await search.press('ArrowDown')
  await search.press('Enter')
  await expect(page).toHaveURL(/\/lootgoblin$/)
  await expect(search).toHaveValue('')
})
