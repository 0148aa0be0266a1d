import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { expectNoSeriousViolations, axeScopeFor } from './axe'
import { longName, waitForQuietNetwork } from './helpers'
import { applyLook, DESKTOP, expectNoSidewaysScroll, looks, PHONE, shoot, SHOTS_DIR } from './looks'
import { apiCall, apiPost, apiUser, signedInContext } from './notify-helpers'

/**
 * Reposts, quotes and emoji reactions in the app (docs/API.md), two players at once:
 * a repost reaches a follower's home feed live with "X reposted", a reaction's count moves live
 * in the other window, the picker works with the keyboard; then every look (both themes, desktop
 * and a 390 px phone) with a 30-character name and a long unbroken word inside a quote, with axe
 * on the feed holding a quote and on the "Who reacted" dialog, and screenshots to look at.
 */

async function waitLive(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-live', 'live')
}

for (const viewport of [DESKTOP, PHONE]) {
  const size = viewport === PHONE ? 'phone' : 'desktop'
  test(`a repost and a reaction reach the other player live (${size})`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    test.setTimeout(120_000)
    const author = await apiUser(request)
    const sharer = await apiUser(request)
    const reader = await apiUser(request)
    await apiCall(request, reader.token, `/users/follow/${sharer.id}`)
    const text = `clutch round ${Date.now()}`
    const postId = await apiPost(request, author.token, text)
    await apiPost(request, reader.token, 'the reader was here first')

    const sharerContext = await signedInContext(browser, demoUrl, sharer, { viewport })
    const readerContext = await signedInContext(browser, demoUrl, reader, { viewport })
    const sharerPage = await sharerContext.newPage()
    const readerPage = await readerContext.newPage()
    await readerPage.goto('/home')
    await expect(readerPage.getByRole('article').first()).toContainText('the reader was here first')
    await sharerPage.goto(`/post/${postId}`)
    await waitLive(readerPage)
    await waitLive(sharerPage)

    await test.step('the repost shows in the follower’s feed live, with who reposted it', async () => {
      const article = sharerPage.getByRole('article', { name: `Post by ${author.username}` })
      await article.getByRole('button', { name: 'Repost, 0 reposts' }).click()
      await expect(article.getByRole('button', { name: 'Undo repost, 1 repost' })).toBeVisible()
      const pill = readerPage.getByRole('button', { name: '1 new post' })
      await expect(pill).toBeVisible()
      await pill.click()
      const first = readerPage.getByRole('article').first()
      await expect(first).toContainText(text)
      await expect(first.getByText(`${sharer.username} reposted`)).toBeVisible()
      await expect(first.getByRole('button', { name: 'Repost, 1 repost' })).toBeVisible()
    })

    await test.step('a reaction picked with the keyboard moves the count in the other window', async () => {
      const first = readerPage.getByRole('article').first()
      await first.getByRole('button', { name: 'Add a reaction' }).click()
      const menu = readerPage.getByRole('menu', { name: 'Reactions' })
      await expect(menu.getByRole('menuitemcheckbox', { name: 'React with fire' })).toBeFocused()
      await readerPage.keyboard.press('ArrowRight')
      await expect(
        menu.getByRole('menuitemcheckbox', { name: 'React with laughing' }),
      ).toBeFocused()
      await readerPage.keyboard.press('Escape')
      await expect(menu).toHaveCount(0)
      await first.getByRole('button', { name: 'Add a reaction' }).click()
      await readerPage.keyboard.press('Enter')
      await expect(first.getByRole('button', { name: /^fire: 1, including you/ })).toBeVisible()
      const theirs = sharerPage.getByRole('article', { name: `Post by ${author.username}` })
      await expect(theirs.getByRole('button', { name: 'fire: 1. Add yours' })).toBeVisible()
      // Taken back: the chip leaves both windows.
      await first.getByRole('button', { name: /^fire: 1, including you/ }).click()
      await expect(theirs.getByRole('button', { name: /^fire:/ })).toHaveCount(0)
    })
    await sharerContext.close()
    await readerContext.close()
  })
}

for (const look of looks({ width: 1280, height: 900 })) {
  test(`reposts, quotes and reactions look right in ${look.name}`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    test.setTimeout(180_000)
    const me = await apiUser(request, longName('me'))
    const quoter = await apiUser(request, longName('quoter'))
    const author = await apiUser(request, longName('author'))
    const fans = [await apiUser(request), await apiUser(request)]
    await apiCall(request, me.token, `/users/follow/${quoter.id}`)
    const longWord = 'Unbreakable'.repeat(9)
    const original = await apiPost(
      request,
      author.token,
      `Who is in for Saturday? ${longWord} #lan`,
    )
    await apiCall(request, quoter.token, `/posts/${original}/repost`)
    const quote = await request.post('/api/posts', {
      headers: { authorization: quoter.token, prefer: 'return=minimal' },
      data: { postData: { content: `Count me in ${longWord}`, quoteOf: original } },
    })
    expect(quote.status()).toBe(201)
    const quoteId = ((await quote.json()) as { post: { _id: string } }).post._id
    for (const [index, fan] of fans.entries()) {
      for (const reaction of index === 0 ? ['fire', 'gg'] : ['fire']) {
        const put = await request.put(`/api/posts/${quoteId}/reactions/${reaction}`, {
          headers: { authorization: fan.token },
        })
        expect(put.status()).toBe(200)
      }
    }
    // A quote whose original is gone.
    const doomed = await apiPost(request, author.token, 'soon gone')
    await apiPost(request, me.token, 'placeholder')
    const gone = await request.post('/api/posts', {
      headers: { authorization: quoter.token, prefer: 'return=minimal' },
      data: { postData: { content: 'quoting something that goes', quoteOf: doomed } },
    })
    expect(gone.status()).toBe(201)
    expect(
      (
        await request.delete(`/api/posts/${doomed}`, { headers: { authorization: author.token } })
      ).status(),
    ).toBe(200)

    const context = await signedInContext(browser, demoUrl, me, {
      theme: look.theme,
      viewport: look.viewport,
    })
    const page = await context.newPage()
    await applyLook(page, look)
    const shot = async (name: string, fullPage = false) => {
      await waitForQuietNetwork(page)
      await expectNoSidewaysScroll(page)
      await shoot(page, { path: `${SHOTS_DIR}/reposts-${name}-${look.name}.png`, fullPage })
    }
    await page.goto('/home')
    await expect(
      page.getByRole('region', { name: `Quoted post by ${author.username}` }),
    ).toBeVisible()
    await expect(page.getByText(`${quoter.username} reposted`)).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'Post deleted' })).toBeVisible()
    await shot('feed', true)
    await expectNoSeriousViolations(page, `the feed with a quote (${look.name})`, {
      scope: axeScopeFor(look),
    })

    const card = page
      .getByRole('article', { name: `Post by ${quoter.username}` })
      .filter({ hasText: 'Count me in' })
    await expect(card.getByRole('button', { name: 'fire: 2. Add yours' })).toBeVisible()
    await card.getByRole('button', { name: 'Who reacted' }).click()
    const dialog = page.getByRole('dialog', { name: 'Who reacted' })
    await expect(dialog.getByRole('tab', { name: 'fire, 2' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await expect(dialog.getByRole('link', { name: fans[1]?.username ?? '' })).toBeVisible()
    await dialog.getByRole('tab', { name: 'fire, 2' }).press('ArrowRight')
    await expect(dialog.getByRole('tab', { name: 'good game, 1' })).toBeFocused()
    await expect(dialog.getByRole('link')).toHaveCount(1)
    await shot('who-reacted')
    await expectNoSeriousViolations(page, `the who-reacted dialog (${look.name})`, {
      scope: axeScopeFor(look),
      within: '[role="dialog"]',
    })
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)

    // The repost count of the reposted original opens who reposted it.
    const originalCard = page
      .getByRole('article', { name: `Post by ${author.username}` })
      .filter({ hasText: 'Who is in for Saturday?' })
      .first()
    await originalCard.getByRole('button', { name: 'Who reposted: 1 repost' }).click()
    const reposters = page.getByRole('dialog', { name: 'Who reposted' })
    await expect(reposters.getByRole('link', { name: quoter.username })).toBeVisible()
    await shot('who-reposted')
    await expectNoSeriousViolations(page, `the who-reposted dialog (${look.name})`, {
      scope: axeScopeFor(look),
      within: '[role="dialog"]',
    })
    await page.keyboard.press('Escape')
    await expect(reposters).toHaveCount(0)

    await card.getByRole('button', { name: /^Quote, / }).click()
    const quoting = page.getByRole('dialog', { name: 'Quote post' })
    await quoting.getByRole('textbox').fill(`Same here ${longWord}`)
    await shot('quote-dialog')
    await quoting.getByRole('button', { name: 'Post quote' }).click()
    await expect(quoting).toHaveCount(0)
    await expect(page.getByRole('article').first()).toContainText('Same here')
    await context.close()
  })
}
