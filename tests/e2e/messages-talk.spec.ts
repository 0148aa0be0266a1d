/**
 * Around a conversation's messages, in two browsers: "typing…" shows on the other side and
 * clears; the search box finds an old message and takes the history to it; a message reported
 * from its line reaches the host's reports with the messages around it; and a message half
 * written on one device opens on another of the same player. Desktop and phone, axe in both
 * themes, screenshots (30-character usernames, a long unbroken word) in SHOTS_DIR.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { checkInBothThemes } from './axe'
import { loginViaApi, longName } from './helpers'
import { E2E_HOST } from './host-account'
import { sizes } from './looks'
import { apiUser, signedInContext, type ApiUser } from './notify-helpers'

const LONG_WORD = 'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(2)

async function startDirect(request: APIRequestContext, from: ApiUser, to: ApiUser) {
  const response = await request.post('/api/conversations/direct', {
    headers: { authorization: from.token },
    data: { userId: to.id },
  })
  expect(response.status(), await response.text()).toBeLessThan(300)
  return ((await response.json()) as { conversation: { _id: string } }).conversation._id
}

async function say(request: APIRequestContext, who: ApiUser, conversationId: string, text: string) {
  const response = await request.post(`/api/conversations/${conversationId}/messages`, {
    headers: { authorization: who.token },
    data: { text },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { message: { _id: string } }).message._id
}

const history = (page: Page) => page.locator('ol.message-list')

/** The address of a conversation's draft slot, its `:` escaped or not. */
const draftUrl = (conversationId: string) =>
  new RegExp(`/api/drafts/message(:|%3A)${conversationId}$`, 'i')

for (const size of sizes()) {
  test(`typing shows and clears, and the search finds an old message and jumps to it (${size.name})`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    // A guard against hangs on a loaded machine, not a speed check.
    test.setTimeout(240_000)
    const ana = await apiUser(request, longName('ana'))
    const bo = await apiUser(request, longName('bo'))
    const conversationId = await startDirect(request, ana, bo)
    // An old message, then more than a page of newer ones: the jump must load older pages.
    const oldId = await say(request, ana, conversationId, `the secret spot is ${LONG_WORD}`)
    for (let n = 1; n <= 34; n++) await say(request, n % 2 ? bo : ana, conversationId, `chat ${n}`)

    const anaContext = await signedInContext(browser, demoUrl, ana, { viewport: size.viewport })
    const boContext = await signedInContext(browser, demoUrl, bo, { viewport: size.viewport })
    const anaPage = await anaContext.newPage()
    const boPage = await boContext.newPage()
    await anaPage.goto(`/messages/${conversationId}`)
    await boPage.goto(`/messages/${conversationId}`)
    await expect(history(anaPage).getByText('chat 34')).toBeVisible()
    await expect(history(boPage).getByText('chat 34')).toBeVisible()

    // Ana types: Bo sees it, Ana does not see herself typing.
    const line = boPage.getByTestId('typing-line')
    await anaPage.getByRole('textbox', { name: 'Message' }).pressSequentially('on my way')
    await expect(line).toHaveText(`${ana.username} is typing…`)
    await expect(anaPage.getByTestId('typing-line')).toHaveText('')
    await checkInBothThemes(boPage, size, {
      what: 'a conversation with someone typing',
      shot: `messages-typing-${size.name}`,
    })
    // No new signal: it clears by itself within a few seconds.
    await expect(line).toHaveText('', { timeout: 15_000 })
    // Typing again, then sending: it clears when the message arrives.
    await anaPage.getByRole('textbox', { name: 'Message' }).pressSequentially(' now')
    await expect(line).toHaveText(`${ana.username} is typing…`)
    await anaPage.getByRole('textbox', { name: 'Message' }).press('Enter')
    await expect(history(boPage).getByText('on my way now')).toBeVisible()
    await expect(line).toHaveText('')

    // Bo searches: a symbol alone says so; a word finds the old message, marked.
    await boPage.getByRole('button', { name: 'Search this conversation' }).click()
    const box = boPage.getByRole('searchbox', { name: 'Search this conversation' })
    await expect(box).toBeFocused()
    await box.fill('%')
    await box.press('Enter')
    await expect(boPage.getByText('symbols alone don’t match anything')).toBeVisible()
    await box.fill('SECRET spot')
    await box.press('Enter')
    const hits = boPage.getByRole('list', { name: 'Messages found' })
    const hit = hits.getByRole('button').filter({ hasText: 'the secret spot is' })
    await expect(hit).toHaveCount(1)
    await expect(hit.locator('mark')).toHaveText(['secret', 'spot'])
    await checkInBothThemes(boPage, size, {
      what: 'the search within a conversation',
      shot: `messages-search-${size.name}`,
    })
    await hit.click()
    const found = history(boPage).locator(`li[data-message-id="${oldId}"]`)
    await expect(found).toBeVisible()
    await expect(found).toHaveClass(/message-found/)
    await expect(found).toBeInViewport()
    // Escape closes the box; Ctrl+F inside the thread opens it again.
    await box.press('Escape')
    await expect(box).toHaveCount(0)
    await boPage.getByRole('textbox', { name: 'Message' }).press('Control+f')
    await expect(boPage.getByRole('searchbox', { name: 'Search this conversation' })).toBeFocused()
    await anaContext.close()
    await boContext.close()
  })
}

test('a reported message reaches the host’s reports with the messages around it', async ({
  browser,
  request,
  demoUrl,
}) => {
  test.setTimeout(240_000)
  const ana = await apiUser(request, longName('ana'))
  const bo = await apiUser(request, longName('bo'))
  const conversationId = await startDirect(request, ana, bo)
  for (const text of ['before one', 'before two', 'before three', 'before four']) {
    await say(request, ana, conversationId, text)
  }
  await say(request, ana, conversationId, `you are the worst ${LONG_WORD}`)
  for (const text of ['after one', 'after two', 'after three', 'after four']) {
    await say(request, bo, conversationId, text)
  }
  const boContext = await signedInContext(browser, demoUrl, bo)
  const boPage = await boContext.newPage()
  await boPage.goto(`/messages/${conversationId}`)
  const bad = history(boPage).locator('li.message').filter({ hasText: 'you are the worst' })
  // One's own messages offer no Report.
  await expect(
    history(boPage)
      .locator('li.message.mine')
      .filter({ hasText: 'after one' })
      .getByRole('button', { name: 'Report' }),
  ).toHaveCount(0)
  await bad.getByRole('button', { name: 'Report' }).click()
  const dialog = boPage.getByRole('dialog', { name: 'Report message' })
  await dialog.getByRole('radio', { name: /Harassment/ }).check()
  await dialog.getByRole('textbox').fill('keeps insulting me')
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(dialog).toHaveCount(0)
  await boContext.close()

  for (const size of sizes()) {
    const hostContext = await browser.newContext({ baseURL: demoUrl, viewport: size.viewport })
    const host = await hostContext.newPage()
    await loginViaApi(host, E2E_HOST.username, E2E_HOST.password)
    await host.goto('/server')
    const reports = host.getByRole('region', { name: 'Reports' })
    const item = reports.getByRole('listitem', { name: `Report of ${ana.username}'s message` })
    await expect(item).toBeVisible()
    await expect(item).toContainText('In a one-to-one conversation')
    const context = item.getByRole('list', {
      name: 'The reported message, with the messages around it',
    })
    await expect(context.locator('.reported-message-text')).toHaveText([
      'before two',
      'before three',
      'before four',
      `you are the worst ${LONG_WORD}`,
      'after one',
      'after two',
      'after three',
    ])
    await expect(item).not.toContainText('before one')
    await expect(item).not.toContainText('after four')
    await item.scrollIntoViewIfNeeded()
    await checkInBothThemes(host, size, {
      what: 'the host’s reports with a reported message',
      within: 'section[aria-labelledby="reports-title"]',
      shot: `messages-report-${size.name}`,
    })
    await hostContext.close()
  }
})

test('a message half written on one device opens on another of the same player', async ({
  browser,
  request,
  demoUrl,
}) => {
  test.setTimeout(120_000)
  const ana = await apiUser(request, longName('ana'))
  const bo = await apiUser(request, longName('bo'))
  const conversationId = await startDirect(request, ana, bo)
  const pc = await signedInContext(browser, demoUrl, ana)
  const pcPage = await pc.newPage()
  await pcPage.goto(`/messages/${conversationId}`)
  const saved = pcPage.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      draftUrl(conversationId).test(response.url()) &&
      response.ok(),
  )
  await pcPage.getByRole('textbox', { name: 'Message' }).fill('bring the spare controller')
  await saved

  const phone = await signedInContext(browser, demoUrl, ana, {
    viewport: { width: 390, height: 844 },
  })
  const phonePage = await phone.newPage()
  await phonePage.goto(`/messages/${conversationId}`)
  await expect(phonePage.getByRole('textbox', { name: 'Message' })).toHaveValue(
    'bring the spare controller',
  )
  // Sent from the phone: the draft leaves the server.
  const gone = phonePage.waitForResponse(
    (response) =>
      response.request().method() === 'DELETE' && draftUrl(conversationId).test(response.url()),
  )
  await phonePage.getByRole('textbox', { name: 'Message' }).press('Enter')
  await expect(history(phonePage).getByText('bring the spare controller')).toBeVisible()
  await gone
  await pc.close()
  await phone.close()
})
