/**
 * Notifications, @mentions and #tags in the built app (docs/API.md "Notifications" and
 * "Mentions and tags"): two players in two browser contexts, the bell's badge, the grouped
 * /notifications page, and the links a post's text becomes. axe on them: notifications-a11y.ts.
 */
import { expect, test } from './fixtures'
import { longName, uniqueName, signupViaApi } from './helpers'
import {
  apiCall,
  apiPost,
  apiUser,
  bell,
  entries,
  signedInContext,
  type ApiUser,
} from './notify-helpers'

test('a like, a comment, a follow and a mention reach the other player, grouped and linked', async ({
  browser,
  request,
  demoUrl,
}) => {
  test.setTimeout(120_000)
  const tag = `lan_${Date.now().toString(36)}`
  const nameB = longName('bee')
  const nameA = uniqueName('ay')
  const contextB = await browser.newContext({ baseURL: demoUrl })
  const contextA = await browser.newContext({ baseURL: demoUrl })
  const pageB = await contextB.newPage()
  const pageA = await contextA.newPage()

  await signupViaApi(pageB, nameB)
  await expect(bell(pageB)).toHaveAccessibleName('Notifications')
  // B's live stream is up: from here on B's page is never reloaded until the badge has risen.
  await expect(pageB.locator('html')).toHaveAttribute('data-live', 'live')
  const tokenB = (await pageB.evaluate(() => localStorage.getItem('token'))) ?? ''
  const postId = await apiPost(request, tokenB, `Ranked tonight, who is in? #${tag}`)
  // A third player liked it first: the page groups both likes.
  const carol = await apiUser(request, uniqueName('cee'))
  await apiCall(request, carol.token, `/posts/like/${postId}`)

  await signupViaApi(pageA, nameA)
  await test.step('A likes and comments on B’s post, follows B and mentions B', async () => {
    await pageA.goto(`/post/${postId}`)
    const post = pageA.getByRole('article', { name: `Post by ${nameB}` })
    await post.getByRole('button', { name: /^Like,/ }).click()
    await expect(post.getByRole('button', { name: /^Unlike,/ })).toBeVisible()
    await pageA.getByRole('textbox', { name: 'Write a comment' }).fill('Count me in')
    await pageA.getByRole('button', { name: 'Comment', exact: true }).click()
    await expect(pageA.getByRole('listitem', { name: `Comment by ${nameA}` })).toBeVisible()
    await pageA.goto(`/${nameB}`)
    await pageA
      .getByRole('main')
      .getByRole('button', { name: `Follow ${nameB}` })
      .click()
    await expect(
      pageA.getByRole('main').getByRole('button', { name: `Following ${nameB}` }),
    ).toBeVisible()
    await pageA
      .getByRole('button', { name: /^New post$/i })
      .filter({ visible: true })
      .first()
      .click()
    await pageA
      .getByRole('textbox', { name: 'Post text' })
      .fill(`gg @${nameB} and @nobody_at_all #${tag} https://example.com/lan`)
    await pageA.getByRole('dialog').getByRole('button', { name: 'Post' }).click()
    await expect(pageA.getByRole('dialog')).toHaveCount(0)
  })

  await test.step('B’s badge counts all five without a reload, and after one', async () => {
    await expect(pageB).toHaveURL(/\/home$/)
    await expect(bell(pageB)).toHaveAccessibleName('Notifications, 5 unread')
    await expect(bell(pageB).getByTestId('bell-badge')).toHaveText('5')
    await pageB.reload()
    await expect(bell(pageB)).toHaveAccessibleName('Notifications, 5 unread')
  })

  await test.step('B opens the page: grouped, newest first, new ones marked, badge cleared', async () => {
    await bell(pageB).click()
    await expect(pageB).toHaveURL(/\/notifications$/)
    await expect(pageB).toHaveTitle('Notifications · Gamerstage')
    await expect(pageB.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
    await expect(entries(pageB)).toHaveText([
      new RegExp(`^New: ${nameA} mentioned you in a post`),
      new RegExp(`^New: ${nameA} followed you`),
      new RegExp(`^New: ${nameA} commented on your post`),
      new RegExp(`^New: ${nameA} and ${carol.username} liked your post`),
    ])
    await expect(entries(pageB).filter({ has: pageB.locator('.unread-dot') })).toHaveCount(4)
    await expect(bell(pageB)).toHaveAccessibleName('Notifications')
    await expect(bell(pageB).getByTestId('bell-badge')).toHaveCount(0)

    const like = entries(pageB).nth(3)
    await expect(like.getByRole('link', { name: /Ranked tonight/ })).toHaveAttribute(
      'href',
      `/post/${postId}`,
    )
    await expect(like.getByRole('link', { name: carol.username })).toHaveAttribute(
      'href',
      `/${carol.username}`,
    )
    // threads: a comment's notification links to the comment itself (a deep link)
    await expect(entries(pageB).nth(2).getByRole('link', { name: 'Count me in' })).toHaveAttribute(
      'href',
      new RegExp(`^/post/${postId}\\?comment=\\d+$`),
    )
    await entries(pageB).nth(1).getByRole('link', { name: nameA }).click()
    await expect(pageB).toHaveURL(new RegExp(`/${nameA}$`))
    await expect(pageB.getByRole('heading', { name: nameA })).toBeVisible()
  })

  await test.step('seen ones are no longer new when the page opens again', async () => {
    await pageB.goto('/notifications')
    await expect(entries(pageB)).toHaveCount(4)
    await expect(pageB.locator('li.notification.unread')).toHaveCount(0)
    await expect(bell(pageB)).toHaveAccessibleName('Notifications')
  })

  await test.step('the mention leads to the post, whose mention and tag are links', async () => {
    await entries(pageB).first().getByRole('link', { name: /^gg @/ }).click()
    await expect(pageB).toHaveURL(/\/post\/\d+$/)
    const post = pageB.getByRole('article', { name: `Post by ${nameA}` })
    await expect(post.getByRole('link', { name: 'https://example.com/lan' })).toHaveAttribute(
      'target',
      '_blank',
    )
    // Only existing users are links: nobody_at_all stays text.
    await expect(post.getByRole('link', { name: '@nobody_at_all' })).toHaveCount(0)
    await expect(post.locator('.post-content')).toHaveText(
      `gg @${nameB} and @nobody_at_all #${tag} https://example.com/lan`,
    )
    await post.getByRole('link', { name: `@${nameB}` }).click()
    await expect(pageB).toHaveURL(new RegExp(`/${nameB}$`))
    await pageB.goBack()
    await pageB
      .getByRole('article', { name: `Post by ${nameA}` })
      .getByRole('link', { name: `#${tag}` })
      .click()
    await expect(pageB).toHaveURL(new RegExp(`/tags/${tag}$`))
    await expect(pageB).toHaveTitle(`#${tag} · Gamerstage`)
    await expect(pageB.getByRole('article')).toHaveCount(2)
    await pageB.reload()
    await expect(pageB.getByRole('heading', { level: 1, name: `#${tag}` })).toBeVisible()
    await expect(pageB.getByRole('article')).toHaveCount(2)
  })

  await contextA.close()
  await contextB.close()
})

test('the badge rises without reloading when the other player acts', async ({
  browser,
  request,
  demoUrl,
}) => {
  const author = await apiUser(request, longName('live'))
  const fan = await apiUser(request)
  const postId = await apiPost(request, author.token, 'Watch my badge')
  const context = await signedInContext(browser, demoUrl, author)
  const page = await context.newPage()
  await page.goto('/home')
  await expect(bell(page)).toHaveAccessibleName('Notifications')
  await expect(page.locator('html')).toHaveAttribute('data-live', 'live')
  await apiCall(request, fan.token, `/posts/like/${postId}`)
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread')
  await apiCall(request, fan.token, `/users/follow/${author.id}`)
  await expect(bell(page).getByTestId('bell-badge')).toHaveText('2')
  // An undone like takes its notification with it.
  await apiCall(request, fan.token, `/posts/dislike/${postId}`)
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread')
  // Read in another window: this one's badge drops too.
  await apiCall(request, author.token, '/notifications/read')
  await expect(bell(page).getByTestId('bell-badge')).toHaveCount(0)

  // On the open page a new notification joins the top, and counts as seen at once.
  await bell(page).click()
  await expect(entries(page)).toHaveText([/followed you/])
  await apiPost(request, fan.token, `live @${author.username}`)
  await expect(entries(page)).toHaveText([/^New: .*mentioned you in a post/, /followed you/])
  await expect(bell(page)).toHaveAccessibleName('Notifications')
  await expect
    .poll(async () => {
      const answer = await request.get(`${demoUrl}/api/notifications/unread-count`, {
        headers: { authorization: author.token },
      })
      return ((await answer.json()) as { unreadCount: number }).unreadCount
    })
    .toBe(0)
  await context.close()
})

test('many likers fold into "and N others", which the keyboard unfolds; pages load on scroll', async ({
  browser,
  request,
  demoUrl,
}) => {
  test.setTimeout(120_000)
  const author = await apiUser(request, longName('fold'))
  const postId = await apiPost(request, author.token, `Clutch ${'Unbreakable'.repeat(10)}`)
  const likers: ApiUser[] = []
  for (let index = 0; index < 4; index += 1) likers.push(await apiUser(request))
  for (const liker of likers) await apiCall(request, liker.token, `/posts/like/${postId}`)
  // 24 mentions: never grouped, so more than a page of entries.
  const talker = likers[0] as ApiUser
  for (let index = 0; index < 24; index += 1) {
    await apiPost(request, talker.token, `mention ${index} @${author.username}`)
  }

  const context = await signedInContext(browser, demoUrl, author)
  const page = await context.newPage()
  await page.goto('/home')
  await expect(bell(page).getByTestId('bell-badge')).toHaveText('9+')
  await expect(bell(page)).toHaveAccessibleName('Notifications, 28 unread')
  await bell(page).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/notifications$/)
  // The first page holds 20 mentions; the likes come with the next one.
  await expect(entries(page)).toHaveCount(20)
  await page
    .getByText("You're all caught up")
    .or(page.locator('.load-more'))
    .scrollIntoViewIfNeeded()
  await expect(entries(page)).toHaveCount(25)
  await expect(page.getByText("You're all caught up")).toBeVisible()
  const liked = entries(page).last()
  const newest = likers[3] as ApiUser
  await expect(liked).toContainText(`${newest.username} and 3 others liked your post`)
  const others = liked.getByRole('button', { name: '3 others' })
  await expect(others).toHaveAttribute('aria-expanded', 'false')
  await others.focus()
  await page.keyboard.press('Enter')
  await expect(others).toHaveAttribute('aria-expanded', 'true')
  const everyone = liked.getByRole('list', { name: 'Everyone who liked your post' })
  await expect(everyone.getByRole('link')).toHaveText(
    likers
      .slice(0, 3)
      .reverse()
      .map((liker) => liker.username),
  )
  // Everything shown was marked read, up to the newest: the badge is gone.
  await expect(bell(page).getByTestId('bell-badge')).toHaveCount(0)
  const count = await page.request.get(`${demoUrl}/api/notifications/unread-count`, {
    headers: { authorization: author.token },
  })
  expect(await count.json()).toEqual({ unreadCount: 0 })
  await context.close()
})

test('a tag page opens fresh and after a reload, and says so for an empty or a bad tag', async ({
  browser,
  request,
  demoUrl,
}) => {
  const tag = `Fresh_${Date.now().toString(36)}`
  const writer = await apiUser(request)
  await apiPost(request, writer.token, `first #${tag}`)
  await apiPost(request, writer.token, `second #${tag.toLowerCase()} and #other`)
  const context = await signedInContext(browser, demoUrl, writer)
  const page = await context.newPage()
  await page.goto(`/tags/${tag}`)
  await expect(page).toHaveTitle(`#${tag.toLowerCase()} · Gamerstage`)
  await expect(page.getByRole('article')).toHaveText([/second/, /first/])
  await page.reload()
  await expect(page.getByRole('article')).toHaveText([/second/, /first/])
  await page.goto(`/tags/${encodeURIComponent(`#${tag}`)}`)
  await expect(page.getByRole('article')).toHaveCount(2)

  await page.goto('/tags/nobody_used_this_tag')
  await expect(page.getByText('No posts with #nobody_used_this_tag yet')).toBeVisible()
  for (const bad of ['1', '%E0%A4%A', 'no-dash', 'a'.repeat(51)]) {
    await page.goto(`/tags/${bad}`)
    await expect(page.getByText('That is not a hashtag')).toBeVisible()
    await expect(page).toHaveTitle('Tag · Gamerstage')
  }
  await context.close()
})

test('an older server without notifications hides the bell', async ({
  browser,
  request,
  demoUrl,
}) => {
  const who = await apiUser(request)
  const context = await signedInContext(browser, demoUrl, who)
  await context.route('**/api/notifications/unread-count', (route) =>
    route.fulfill({ status: 404, json: { errors: ['Not found.'] } }),
  )
  const page = await context.newPage()
  await page.goto('/home')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('a[data-bell]')).toHaveCount(0)
  await context.close()
})
