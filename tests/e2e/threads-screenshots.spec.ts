/**
 * Screenshots of threads and right-to-left text for a person to look at (GAMERSTAGE_SHOTS=<dir>),
 * in both themes on a desktop and a 390 px phone: a post in Hebrew with a thread of replies in
 * Hebrew and Arabic (a mention and a tag in the middle), 30-character names, a long unbroken
 * word, "Show N more replies", a deleted comment's placeholder, a deep-linked reply highlighted,
 * the reply box open, and a profile with a right-to-left bio and name.
 */
import { expect, test } from './fixtures'
import { longName, waitForQuietNetwork } from './helpers'
import { expectNoSidewaysScroll, looks, shoot, SHOTS_DIR, SHOTS_ONLY_ON_DEMAND } from './looks'
import { apiCall, apiPost, apiUser, signedInContext } from './notify-helpers'
import { apiComment } from './thread-helpers'

test.skip(SHOTS_ONLY_ON_DEMAND.skip, SHOTS_ONLY_ON_DEMAND.reason)

for (const look of looks()) {
  test(`threads and right-to-left text in ${look.name}`, async ({ browser, request, demoUrl }) => {
    test.setTimeout(180_000)
    const tag = `lan_${Date.now().toString(36)}`
    const ana = await apiUser(request, longName('ana'))
    const ben = await apiUser(request, longName('ben'))
    await apiCall(request, ana.token, '/users/edit', {
      userData: {
        firstName: 'דנה',
        lastName: 'כהן',
        bio: `גיימרית מתל אביב, @${ben.username} #${tag}`,
      },
    })
    const postId = await apiPost(
      request,
      ana.token,
      `מי בא בשבת ל-LAN? @${ben.username} אמר כן #${tag} נתראה`,
    )
    const gone = await apiComment(request, ben, postId, 'This one will be deleted')
    await apiComment(request, ana, postId, 'Still here after the comment above went', gone)
    await apiCall(request, ben.token, `/comments/delete/${postId}/${gone}`)
    const root = await apiComment(request, ben, postId, `Count me in ${'Unbreakable'.repeat(8)}`)
    const first = await apiComment(
      request,
      ana,
      postId,
      `מעולה @${ben.username} נתראה ב #${tag} בערב`,
      root,
    )
    const linked = await apiComment(
      request,
      ben,
      postId,
      `من سيأتي السبت؟ @${ana.username} قال نعم #${tag} نراكم`,
      first,
    )
    for (let n = 1; n <= 4; n += 1) {
      await apiComment(request, n % 2 ? ana : ben, postId, `More reply ${n}`, root)
    }

    const context = await signedInContext(browser, demoUrl, ana, {
      theme: look.theme,
      viewport: look.viewport,
    })
    const page = await context.newPage()
    const shot = async (name: string, fullPage = true) => {
      await waitForQuietNetwork(page)
      await expectNoSidewaysScroll(page)
      await shoot(page, { path: `${SHOTS_DIR}/threads-${name}-${look.name}.png`, fullPage })
    }

    await page.goto(`/post/${postId}?comment=${linked}`)
    await expect(page.locator(`#comment-${linked}`)).toHaveClass(/highlighted/)
    await shot('deep-link')

    await page.goto(`/post/${postId}`)
    await expect(page.getByRole('button', { name: 'Show 3 more replies' })).toBeVisible()
    await page
      .getByRole('button', { name: `Reply to ${ben.username}` })
      .first()
      .click()
    await page
      .getByRole('textbox', { name: `Write a reply to ${ben.username}` })
      .fill(`כן! @${ben.username} #${tag}`)
    await shot('reply-box')

    await page.goto(`/${ana.username}`)
    await expect(page.getByText('גיימרית מתל אביב')).toBeVisible()
    await shot('profile-rtl', false)
    await context.close()
  })
}
