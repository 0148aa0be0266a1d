import type { Page } from '@playwright/test'
import { checkInBothThemes } from './axe'
import { expect, test } from './fixtures'
import { longName, uniqueName, waitForQuietNetwork } from './helpers'
import { DESKTOP, PHONE, expectNoSidewaysScroll, sizes } from './looks'
import { apiCall, apiUser, signedInContext, type ApiUser } from './notify-helpers'
import type { APIRequestContext } from '@playwright/test'

/**
 * Polls and the composer's @/# suggestions (docs/API.md "Polls", "Autocomplete"), two players
 * at once: one tap on an option votes (the author's too, in their own poll, without opening the
 * post), the vote moves until the end, and each vote or change moves the other's results live;
 * the composer writes a 5-minute poll with the keyboard and says what is wrong under the option;
 * `@` and `#` suggest, on a phone too.
 * Screenshots in both themes on a desktop and a 390-pixel phone, with a 30-character name and
 * a long unbroken option, for a person to look at; axe on a post with a poll and on the open
 * suggestion list.
 */

const LONG_OPTION = 'W'.repeat(50)

/** The New Post dialog: the sidebar's button on a desktop, the bottom bar's on a phone. */
async function openComposer(page: Page) {
  await page
    .getByRole('button', { name: /^New post$/i })
    .filter({ visible: true })
    .first()
    .click()
}

async function waitLive(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-live', 'live')
}

async function pollPost(
  request: APIRequestContext,
  author: ApiUser,
  options: string[],
  content = 'Who’s in Saturday? #lanparty',
) {
  const response = await request.post('/api/posts', {
    headers: { authorization: author.token, prefer: 'return=minimal' },
    data: { postData: { content, poll: { options, durationMinutes: 1440 } } },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { post: { _id: string } }).post._id
}

/** The poll of the post on screen. */
const pollOf = (page: Page) => page.getByRole('main').getByRole('group', { name: 'Poll' }).first()

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`one tap votes, the vote moves, and the author's results follow live (${name})`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    const author = await apiUser(request, longName('host'))
    const voter = await apiUser(request, uniqueName('voter'))
    const postId = await pollPost(request, author, ['Saturday', 'Sunday', LONG_OPTION])

    const authorContext = await signedInContext(browser, demoUrl, author, { viewport })
    const voterContext = await signedInContext(browser, demoUrl, voter, { viewport })
    const authorPage = await authorContext.newPage()
    const voterPage = await voterContext.newPage()
    await authorPage.goto(`/post/${postId}`)
    await waitLive(authorPage)
    // The author sees the results from the start, and may vote too.
    await expect(pollOf(authorPage)).toContainText('0 votes')
    await expect(pollOf(authorPage).getByRole('button', { name: /^Saturday: 0%/ })).toBeVisible()

    await voterPage.goto(`/post/${postId}`)
    await waitLive(voterPage)
    const poll = pollOf(voterPage)
    // Before voting: the options are buttons, no results, no separate Vote button.
    await expect(poll.getByRole('button', { name: 'Saturday', exact: true })).toBeVisible()
    await expect(poll.getByRole('button', { name: 'Vote' })).toHaveCount(0)
    await expect(poll).toContainText('Choose an option to vote.')
    // By keyboard: Tab moves between options, Enter votes.
    await poll.getByRole('button', { name: 'Saturday', exact: true }).focus()
    await voterPage.keyboard.press('Tab')
    await expect(poll.getByRole('button', { name: 'Sunday', exact: true })).toBeFocused()
    await voterPage.keyboard.press('Enter')
    // The voter sees the results with their vote marked, and how to change it.
    const sunday = poll.getByRole('button', { name: 'Sunday (your vote): 100%, 1 vote' })
    await expect(sunday).toHaveAttribute('aria-pressed', 'true')
    await expect(poll).toContainText('You can change your vote until the poll ends.')
    // The author's page moved without a reload.
    await expect(pollOf(authorPage)).toContainText('1 vote')
    await expect(pollOf(authorPage).getByRole('button', { name: /^Sunday: 100%/ })).toBeVisible()

    // One tap on another option moves the vote: the total stays, the shares move, live too.
    await poll.getByRole('button', { name: /^Saturday: 0%/ }).click()
    await expect(
      poll.getByRole('button', { name: 'Saturday (your vote): 100%, 1 vote' }),
    ).toBeVisible()
    await expect(pollOf(authorPage).getByRole('button', { name: /^Saturday: 100%/ })).toBeVisible()
    await expect(pollOf(authorPage)).toContainText('1 vote')

    // The author votes in their own poll, from the feed: a click on an option votes and never
    // opens the post.
    await authorPage.goto(`/${author.username}`)
    const card = authorPage.getByRole('article').filter({ hasText: 'Who’s in Saturday?' }).first()
    await card
      .getByRole('group', { name: 'Poll' })
      .getByRole('button', { name: /^Sunday/ })
      .click()
    await expect(
      card.getByRole('button', { name: 'Sunday (your vote): 50%, 1 vote' }),
    ).toBeVisible()
    await expect(authorPage).toHaveURL(new RegExp(`/${author.username}$`))
    // …and the voter's page follows.
    await expect(poll).toContainText('2 votes')
    await expect(
      poll.getByRole('button', { name: 'Saturday (your vote): 50%, 1 vote' }),
    ).toBeVisible()
    await expectNoSidewaysScroll(voterPage)
    await expectNoSidewaysScroll(authorPage)
    await authorContext.close()
    await voterContext.close()
  })

  test(`the composer writes a poll by keyboard, with inline errors (${name})`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    const author = await apiUser(request, uniqueName('pollster'))
    const context = await signedInContext(browser, demoUrl, author, { viewport })
    const page = await context.newPage()
    await page.goto('/home')
    await waitLive(page)
    await openComposer(page)
    const dialog = page.getByRole('dialog', { name: 'New Post' })
    await dialog.getByRole('textbox', { name: 'Post text' }).fill('Which map first?')
    await dialog.getByRole('button', { name: 'Add a poll' }).click()
    // Focus lands in the first option; images are not offered beside a poll.
    await expect(dialog.getByRole('textbox', { name: 'Option 1' })).toBeFocused()
    await expect(dialog.getByRole('button', { name: 'Add images' })).toHaveCount(0)
    await page.keyboard.type('Dust')
    await page.keyboard.press('Tab')
    await page.keyboard.type('dust ')
    await expect(dialog.getByText('This is the same as another option.')).toBeVisible()
    await expect(dialog.getByRole('textbox', { name: 'Option 2' })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    await dialog.getByRole('button', { name: 'Add an option' }).click()
    await dialog.getByRole('button', { name: 'Post' }).click()
    await expect(dialog.getByText('Check the poll’s options', { exact: false })).toBeVisible()
    await expect(dialog.getByText('Write something here, or remove this option.')).toBeVisible()
    await dialog.getByRole('button', { name: 'Remove option 3' }).click()
    await dialog.getByRole('textbox', { name: 'Option 2' }).fill('Inferno')
    // From 5 minutes to 7 days.
    const length = dialog.getByRole('combobox', { name: 'Poll length' })
    await expect(length.getByRole('option')).toHaveText([
      '5 minutes',
      '15 minutes',
      '30 minutes',
      '1 hour',
      '6 hours',
      '1 day',
      '3 days',
      '7 days',
    ])
    await length.selectOption({ label: '5 minutes' })
    await dialog.getByRole('button', { name: 'Post' }).click()
    await expect(dialog).toHaveCount(0)
    const card = page.getByRole('article').filter({ hasText: 'Which map first?' }).first()
    await expect(card.getByRole('group', { name: 'Poll' })).toContainText(/[45] minutes left/)
    await expect(card.getByRole('group', { name: 'Poll' })).toContainText('Inferno')
    await context.close()
  })

  test(`@ and # suggest people and tags in the composer and the comment box (${name})`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    const stem = `ac${Date.now().toString(36)}`
    const me = await apiUser(request, uniqueName('typist'))
    const friend = await apiUser(request, `${stem}_${'f'.repeat(30)}`.slice(0, 30))
    const other = await apiUser(request, `${stem}_a_stranger`)
    await apiCall(request, me.token, `/users/follow/${friend.id}`)
    const tag = `${stem}tag`
    const postId = await pollPost(request, other, ['yes', 'no'], `#${tag} once`)
    const context = await signedInContext(browser, demoUrl, me, { viewport })
    const page = await context.newPage()
    await page.goto('/home')
    await openComposer(page)
    const box = page.getByRole('dialog', { name: 'New Post' }).getByRole('textbox', {
      name: 'Post text',
    })
    await box.pressSequentially(`gg @${stem}`)
    const list = page.getByRole('listbox', { name: 'People' })
    // The one followed comes first, though the other sorts first by name.
    await expect(list.getByRole('option')).toHaveText([
      new RegExp(`@${friend.username}`),
      new RegExp(`@${other.username}`),
    ])
    const box390 = await list.boundingBox()
    expect(box390 && box390.x >= 0 && box390.x + box390.width <= viewport.width).toBe(true)
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('Enter')
    await expect(box).toHaveValue(`gg @${friend.username} `)
    await page.keyboard.type(`and #${stem}`)
    await page.getByRole('listbox', { name: 'Tags' }).getByRole('option').first().click()
    await expect(box).toHaveValue(`gg @${friend.username} and #${tag} `)

    // The comment box too; Escape closes the list and keeps the text.
    await page.goto(`/post/${postId}`)
    const comment = page.getByRole('textbox', { name: 'Write a comment' })
    await comment.pressSequentially(`@${stem}_a`)
    await expect(page.getByRole('listbox', { name: 'People' }).getByRole('option')).toHaveCount(1)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('listbox')).toHaveCount(0)
    await expect(comment).toHaveValue(`@${stem}_a`)
    await context.close()
  })
}

for (const size of sizes()) {
  test(`polls and suggestions look right on the ${size.name}, in both themes`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    test.setTimeout(150_000)
    const author = await apiUser(request, longName('pollhost'))
    const voter = await apiUser(request, longName('voter'))
    const postId = await pollPost(request, author, [
      'Saturday at the LAN',
      LONG_OPTION,
      'Sunday, after the finals',
    ])
    const context = await signedInContext(browser, demoUrl, voter, { viewport: size.viewport })
    const page = await context.newPage()
    /** The screen in both themes: checked by axe as `what`, and photographed. */
    const shot = async (screen: string, what: string) => {
      await waitForQuietNetwork(page)
      await expectNoSidewaysScroll(page)
      await checkInBothThemes(page, size, { shot: `polls-${screen}`, what })
    }
    await page.goto(`/post/${postId}`)
    await expect(pollOf(page).getByRole('button', { name: LONG_OPTION })).toBeVisible()
    await shot('before-vote', `a post with a poll`)
    await pollOf(page).getByRole('button', { name: LONG_OPTION }).click()
    await expect(pollOf(page)).toContainText('your vote')
    await shot('results', `a poll's results`)
    // The author's own poll, in their feed, results and options together.
    const authorContext = await signedInContext(browser, demoUrl, author, {
      viewport: size.viewport,
    })
    const authorPage = await authorContext.newPage()
    await authorPage.goto(`/${author.username}`)
    const own = authorPage.getByRole('article').filter({ hasText: 'Who’s in Saturday?' }).first()
    await own.getByRole('button', { name: /^Sunday, after the finals/ }).click()
    await expect(own.getByRole('button', { name: /\(your vote\)/ })).toBeVisible()
    await waitForQuietNetwork(authorPage)
    await expectNoSidewaysScroll(authorPage)
    await checkInBothThemes(authorPage, size, {
      shot: `polls-own`,
      what: `the author's own poll, voted`,
    })
    await authorContext.close()

    // The suggestion list, open in the comment box, with a 30-character name in it.
    const comment = page.getByRole('textbox', { name: 'Write a comment' })
    await comment.pressSequentially(`@${author.username.slice(0, 6)}`)
    await expect(page.getByRole('listbox', { name: 'People' })).toBeVisible()
    await shot('suggestions', `the suggestion list`)

    // The composer with a poll being written.
    await page.keyboard.press('Escape')
    await openComposer(page)
    const dialog = page.getByRole('dialog', { name: 'New Post' })
    await dialog.getByRole('textbox', { name: 'Post text' }).fill('Which day?')
    await dialog.getByRole('button', { name: 'Add a poll' }).click()
    await dialog.getByRole('textbox', { name: 'Option 1' }).fill(LONG_OPTION)
    await dialog.getByRole('textbox', { name: 'Option 2' }).fill(LONG_OPTION.toLowerCase())
    await shot('composer', `the poll editor`)
    await context.close()
  })
}
