import { expect, test } from './fixtures'
import type { Page } from '@playwright/test'
import {
  expectPostPage,
  login,
  signup,
  TINY_PNG,
  toast,
  uniqueName,
  loginDemoViaApi,
} from './helpers'

const bodyOverflow = (page: Page) => page.evaluate(() => document.body.style.overflow)

test('the whole journey of a new player', async ({ page }) => {
  test.setTimeout(180_000)
  const name = uniqueName('journey')
  const password = 'journey-pass-1'
  const postText = `First post from ${name}: GG everyone`

  await test.step('sign up and see the empty feed', async () => {
    await signup(page, name, password)
    await expect(page.getByText('Follow some people to get started')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Some amazing people' })).toBeVisible()
  })

  await test.step('own profile starts empty', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Profile' })
      .click()
    await expect(page).toHaveURL(new RegExp(`/${name}$`))
    await expect(page.getByRole('heading', { name })).toBeVisible()
    await expect(page.getByText('No posts yet...')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: /^Follow/ })).toHaveCount(0)
  })

  await test.step('write a post in the New Post modal', async () => {
    await page.getByRole('button', { name: 'New Post' }).click()
    const dialog = page.getByRole('dialog', { name: 'New Post' })
    await expect(dialog).toBeVisible()
    expect(await bodyOverflow(page)).toBe('hidden')
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    expect(await bodyOverflow(page)).toBe('')

    await page.getByRole('button', { name: 'New Post' }).click()
    await expect(dialog.getByRole('button', { name: 'Post' })).toBeDisabled()
    await dialog.getByPlaceholder('enter a text').fill('x'.repeat(1001))
    await expect(dialog.getByText('1001 / 1000')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Post' })).toBeDisabled()
    await dialog.getByPlaceholder('enter a text').fill(postText)
    await dialog.getByRole('button', { name: 'Post' }).click()
    await expect(dialog).toHaveCount(0)
    expect(await bodyOverflow(page)).toBe('')
    await expect(page.getByText(postText)).toBeVisible()
    await expect(page.getByText('No posts yet...')).toHaveCount(0)
  })

  const myPost = page.getByRole('article', { name: `Post by ${name}` }).first()

  await test.step('edit the post in a prefilled modal', async () => {
    await myPost.getByRole('button', { name: 'Edit post' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Post' })
    await expect(dialog.getByRole('textbox')).toHaveValue(postText)
    await dialog.getByRole('textbox').fill(`${postText} (edited)`)
    await dialog.getByRole('textbox').press('Control+Enter')
    await expect(dialog).toHaveCount(0)
    await expect(myPost.getByText(`${postText} (edited)`)).toBeVisible()
  })

  await test.step('like and unlike', async () => {
    const like = myPost.getByRole('button', { name: 'Like' })
    await expect(like).toHaveAttribute('aria-pressed', 'false')
    await like.click()
    const unlike = myPost.getByRole('button', { name: 'Unlike' })
    await expect(unlike).toHaveAttribute('aria-pressed', 'true')
    await expect(unlike).toContainText('1')
    await unlike.click()
    await expect(myPost.getByRole('button', { name: 'Like' })).toContainText('0')
  })

  await test.step('bookmark, see it saved, remove it', async () => {
    await myPost.getByRole('button', { name: 'Bookmark' }).click()
    await expect(myPost.getByRole('button', { name: 'Remove bookmark' })).toBeVisible()
    await page.getByRole('link', { name: 'Bookmarked' }).click()
    await expect(page.getByRole('heading', { name: 'Saved Posts' })).toBeVisible()
    const saved = page.getByRole('article', { name: `Post by ${name}` })
    await expect(saved).toBeVisible()
    await saved.getByRole('button', { name: 'Remove bookmark' }).click()
    await expect(page.getByText('Nothing is here ...')).toBeVisible()
  })

  await test.step('comment, edit, vote and delete on the post page', async () => {
    await page.getByRole('link', { name: 'Profile' }).first().click()
    await page
      .getByRole('article', { name: `Post by ${name}` })
      .first()
      .getByRole('link', { name: /^Comments/ })
      .click()
    await expect(page).toHaveURL(/\/post\//)
    await page.getByPlaceholder('For comment').fill('Nice one, me')
    await page.getByRole('button', { name: 'Comment', exact: true }).click()
    const comment = page.getByRole('listitem', { name: `Comment by ${name}` })
    await expect(comment.getByText('Nice one, me')).toBeVisible()
    await expect(page.getByPlaceholder('For comment')).toHaveValue('')

    await comment.getByRole('button', { name: 'Edit comment' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Comment' })
    await expect(dialog.getByRole('textbox')).toHaveValue('Nice one, me')
    expect(await bodyOverflow(page)).toBe('hidden')
    await dialog.getByRole('textbox').fill('Nice one, edited')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(comment.getByText('Nice one, edited')).toBeVisible()
    // The edit can reach the list (its live event) before the dialog closes and gives the page
    // its scrolling back.
    await expect(dialog).toHaveCount(0)
    expect(await bodyOverflow(page)).toBe('')

    await comment.getByRole('button', { name: 'Upvote' }).click()
    await expect(comment.getByRole('button', { name: 'Upvote' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(comment.getByRole('button', { name: 'Upvote' })).toContainText('1')
    await comment.getByRole('button', { name: 'Downvote' }).click()
    await expect(comment.getByRole('button', { name: 'Downvote' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(comment.getByRole('button', { name: 'Upvote' })).toContainText('0')

    await comment.getByRole('button', { name: 'Delete comment' }).click()
    await expect(toast(page, 'Comment Has been deleted')).toBeVisible()
    await expect(comment).toHaveCount(0)
  })

  await test.step('edit the bio and upload a picture', async () => {
    await page.getByRole('link', { name: 'Profile' }).first().click()
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' })
    await expect(dialog.getByRole('textbox', { name: 'Bio' })).toHaveValue('')
    await dialog.getByRole('textbox', { name: 'Bio' }).fill('Support main. Ranked grinder.')
    await dialog.getByRole('button', { name: 'Save' }).click()
    // The dialog closes once the server took it; the live profile edit may show the new bio
    // behind it a moment before.
    await expect(dialog).toHaveCount(0)
    await expect(page.locator('.profile-bio')).toHaveText('Support main. Ranked grinder.')
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    await expect(dialog.getByRole('textbox', { name: 'Bio' })).toHaveValue(
      'Support main. Ranked grinder.',
    )
    await page.keyboard.press('Escape')

    const avatar = page.locator('.profile-avatar img')
    const before = await avatar.getAttribute('src')
    await page.getByLabel('Profile picture file').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    })
    await expect(avatar).not.toHaveAttribute('src', before ?? '')
    await expect(avatar).toHaveAttribute('src', /\/api\/media\//)
    const stored = await page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('user') ?? '{}') as { profileImg?: string }).profileImg,
    )
    expect(stored).toMatch(/^\/api\/media\/|^http/)
  })

  await test.step('search for a user and follow them', async () => {
    const search = page.getByPlaceholder('search for the user')
    await search.fill('zzz_nobody')
    await expect(page.getByText('No user found')).toBeVisible()
    await search.fill('  NOVA')
    await page.getByRole('option', { name: /nova_strike/ }).click()
    await expect(page).toHaveURL(/\/nova_strike$/)
    await expect(page.getByRole('heading', { name: 'nova_strike' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Change profile picture' })).toHaveCount(0)
    const followers = page.locator('.profile-stats li').nth(1)
    await expect(followers).toContainText('Follower')
    const before = Number((await followers.locator('strong').textContent()) ?? 'NaN')
    const follow = page.getByRole('main').getByRole('button', { name: 'Follow nova_strike' })
    await follow.click()
    await expect(
      page.getByRole('main').getByRole('button', { name: 'Following nova_strike' }),
    ).toHaveAttribute('aria-pressed', 'true')
    await expect(followers.locator('strong')).toHaveText(String(before + 1))
  })

  await test.step("another user's post shows no edit or delete", async () => {
    const theirs = page.getByRole('article', { name: 'Post by nova_strike' }).first()
    await expect(theirs).toBeVisible()
    await expect(theirs.getByRole('button', { name: 'Edit post' })).toHaveCount(0)
    await expect(theirs.getByRole('button', { name: 'Delete post' })).toHaveCount(0)
    await theirs.getByRole('link', { name: /^Comments/ }).click()
    // On the post's page itself: counting no Edit buttons on the profile proves nothing.
    await expectPostPage(page)
    await expect(page.getByRole('listitem', { name: /^Comment by / }).first()).toBeVisible()
    await expect(page.getByRole('button', { name: 'Edit comment' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Delete comment' })).toHaveCount(0)
  })

  await test.step('the home feed now has followed posts', async () => {
    await page.getByRole('link', { name: 'Home' }).first().click()
    await expect(page.getByRole('article', { name: 'Post by nova_strike' }).first()).toBeVisible()
    await expect(page.getByRole('article', { name: `Post by ${name}` })).toBeVisible()
    await expect(page.getByRole('article', { name: 'Post by lootgoblin' })).toHaveCount(0)
  })

  await test.step('switch the theme', async () => {
    const before = await page.evaluate(() => document.documentElement.dataset.theme)
    await page.getByRole('button', { name: /Switch to (light|dark) theme/ }).click()
    const after = await page.evaluate(() => document.documentElement.dataset.theme)
    expect(after).not.toBe(before)
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe(after)
    await page.reload()
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(after)
  })

  await test.step('delete the post from its own page', async () => {
    await page
      .getByRole('article', { name: `Post by ${name}` })
      .first()
      .getByRole('link', { name: /^Comments/ })
      .click()
    // Home's cards, each with its own Delete, stay until the post's page is drawn.
    await expectPostPage(page)
    await page.getByRole('button', { name: 'Delete post' }).click()
    // On its own page a delete asks first; Cancel is focused, the safe choice.
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(page).toHaveURL(/\/home$/)
    await expect(toast(page, 'Your post has been deleted')).toBeVisible()
    await expect(page.getByRole('article', { name: `Post by ${name}` })).toHaveCount(0)
  })

  await test.step('log out and log back in', async () => {
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(toast(page, 'You have been logged out')).toBeVisible()
    await expect(page.getByText('Real gaming takes the stage')).toBeVisible({ timeout: 5000 })
    await login(page, name, password)
    await expect(toast(page, 'working')).toBeVisible()
  })
})

test('explore lists all posts and sorts by likes', async ({ page }) => {
  await loginDemoViaApi(page)
  await page.getByRole('link', { name: 'Explore' }).click()
  await expect(page.getByRole('heading', { name: 'Explore New Things...' })).toBeVisible()
  await expect(page.getByRole('article').first()).toBeVisible()
  await page.getByLabel('By like').check()
  const first = page.getByRole('article').first()
  await expect(first.getByRole('button', { name: /^(Like|Unlike),/ })).toContainText('1000')
  const second = page.getByRole('article').nth(1)
  await expect(second.getByRole('button', { name: /^(Like|Unlike),/ })).toContainText('10')
})

test('a post owner may delete anyone’s comment on their post, but edit only their own', async ({
  page,
}) => {
  await loginDemoViaApi(page)
  await page.goto('/player1')
  await page
    .getByRole('article', { name: 'Post by player1' })
    .first()
    .getByRole('link', { name: /^Comments/ })
    .click()
  const others = page
    .getByRole('listitem')
    .filter({ hasNot: page.getByText('player1', { exact: true }) })
  await expect(page.locator('.comment').first()).toBeVisible()
  const count = await page.locator('.comment').count()
  expect(count).toBeGreaterThan(0)
  await expect(page.getByRole('button', { name: 'Delete comment' })).toHaveCount(count)
  await expect(others.getByRole('button', { name: 'Edit comment' })).toHaveCount(0)
})

test('relative times carry the full time on hover', async ({ page }) => {
  await loginDemoViaApi(page)
  const time = page.getByRole('article').first().locator('time')
  await expect(time).toHaveText(/^(now|\d+[mhd]|[A-Z][a-z]{2} \d+(, \d{4})?)$/)
  await time.hover()
  await expect(time).toHaveAttribute('title', /\d{4}/)
})
