import { expect, test } from './fixtures'
import { longName } from './helpers'
import { checkInBothThemes } from './axe'
import { expectNoSidewaysScroll, sizes } from './looks'
import { apiCall, apiPost, apiUser, bell, entries, signedInContext } from './notify-helpers'

/**
 * Screenshots of the bell with its badge, the notifications page (grouped, new and seen, empty),
 * a tag page and a post with a mention, a tag and a link, for a person to look at
 * (GAMERSTAGE_SHOTS=/tmp/shots): 30-character names and a long unbroken word on screen. Each
 * also checks that nothing runs off the side of the page.
 */
for (const size of sizes({ width: 1280, height: 900 })) {
  test(`notifications and tags on the ${size.name}, in both themes`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    test.setTimeout(180_000)
    const tag = `lan_${Date.now().toString(36)}`
    const me = await apiUser(request, longName('me'))
    const fan = await apiUser(request, longName('fan'))
    const friends = [await apiUser(request), await apiUser(request), await apiUser(request)]
    const postId = await apiPost(
      request,
      me.token,
      `Ranked at the LAN party tonight ${'Unbreakable'.repeat(8)} #${tag}`,
    )
    // Seen earlier: a follow, then everything marked read.
    await apiCall(request, fan.token, `/users/follow/${me.id}`)
    await apiCall(request, me.token, '/notifications/read')
    // New: four likes (grouped), a comment, a mention.
    for (const liker of [...friends, fan]) {
      await apiCall(request, liker.token, `/posts/like/${postId}`)
    }
    await apiCall(request, fan.token, `/comments/add/${postId}`, {
      commentData: { text: `Count me in @${me.username} ${'Loooong'.repeat(10)}` },
    })
    const mentionId = await apiPost(
      request,
      fan.token,
      `gg @${me.username} and @nobody_at_all, see https://example.com/lan-party/${'x'.repeat(40)} #${tag} ${'Unbreakable'.repeat(8)}`,
    )

    const context = await signedInContext(browser, demoUrl, me, { viewport: size.viewport })
    const page = await context.newPage()
    const shot = async (screen: string, fullPage = false) => {
      await expectNoSidewaysScroll(page)
      await checkInBothThemes(page, size, { shot: `notify-${screen}`, fullPage })
    }

    await page.goto('/home')
    await expect(bell(page).getByTestId('bell-badge')).toHaveText('6')
    await shot('bell')

    await page.goto('/notifications')
    await expect(entries(page)).toHaveCount(4)
    await expect(page.locator('li.notification.unread')).toHaveCount(3)
    await entries(page).nth(2).getByRole('button', { name: '3 others' }).click()
    await shot('page', true)

    await page.goto(`/post/${mentionId}`)
    await expect(
      page.getByRole('main').getByRole('link', { name: `@${me.username}`, exact: true }),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: /example\.com/ })).toBeVisible()
    await shot('post-mention')

    await page.goto(`/post/${postId}`)
    await expect(page.getByRole('listitem', { name: `Comment by ${fan.username}` })).toBeVisible()
    await shot('post-comment-mention')

    await page.goto(`/tags/${tag}`)
    await expect(page.getByRole('article')).toHaveCount(2)
    await shot('tag')
    await page.goto('/tags/1')
    await expect(page.getByText('That is not a hashtag')).toBeVisible()
    await shot('tag-invalid')
    await context.close()

    const newcomer = await apiUser(request, longName('new'))
    const empty = await signedInContext(browser, demoUrl, newcomer, { viewport: size.viewport })
    const emptyPage = await empty.newPage()
    await emptyPage.goto('/notifications')
    await expect(emptyPage.getByText('No notifications yet…')).toBeVisible()
    await checkInBothThemes(emptyPage, size, { shot: 'notify-empty' })
    await emptyPage.goto('/tags/nobody_used_this')
    await expect(emptyPage.getByText('No posts with #nobody_used_this yet')).toBeVisible()
    await checkInBothThemes(emptyPage, size, { shot: 'notify-tag-empty' })
    await empty.close()
  })
}
