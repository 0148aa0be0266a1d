/**
 * Replies in threads and text in its own direction, two users at once,
 * on a desktop and a 390 px phone: a reply written in the app shows in its thread for its writer
 * and live for the other user; "X replied to your comment" leads to the reply, highlighted and
 * focused; a deep link survives a reload and loads a reply deep in a long thread; "Show N more
 * replies"; a deleted comment keeps its replies under "Deleted comment"; right-to-left text with
 * a mention and a tag in the middle. axe on the post page with threads.
 */
import type { Page } from '@playwright/test'
import { expectNoSeriousViolations } from './axe'
import { expect, test } from './fixtures'
import { longName, waitForQuietNetwork } from './helpers'
import { DESKTOP, PHONE, expectNoSidewaysScroll } from './looks'
import { apiCall, apiPost, apiUser, signedInContext } from './notify-helpers'
import { apiComment } from './thread-helpers'

const HEBREW = (mention: string, tag: string) => `מי בא בשבת? @${mention} אמר כן #${tag} נתראה`
const ARABIC = (mention: string, tag: string) => `من سيأتي السبت؟ @${mention} قال نعم #${tag} نراكم`

const replies = (page: Page, username: string) =>
  page.getByRole('list', { name: `Replies to ${username}` })

for (const size of [
  { name: 'desktop', viewport: DESKTOP },
  { name: 'phone', viewport: PHONE },
]) {
  test(`replies in threads between two users on a ${size.name}`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    test.setTimeout(120_000)
    const tag = `lan_${Date.now().toString(36)}`
    const ana = await apiUser(request, longName('ana'))
    const ben = await apiUser(request, longName('ben'))
    const postId = await apiPost(request, ana.token, `Who is in on Saturday? #${tag}`)
    await apiComment(request, ben, postId, `I am ${'Unbreakable'.repeat(6)}`)

    const anaContext = await signedInContext(browser, demoUrl, ana, { viewport: size.viewport })
    const benContext = await signedInContext(browser, demoUrl, ben, { viewport: size.viewport })
    const anaPage = await anaContext.newPage()
    const benPage = await benContext.newPage()
    await benPage.goto(`/post/${postId}`)
    await anaPage.goto(`/post/${postId}`)
    await expect(
      anaPage.getByRole('listitem', { name: `Comment by ${ben.username}` }),
    ).toBeVisible()
    await waitForQuietNetwork(benPage)

    // Ana answers Ben in Hebrew, with a mention of Ben and a tag in the middle.
    await anaPage.getByRole('button', { name: `Reply to ${ben.username}` }).click()
    const box = anaPage.getByRole('textbox', { name: `Write a reply to ${ben.username}` })
    await expect(box).toBeFocused()
    await expect(box).toHaveAttribute('dir', 'auto')
    const text = HEBREW(ben.username, tag)
    await box.fill(text)
    await anaPage.getByRole('button', { name: 'Reply', exact: true }).click()
    await expect(box).toBeHidden()
    const mine = replies(anaPage, ben.username).getByRole('listitem', {
      name: `Reply by ${ana.username}`,
    })
    await expect(mine).toContainText('Replying to')
    const paragraph = mine.locator('p.comment-text')
    await expect(paragraph).toHaveText(text)
    await expect(paragraph).toHaveAttribute('dir', 'auto')
    // Laid out right to left: the text ends at the left, the mention stays between its words.
    const direction = await paragraph.evaluate((p) => getComputedStyle(p).direction)
    expect(direction).toBe('rtl')
    await expect(paragraph.locator('bdi')).toHaveText([`@${ben.username}`, `#${tag}`])
    await expectNoSidewaysScroll(anaPage)

    // Ben sees it arrive live, in the thread, and counted on the post.
    await expect(
      replies(benPage, ben.username).getByRole('listitem', { name: `Reply by ${ana.username}` }),
    ).toBeVisible()
    await expect(benPage.getByRole('link', { name: 'Comments, 2' })).toBeVisible()
    await expect(anaPage.getByRole('link', { name: 'Comments, 2' })).toBeVisible()

    // The reply names Ben: one notification, the mention (docs/API.md, "Notifications"), which
    // leads Ben to the reply, highlighted and focused.
    await benPage.goto('/notifications')
    const entry = benPage.getByRole('main').locator('li.notification').first()
    await expect(entry).toContainText(`${ana.username} mentioned you in a comment`)
    await expect(benPage.getByRole('main').locator('li.notification')).toHaveCount(1)
    await entry.getByRole('link').last().click()
    await expect(benPage).toHaveURL(/\?comment=\d+$/)
    const linked = benPage.locator('li.comment.highlighted')
    await expect(linked).toContainText(text)
    await expect(linked).toBeFocused()

    await anaContext.close()
    await benContext.close()
  })
}

test('a deep link loads a reply deep in a long thread, after a reload too; more replies page in', async ({
  browser,
  request,
  demoUrl,
}) => {
  test.setTimeout(120_000)
  const ana = await apiUser(request, longName('ana'))
  const ben = await apiUser(request, longName('ben'))
  const postId = await apiPost(request, ana.token, 'A long thread')
  const root = await apiComment(request, ben, postId, 'Root of the thread')
  const ids: string[] = []
  for (let n = 1; n <= 9; n += 1) {
    ids.push(await apiComment(request, n % 2 ? ana : ben, postId, `Reply number ${n}`, root))
  }
  // Newer top-level comments push the thread down the page.
  for (let n = 1; n <= 6; n += 1) await apiComment(request, ana, postId, `Later comment ${n}`)

  const context = await signedInContext(browser, demoUrl, ana)
  const page = await context.newPage()
  await page.goto(`/post/${postId}?comment=${ids[7]}`)
  const linked = page.locator(`#comment-${ids[7]}`)
  await expect(linked).toHaveClass(/highlighted/)
  await expect(linked).toContainText('Reply number 8')
  await expect(linked).toBeFocused()
  await expect(linked).toBeInViewport()
  await page.reload()
  await expect(page.locator(`#comment-${ids[7]}`)).toHaveClass(/highlighted/)
  await expect(page.locator(`#comment-${ids[7]}`)).toBeInViewport()

  // Without the link: the first three, then the rest on request.
  await page.goto(`/post/${postId}`)
  const thread = replies(page, ben.username)
  await expect(thread.getByRole('listitem')).toHaveCount(3)
  await page.getByRole('button', { name: 'Show 6 more replies' }).click()
  await expect(thread.getByRole('listitem')).toHaveCount(9)
  await expect(thread.getByRole('listitem').last()).toContainText('Reply number 9')

  // A link to a comment that is gone says so.
  await page.goto(`/post/${postId}?comment=99999999`)
  await expect(page.getByText('Comment not found.')).toBeVisible()
  await context.close()
})

test('a deleted comment keeps its replies under a placeholder; axe on threads', async ({
  browser,
  request,
  demoUrl,
}) => {
  test.setTimeout(120_000)
  const ana = await apiUser(request, longName('ana'))
  const ben = await apiUser(request, longName('ben'))
  const tag = `lan_${Date.now().toString(36)}`
  const postId = await apiPost(request, ana.token, ARABIC(ben.username, tag))
  const root = await apiComment(request, ben, postId, 'Soon deleted')
  const kept = await apiComment(request, ana, postId, ARABIC(ben.username, tag), root)
  await apiCall(request, ben.token, `/comments/delete/${postId}/${root}`)

  const context = await signedInContext(browser, demoUrl, ana)
  const page = await context.newPage()
  await page.goto(`/post/${postId}`)
  await expect(page.getByText('Deleted comment')).toBeVisible()
  await expect(
    replies(page, ben.username).getByRole('listitem', { name: `Reply by ${ana.username}` }),
  ).toBeVisible()
  await expect(page.locator('article p.post-content')).toHaveAttribute('dir', 'auto')
  await expectNoSeriousViolations(page, 'post page with threads')
  await context.close()

  // The dark theme and the phone: contrast of the thread's lines, highlights and placeholder.
  const reply = await apiComment(request, ben, postId, 'A linked reply', kept)
  for (const look of [
    { theme: 'dark', viewport: DESKTOP },
    { theme: 'light', viewport: PHONE },
    { theme: 'dark', viewport: PHONE },
  ]) {
    const other = await signedInContext(browser, demoUrl, ana, look)
    const otherPage = await other.newPage()
    await otherPage.goto(`/post/${postId}?comment=${reply}`)
    await expect(otherPage.locator(`#comment-${reply}`)).toHaveClass(/highlighted/)
    await expectNoSeriousViolations(otherPage, `threads, ${look.theme}, ${look.viewport.width}`, {
      scope: 'contrast only',
    })
    await other.close()
  }
})
