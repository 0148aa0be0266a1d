import type { APIRequestContext, Page } from '@playwright/test'
import type { PostResponse, SignupResponse } from '../../src/shared/api-types'
import { checkInBothThemes } from './axe'
import { expect, test } from './fixtures'
import { longName, signupViaApi, uniqueName } from './helpers'
import { expectNoSidewaysScroll, sizes } from './looks'

/**
 * What someone may not see, they see nowhere: a player blocked by another opens the
 * blocker's post by its link and gets "This post isn't available to you" with no comment box;
 * the blocker's profile shows who they are but no posts, counts or Follow. The blocker, on the
 * blocked player's profile, gets Unblock in place of the posts.
 */

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

/** A blocker with a 30-character name and two posts, who blocked the signed-in viewer. */
async function blockedScene(page: Page) {
  const blocker = await signupApi(page.request, longName('blocker'))
  const mark = `Blocker post ${Date.now().toString(36)}`
  const postId = await postAs(page.request, blocker.encodedToken, `${mark} one`)
  await postAs(page.request, blocker.encodedToken, `${mark} two`)
  const viewer = await signupViaApi(page, uniqueName('blocked'))
  const response = await page.request.post(`/api/users/me/block/${viewer.createdUser._id}`, {
    headers: { authorization: blocker.encodedToken },
    data: {},
  })
  expect(response.status(), await response.text()).toBe(200)
  return { blocker: blocker.createdUser, viewer, mark, postId }
}

test('the blocked player sees the blocker’s post as unavailable and their profile closed', async ({
  page,
}) => {
  const s = await blockedScene(page)
  await page.goto(`/post/${s.postId}`)
  await expect(page.getByText('This post isn’t available to you.')).toBeVisible()
  await expect(page.getByText(s.mark)).toHaveCount(0)
  await expect(page.getByRole('textbox', { name: 'Write a comment' })).toHaveCount(0)

  await page.goto(`/${s.blocker.username}`)
  await expect(page.getByRole('heading', { name: s.blocker.username })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'posts aren’t available' })).toBeVisible()
  await expect(page.getByText(/\d+ Posts?$/)).toHaveCount(0)
  await expect(page.getByText('No posts yet')).toHaveCount(0)
  await expect(page.getByRole('button', { name: `Follow ${s.blocker.username}` })).toHaveCount(0)
  await expect(page.getByText(s.mark)).toHaveCount(0)
})

test('the blocker gets Unblock on the blocked player’s profile, which opens it again', async ({
  page,
}) => {
  const other = await signupApi(page.request, longName('other'))
  await postAs(page.request, other.encodedToken, 'a post of the other player')
  const viewer = await signupViaApi(page, uniqueName('blocker'))
  await page.request.post(`/api/users/me/block/${other.createdUser._id}`, {
    headers: { authorization: viewer.encodedToken },
    data: {},
  })
  await page.goto(`/${other.createdUser.username}`)
  const notice = page.getByRole('status').filter({ hasText: 'You blocked this player' })
  await notice.getByRole('button', { name: 'Unblock' }).click()
  await expect(notice).toHaveCount(0)
  await expect(page.getByText('a post of the other player')).toBeVisible()
  await expect(
    page.getByRole('button', { name: `Follow ${other.createdUser.username}` }),
  ).toBeVisible()
})

for (const size of sizes()) {
  test(`blocked screens on the ${size.name}, in both themes`, async ({ page }) => {
    // One walk, each screen checked in both themes: what two tests of 60 s each did.
    test.setTimeout(120_000)
    await page.setViewportSize(size.viewport)
    const s = await blockedScene(page)
    await page.goto(`/post/${s.postId}`)
    await expect(page.getByText('This post isn’t available to you.')).toBeVisible()
    await expectNoSidewaysScroll(page)
    await checkInBothThemes(page, size, { what: 'an unavailable post', shot: 'blocked-post' })

    await page.goto(`/${s.blocker.username}`)
    await expect(page.getByRole('status').filter({ hasText: 'aren’t available' })).toBeVisible()
    await expectNoSidewaysScroll(page)
    await checkInBothThemes(page, size, {
      what: 'a profile closed by a block',
      shot: 'blocked-profile',
    })
  })
}
