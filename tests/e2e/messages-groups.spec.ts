/**
 * Group chats from the Messages page: a player starts one by picking people by name, the one
 * who runs it renames it, adds and removes people, a member mutes and leaves it, each change
 * reaching the others live; and two devices of one player share what is read (a message read on
 * the phone clears the PC's badge). On a desktop and on a phone, with axe on the dialogs in both
 * themes (and screenshots with 30-character usernames in SHOTS_DIR).
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { checkInBothThemes } from './axe'
import { longName } from './helpers'
import { PHONE, sizes } from './looks'
import { apiUser, signedInContext, type ApiUser } from './notify-helpers'

const messagesLink = (page: Page) =>
  page.getByRole('link', { name: /^Messages/ }).filter({ visible: true })

/** Sends `text` to a conversation as `who`, through the API. */
async function send(
  request: APIRequestContext,
  who: ApiUser,
  conversationId: string,
  text: string,
) {
  const response = await request.post(`/api/conversations/${conversationId}/messages`, {
    headers: { authorization: who.token },
    data: { text },
  })
  expect(response.status(), await response.text()).toBe(201)
}

/** Picks `who` in the dialog's people field named `field`: typed, then Enter on the match. */
async function pickPerson(dialog: Locator, field: string, who: ApiUser) {
  const input = dialog.getByRole('combobox', { name: field, exact: true })
  await input.fill(who.username)
  await expect(dialog.getByRole('option', { name: who.username })).toBeVisible()
  await input.press('Enter')
  await expect(dialog.getByRole('list', { name: 'Chosen' })).toContainText(who.username)
}

for (const size of sizes()) {
  test(`a group is started, renamed, changed, muted and left, live for everyone (${size.name})`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    // A guard against hangs on a loaded machine, not a speed check.
    test.setTimeout(360_000)
    const ana = await apiUser(request, longName('ana'))
    const bo = await apiUser(request, longName('bo'))
    const cy = await apiUser(request, longName('cy'))
    const dee = await apiUser(request, longName('dee'))
    const anaContext = await signedInContext(browser, demoUrl, ana, { viewport: size.viewport })
    const boContext = await signedInContext(browser, demoUrl, bo, { viewport: size.viewport })
    const cyContext = await signedInContext(browser, demoUrl, cy, { viewport: size.viewport })
    const anaPage = await anaContext.newPage()
    const boPage = await boContext.newPage()
    const cyPage = await cyContext.newPage()
    await boPage.goto('/messages')
    await cyPage.goto('/messages')
    await expect(boPage.getByText('No conversations yet')).toBeVisible()

    // Ana starts the group: a name, two people picked by typing their names.
    await anaPage.goto('/messages')
    await anaPage.getByRole('button', { name: 'New group' }).click()
    const dialog = anaPage.getByRole('dialog', { name: 'Start a group chat' })
    // Nobody picked: it says so rather than asking the server.
    await dialog.getByRole('textbox', { name: 'Group name' }).fill('Saturday squad')
    await dialog.getByRole('button', { name: 'Start group' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('Pick at least one person to talk to.')
    await pickPerson(dialog, 'People', bo)
    await pickPerson(dialog, 'People', cy)
    await checkInBothThemes(anaPage, size, {
      what: 'the new group dialog',
      shot: `messages-new-group-${size.name}`,
    })
    await dialog.getByRole('button', { name: 'Start group' }).click()
    await expect(anaPage).toHaveURL(/\/messages\/\d+$/)
    const groupUrl = new URL(anaPage.url()).pathname
    const groupId = groupUrl.split('/').pop() ?? ''
    await expect(anaPage.locator('.conversation-heading')).toContainText('Saturday squad')
    await expect(anaPage.locator('.conversation-heading')).toContainText('3 members')

    // Bo and Cy see it arrive without reloading.
    const boRow = boPage.locator('a.conversation-row').filter({ hasText: 'Saturday squad' })
    await expect(boRow).toBeVisible()
    await expect(
      cyPage.locator('a.conversation-row').filter({ hasText: 'Saturday squad' }),
    ).toBeVisible()

    // Bo opens it: he may read who is in it, not change it.
    await boRow.click()
    await boPage.getByRole('button', { name: 'Details of Saturday squad' }).click()
    const boDetails = boPage.getByRole('dialog', { name: 'About Saturday squad' })
    await expect(boDetails.getByRole('heading', { name: '3 members' })).toBeVisible()
    await expect(boDetails).toContainText('Only the person who runs this group')
    await expect(boDetails.getByRole('button', { name: /^Remove / })).toHaveCount(0)
    await expect(boDetails.getByRole('textbox', { name: 'Group name' })).toHaveCount(0)
    await boDetails.getByRole('button', { name: 'Close' }).click()

    // Ana renames it, removes Cy and adds Dee, from its details.
    await anaPage.getByRole('button', { name: 'Details of Saturday squad' }).click()
    const anaDetails = anaPage.getByRole('dialog', { name: 'About Saturday squad' })
    await anaDetails.getByRole('textbox', { name: 'Group name' }).fill('Ranked night')
    await anaDetails.getByRole('button', { name: 'Rename' }).click()
    await expect(anaPage.getByRole('dialog', { name: 'About Ranked night' })).toBeVisible()
    await expect(boPage.locator('.conversation-heading')).toContainText('Ranked night')
    const details = anaPage.getByRole('dialog', { name: 'About Ranked night' })
    await details.getByRole('button', { name: `Remove ${cy.username} from the group` }).click()
    await expect(details.getByRole('heading', { name: '2 members' })).toBeVisible()
    await expect(cyPage.locator('a.conversation-row')).toHaveCount(0)
    await pickPerson(details, 'Add people', dee)
    await details.getByRole('button', { name: 'Add', exact: true }).click()
    await expect(details.getByRole('heading', { name: '3 members' })).toBeVisible()
    await expect(details.getByRole('link', { name: dee.username })).toBeVisible()
    await checkInBothThemes(anaPage, size, {
      what: 'the details of a group its creator runs',
      shot: `messages-group-details-${size.name}`,
    })
    await details.getByRole('button', { name: 'Close' }).click()
    await expect(boPage.locator('.conversation-heading')).toContainText('3 members')

    // Bo mutes it: a new message leaves his badge alone, and his list says it is muted.
    await boPage.goto('/home')
    await boPage.goto(groupUrl)
    await boPage.getByRole('button', { name: 'Details of Ranked night' }).click()
    await boPage.getByRole('switch', { name: /Mute this conversation/ }).check()
    await expect(boPage.getByRole('switch', { name: /Mute this conversation/ })).toBeChecked()
    await boPage.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await boPage.goto('/home')
    await send(request, ana, groupId, 'gg, same time tomorrow?')
    await boPage.goto('/messages')
    const mutedRow = boPage.locator('a.conversation-row').filter({ hasText: 'Ranked night' })
    await expect(mutedRow).toContainText('gg, same time tomorrow?')
    await expect(mutedRow).toContainText('Muted')
    await expect(messagesLink(boPage)).toHaveAccessibleName('Messages')

    // Bo leaves: asked first, then the group is gone from his list and Ana's count drops.
    await mutedRow.click()
    await boPage.getByRole('button', { name: 'Details of Ranked night' }).click()
    await boPage.getByRole('button', { name: 'Leave group' }).click()
    const question = boPage.getByRole('dialog', { name: 'Leave Ranked night?' })
    await expect(question).toContainText('Someone in it has to add you')
    await question.getByRole('button', { name: 'Leave group' }).click()
    await expect(boPage).toHaveURL(/\/messages$/)
    await expect(boPage.locator('a.conversation-row')).toHaveCount(0)
    await expect(anaPage.locator('.conversation-heading')).toContainText('2 members')

    // Opened fresh, the group still shows who is in it.
    await anaPage.goto(groupUrl)
    await anaPage.reload()
    await expect(anaPage.locator('.conversation-heading')).toContainText('Ranked night')
    await expect(anaPage.locator('.conversation-heading')).toContainText('2 members')
    await anaContext.close()
    await boContext.close()
    await cyContext.close()
  })
}

test('a message read on the phone clears the unread badge on the PC; its mention and link are links', async ({
  browser,
  request,
  demoUrl,
}) => {
  test.setTimeout(240_000)
  const ana = await apiUser(request, longName('ana'))
  const bo = await apiUser(request, longName('bo'))
  const started = await request.post('/api/conversations/direct', {
    headers: { authorization: ana.token },
    data: { userId: bo.id },
  })
  expect(started.status(), await started.text()).toBe(201)
  const conversationId = ((await started.json()) as { conversation: { _id: string } }).conversation
    ._id
  const pc = await signedInContext(browser, demoUrl, bo)
  const phone = await signedInContext(browser, demoUrl, bo, { viewport: PHONE })
  const pcPage = await pc.newPage()
  const phonePage = await phone.newPage()
  await pcPage.goto('/home')
  await phonePage.goto('/home')

  await send(
    request,
    ana,
    conversationId,
    `@${bo.username} you up for a match? https://example.com/lobby`,
  )
  await expect(messagesLink(pcPage)).toHaveAccessibleName('Messages, 1 unread')
  await expect(messagesLink(phonePage)).toHaveAccessibleName('Messages, 1 unread')

  await messagesLink(phonePage).click()
  await phonePage.locator('a.conversation-row').filter({ hasText: ana.username }).click()
  const said = phonePage
    .locator('ol.message-list li.message')
    .filter({ hasText: 'you up for a match?' })
  await expect(said).toBeVisible()
  // A member named is a link to their profile, a web address a link out.
  await expect(said.getByRole('link', { name: `@${bo.username}` })).toHaveAttribute(
    'href',
    `/${bo.username}`,
  )
  await expect(said.getByRole('link', { name: 'https://example.com/lobby' })).toHaveAttribute(
    'target',
    '_blank',
  )
  // Read on the phone: the PC's badge clears without a reload.
  await expect(messagesLink(pcPage)).toHaveAccessibleName('Messages')
  await expect(messagesLink(phonePage)).toHaveAccessibleName('Messages')
  await pc.close()
  await phone.close()
})
