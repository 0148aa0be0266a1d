import type { APIRequestContext, Page } from '@playwright/test'
import type { PostResponse, SignupResponse } from '../../src/shared/api-types'
import { expectNoSeriousViolations, axeScopeFor } from './axe'
import { expect, test } from './fixtures'
import { signupViaApi, toast, uniqueName } from './helpers'
import { expectNoSidewaysScroll, inBothThemes, shoot, SHOTS_DIR, sizes } from './looks'

/**
 * Muting: a player muted for an hour from a post's menu leaves
 * Explore, the tag page and the comments, still shows on their own profile with a notice, is
 * listed on the Account page with the time left, and Unmute brings everything back.
 */

/** A 30-character username, and a long unbroken word for the posts. */
const loudName = () => uniqueName('loud').padEnd(30, 'x').slice(0, 30)
const LONG_WORD = 'Supercalifragilisticexpialidocious'.repeat(3)

async function signupApi(request: APIRequestContext, username: string) {
  const response = await request.post('/api/auth/signup', {
    data: { username, password: 'supersecret1' },
  })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as SignupResponse
}

async function postAs(request: APIRequestContext, token: string, content: string) {
  const response = await request.post('/api/posts', {
    headers: { authorization: token, Prefer: 'return=minimal' },
    data: { postData: { content } },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as PostResponse).post._id
}

async function commentAs(request: APIRequestContext, token: string, postId: string, text: string) {
  const response = await request.post(`/api/comments/add/${postId}`, {
    headers: { authorization: token, Prefer: 'return=minimal' },
    data: { commentData: { text } },
  })
  expect(response.status(), await response.text()).toBe(201)
}

/** A loud player with a tagged post and a comment under the viewer's post; the viewer signed in. */
async function scene(page: Page) {
  const tag = `mute${Date.now().toString(36)}`
  const loud = await signupApi(page.request, loudName())
  const loudMark = `Loud post ${tag}`
  const loudPost = `${loudMark} ${LONG_WORD} #${tag}`
  await postAs(page.request, loud.encodedToken, loudPost)
  const viewer = await signupViaApi(page, uniqueName('muter'))
  const thread = await postAs(page.request, viewer.encodedToken, `My thread #${tag}`)
  await commentAs(page.request, loud.encodedToken, thread, `loud comment ${tag}`)
  return { tag, loud: loud.createdUser, viewer, loudMark, thread }
}

test('mute for an hour from a post menu, gone everywhere but the profile, undone from Account', async ({
  page,
}) => {
  // A long journey: eight pages and three axe checks (over 60 s on a loaded 2-core machine, the
  // old build as well as this one).
  test.setTimeout(120_000)
  const s = await scene(page)
  const name = s.loud.username
  const loudCard = page.getByRole('article').filter({ hasText: s.loudMark })

  await page.goto('/explore')
  await expect(loudCard).toBeVisible()
  await loudCard.getByRole('button', { name: 'More actions for this post' }).click()
  await page.getByRole('menuitem', { name: `Mute ${name}…` }).click()
  const dialog = page.getByRole('dialog', { name: `Mute ${name}?` })
  await expect(dialog.getByLabel('1 day')).toBeFocused()
  await expectNoSeriousViolations(page, 'the mute dialog', { within: '[role="dialog"]' })
  await dialog.getByLabel('1 hour').check()
  await dialog.getByRole('button', { name: 'Mute', exact: true }).click()
  await expect(toast(page, `You muted ${name} for 1 hour`)).toBeVisible()
  await expect(dialog).toHaveCount(0)

  // Gone from Explore at once and after a reload, from the tag page and from the comments.
  await expect(loudCard).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('article').first()).toBeVisible()
  await expect(loudCard).toHaveCount(0)
  await page.goto(`/tags/${s.tag}`)
  await expect(page.getByRole('article').filter({ hasText: `My thread #${s.tag}` })).toBeVisible()
  await expect(loudCard).toHaveCount(0)
  await page.goto(`/post/${s.thread}`)
  await expect(page.getByRole('article').filter({ hasText: `My thread #${s.tag}` })).toBeVisible()
  await expect(page.getByText(`loud comment ${s.tag}`)).toHaveCount(0)

  // Their profile still shows their posts, with a notice and a way back.
  await page.goto(`/${name}`)
  const notice = page.getByRole('status').filter({ hasText: 'You muted this player' })
  await expect(notice).toContainText(/· (59|60) minutes left/)
  await expect(loudCard).toBeVisible()
  await expectNoSeriousViolations(page, 'a muted player’s profile')

  // The Account page lists the mute with its time left; Unmute empties the list.
  await page.goto('/settings')
  const muted = page.getByRole('region', { name: 'Muted' })
  await expect(muted.getByRole('listitem').filter({ hasText: name })).toContainText(
    /(59|60) minutes left/,
  )
  await expect(page.getByRole('region', { name: 'Blocked' })).toContainText(
    'You haven’t blocked anyone.',
  )
  await expectNoSeriousViolations(page, 'the Account page with a mute')
  await muted.getByRole('button', { name: `Unmute ${name}` }).click()
  await expect(toast(page, `You unmuted ${name}`)).toBeVisible()
  await expect(muted).toContainText('You haven’t muted anyone.')

  // Everything is back.
  await page.goto('/explore')
  await expect(loudCard).toBeVisible()
  await page.goto(`/post/${s.thread}`)
  await expect(page.getByText(`loud comment ${s.tag}`)).toBeVisible()
  await page.goto(`/${name}`)
  await expect(page.getByRole('status').filter({ hasText: 'You muted this player' })).toHaveCount(0)
})

test('unmute from the notice on the profile; a block is listed and undone on the Account page', async ({
  page,
}) => {
  const s = await scene(page)
  const name = s.loud.username
  const auth = { authorization: s.viewer.encodedToken }
  await page.request.post(`/api/users/me/mute/${s.loud._id}`, { headers: auth, data: {} })
  await page.goto(`/${name}`)
  const notice = page.getByRole('status').filter({ hasText: 'You muted this player' })
  await expect(notice).toBeVisible()
  await notice.getByRole('button', { name: 'Unmute' }).click()
  await expect(notice).toHaveCount(0)
  await page.goto('/explore')
  await expect(page.getByRole('article').filter({ hasText: s.loudMark })).toBeVisible()

  await page.request.post(`/api/users/me/block/${s.loud._id}`, { headers: auth, data: {} })
  await page.goto('/settings')
  const blocked = page.getByRole('region', { name: 'Blocked' })
  await blocked.getByRole('button', { name: `Unblock ${name}` }).click()
  await expect(blocked).toContainText('You haven’t blocked anyone.')
})

for (const size of sizes()) {
  test(`muting screens on the ${size.name}, in both themes`, async ({ page }) => {
    // One flow and six checks in two themes: what two tests of 60 s each did.
    test.setTimeout(150_000)
    await page.setViewportSize(size.viewport)
    const s = await scene(page)
    const name = s.loud.username
    const auth = { authorization: s.viewer.encodedToken }
    // One timed mute and one for good, and a block, so each list has rows.
    const other = await signupApi(page.request, uniqueName('quiet').padEnd(30, 'q').slice(0, 30))
    await page.request.post(`/api/users/me/block/${other.createdUser._id}`, {
      headers: auth,
      data: {},
    })

    await page.goto('/explore')
    const loudCard = page.getByRole('article').filter({ hasText: s.loudMark })
    await loudCard.getByRole('button', { name: 'More actions for this post' }).click()
    await page.getByRole('menuitem', { name: `Mute ${name}…` }).click()
    await expect(page.getByRole('dialog', { name: `Mute ${name}?` })).toBeVisible()
    await inBothThemes(page, size, async (look) => {
      await expectNoSeriousViolations(page, `the mute dialog (${look.name})`, {
        within: '[role="dialog"]',
        scope: axeScopeFor(look),
      })
      await shoot(page, { path: `${SHOTS_DIR}/mute-dialog-${look.name}.png` })
    })
    await page.getByRole('dialog').getByLabel('1 week').check()
    await page.getByRole('dialog').getByRole('button', { name: 'Mute', exact: true }).click()
    await expect(loudCard).toHaveCount(0)

    await page.goto(`/${name}`)
    await expect(
      page.getByRole('status').filter({ hasText: 'You muted this player' }),
    ).toBeVisible()
    await expect(loudCard).toBeVisible()
    await expectNoSidewaysScroll(page)
    await inBothThemes(page, size, async (look) => {
      await expectNoSeriousViolations(page, `a muted profile (${look.name})`, {
        scope: axeScopeFor(look),
      })
      await shoot(page, { path: `${SHOTS_DIR}/mute-profile-${look.name}.png` })
    })

    await page.goto('/settings')
    await expect(
      page.getByRole('region', { name: 'Muted' }).getByText(/(6|7) days left/),
    ).toBeVisible()
    await expect(page.getByRole('region', { name: 'Blocked' }).getByRole('listitem')).toHaveCount(1)
    await expectNoSidewaysScroll(page)
    await inBothThemes(page, size, async (look) => {
      await expectNoSeriousViolations(page, `the Account lists (${look.name})`, {
        scope: axeScopeFor(look),
      })
      await shoot(page, {
        path: `${SHOTS_DIR}/mute-account-${look.name}.png`,
        fullPage: true,
      })
    })
  })
}
