/**
 * Messages: two players write to each other live, each in their own browser; the
 * unread badge counts what arrives elsewhere and clears once the conversation is open; on a
 * desktop and on a phone, with axe on the page in both themes (and screenshots, with a 30-character
 * username and a long unbroken word, in SHOTS_DIR for a person to look at).
 */
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { checkInBothThemes } from './axe'
import { longName } from './helpers'
import { sizes } from './looks'
import { apiUser, signedInContext } from './notify-helpers'

const LONG_WORD = 'Supercalifragilisticexpialidocious'.repeat(3)

/** The open conversation's history (the list beside it shows the last message too). */
const history = (page: Page) => page.locator('ol.message-list')

for (const size of sizes()) {
  test(`two players message each other live, and unread counts clear (${size.name})`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    // A guard against hangs on a loaded machine, not a speed check.
    test.setTimeout(360_000)
    const ana = await apiUser(request, longName('ana'))
    const bo = await apiUser(request, longName('bo'))
    const anaContext = await signedInContext(browser, demoUrl, ana, { viewport: size.viewport })
    const boContext = await signedInContext(browser, demoUrl, bo, { viewport: size.viewport })
    const anaPage = await anaContext.newPage()
    const boPage = await boContext.newPage()

    // Ana opens Bo's profile and presses Message: the one-to-one opens.
    await anaPage.goto(`/${bo.username}`)
    await anaPage.getByRole('button', { name: `Message ${bo.username}` }).click()
    await expect(anaPage).toHaveURL(/\/messages\/\d+$/)
    await boPage.goto('/home')
    const boBadge = boPage.getByRole('link', { name: /^Messages/ }).filter({ visible: true })
    await expect(boBadge).toHaveAccessibleName('Messages')

    const field = anaPage.getByRole('textbox', { name: 'Message' })
    await field.fill('LAN party on Saturday?')
    await anaPage.getByRole('button', { name: 'Send' }).click()
    await field.fill(LONG_WORD)
    await field.press('Enter')
    await expect(history(anaPage).getByText(LONG_WORD)).toBeVisible()

    // Bo, elsewhere in the app, sees the count go up live.
    await expect(boBadge).toHaveAccessibleName('Messages, 2 unread')
    await boBadge.click()
    const row = boPage.locator('a.conversation-row').filter({ hasText: ana.username })
    await expect(row.getByTestId('conversation-unread')).toContainText('2')
    await checkInBothThemes(boPage, size, {
      what: '/messages with an unread conversation',
      shot: `messages-list-${size.name}`,
    })
    await row.click()
    await expect(history(boPage).getByText('LAN party on Saturday?')).toBeVisible()
    // Opened: read, the badge clears.
    await expect(boBadge).toHaveAccessibleName('Messages')

    // Bo answers with a reply; it reaches Ana's open conversation live.
    await boPage
      .locator('li.message')
      .filter({ hasText: 'LAN party on Saturday?' })
      .getByRole('button', { name: 'Reply' })
      .click()
    await boPage.getByRole('textbox', { name: 'Message' }).fill('count me in')
    await boPage.getByRole('button', { name: 'Send' }).click()
    const answer = history(anaPage).locator('li.message').filter({ hasText: 'count me in' })
    await expect(answer).toBeVisible()
    await expect(answer.locator('.message-reply')).toContainText('LAN party on Saturday?')
    // Ana had it on screen: nothing unread for her.
    const anaBadge = anaPage.getByRole('link', { name: /^Messages/ }).filter({ visible: true })
    await expect(anaBadge).toHaveAccessibleName('Messages')

    // Bo edits, then deletes: Ana sees both live.
    const mine = boPage.locator('li.message.mine').filter({ hasText: 'count me in' })
    await mine.getByRole('button', { name: 'Edit' }).click()
    await boPage.getByRole('textbox', { name: 'Message' }).fill('count me in, bringing snacks')
    await boPage.getByRole('button', { name: 'Save' }).click()
    await expect(history(anaPage).getByText('count me in, bringing snacks')).toBeVisible()
    await expect(
      history(anaPage).locator('li.message').filter({ hasText: 'bringing snacks' }),
    ).toContainText('edited')
    await checkInBothThemes(anaPage, size, {
      what: 'a conversation with a reply and an edit',
      shot: `messages-conversation-${size.name}`,
    })
    await boPage
      .locator('li.message.mine')
      .filter({ hasText: 'bringing snacks' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await expect(history(anaPage).getByText('count me in, bringing snacks')).toHaveCount(0)
    await expect(
      history(anaPage).locator('li.message').filter({ hasText: 'Message deleted' }),
    ).toBeVisible()
    await anaContext.close()
    await boContext.close()
  })
}
