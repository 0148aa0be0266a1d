import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures'
import { expectNoSeriousViolations, axeScopeFor } from './axe'
import { longName, openComposer, uniqueName, waitForQuietNetwork } from './helpers'
import {
  DESKTOP,
  expectNoSidewaysScroll,
  inBothThemes,
  PHONE,
  shoot,
  SHOTS_DIR,
  sizes,
} from './looks'
import { apiUser, signedInContext, type ApiUser } from './notify-helpers'

/**
 * Writing and editing a poll: "Close, keep draft" keeps a poll being written; the Edit Post
 * dialog changes a poll nobody voted in, and says why not once someone did; the character counter
 * near its limit reads in both themes (axe). Desktop and a 390 px phone, a 30-character name and
 * a long unbroken word.
 */

async function pollPost(request: APIRequestContext, author: ApiUser, content: string) {
  const response = await request.post('/api/posts', {
    headers: { authorization: author.token, prefer: 'return=minimal' },
    data: { postData: { content, poll: { options: ['Saturday', 'Sunday'], durationHours: 24 } } },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { post: { _id: string } }).post._id
}

const LONG_WORD = 'Unbreakable'.repeat(9)

for (const [size, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`"Close, keep draft" keeps the poll being written (${size})`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    const me = await apiUser(request, uniqueName('drafter'))
    const context = await signedInContext(browser, demoUrl, me, { viewport })
    const page = await context.newPage()
    await page.goto('/home')
    await openComposer(page)
    const dialog = page.getByRole('dialog', { name: 'New Post' })
    await dialog.getByRole('textbox', { name: 'Post text' }).fill('Who’s in Saturday?')
    await dialog.getByRole('button', { name: 'Add a poll' }).click()
    await dialog.getByRole('textbox', { name: 'Option 1' }).fill('Me')
    await dialog.getByRole('textbox', { name: 'Option 2' }).fill('Not me')
    await dialog.locator('.poll-editor-duration select').selectOption('4320')
    await page.keyboard.press('Escape')
    await dialog.getByRole('button', { name: 'Close, keep draft' }).click()
    await expect(dialog).toHaveCount(0)

    await page.reload()
    await openComposer(page)
    await expect(dialog.getByRole('textbox', { name: 'Post text' })).toHaveValue(
      'Who’s in Saturday?',
    )
    await expect(dialog.getByRole('textbox', { name: 'Option 1' })).toHaveValue('Me')
    await expect(dialog.getByRole('textbox', { name: 'Option 2' })).toHaveValue('Not me')
    await expect(dialog.locator('.poll-editor-duration select')).toHaveValue('4320')
    await dialog.getByRole('button', { name: 'Post', exact: true }).click()
    await expect(dialog).toHaveCount(0)
    await expect(page.getByRole('main').getByRole('group', { name: 'Poll' }).first()).toContainText(
      'Not me',
    )
    // Posted: the draft is gone, poll and all.
    await openComposer(page)
    await expect(dialog.getByRole('textbox', { name: 'Option 1' })).toHaveCount(0)
    await context.close()
  })
}

for (const size of sizes()) {
  test(`the Edit Post poll and the counter near its limit look right on the ${size.name}, in both themes`, async ({
    browser,
    request,
    demoUrl,
  }) => {
    test.setTimeout(150_000)
    const me = await apiUser(request, longName('pollster'))
    const voter = await apiUser(request, uniqueName('voter'))
    const open = await pollPost(request, me, `Saturday or Sunday? ${LONG_WORD}`)
    const context = await signedInContext(browser, demoUrl, me, { viewport: size.viewport })
    const page = await context.newPage()
    /** Photographs the screen in both themes, with axe where `axeOn` names what to check. */
    const shots = async (name: string, axeOn?: { what: string; within: string }) => {
      await waitForQuietNetwork(page)
      await expectNoSidewaysScroll(page)
      await inBothThemes(page, size, async (look) => {
        await shoot(page, { path: `${SHOTS_DIR}/poll-editing-${name}-${look.name}.png` })
        if (axeOn) {
          await expectNoSeriousViolations(page, `${axeOn.what} (${look.name})`, {
            scope: axeScopeFor(look),
            within: axeOn.within,
          })
        }
      })
    }

    // Nobody voted: the options change, and the post shows the new ones.
    await page.goto(`/post/${open}`)
    const card = page.getByRole('main').getByRole('article').first()
    await card.getByRole('button', { name: 'Edit post' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Post' })
    const second = edit.getByRole('textbox', { name: 'Option 2' })
    await expect(second).toHaveValue('Sunday')
    await second.fill(`Friday ${LONG_WORD}`.slice(0, 50))
    await edit.getByRole('button', { name: 'Add an option' }).click()
    await edit.getByRole('textbox', { name: 'Option 3' }).fill('Never')
    await expect(edit.getByText('Saving starts the poll again from now')).toBeVisible()
    await shots('edit-poll', { what: 'the Edit Post poll', within: '[role="dialog"]' })
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect(edit).toHaveCount(0)
    const poll = card.getByRole('group', { name: 'Poll' })
    await expect(poll).toContainText('Never')
    await expect(poll).not.toContainText('Sunday')

    // Someone voted: the dialog says why the poll stays.
    const options = await request.get(`/api/posts/${open}`, {
      headers: { authorization: voter.token, prefer: 'return=minimal' },
    })
    const optionId = ((await options.json()) as { post: { poll: { options: { id: string }[] } } })
      .post.poll.options[0]?.id
    const vote = await request.post(`/api/posts/${open}/poll/vote`, {
      headers: { authorization: voter.token },
      data: { optionId },
    })
    expect(vote.status(), await vote.text()).toBe(200)
    await page.reload()
    await card.getByRole('button', { name: 'Edit post' }).click()
    await expect(edit.getByRole('note')).toHaveText(
      'Someone has voted in this poll, so its options and length cannot change any more. You can still edit the text.',
    )
    await expect(edit.getByRole('textbox', { name: 'Option 1' })).toHaveCount(0)
    await shots('edit-poll-locked')
    await page.keyboard.press('Escape')
    await expect(edit).toHaveCount(0)

    // The composer near its limit: the amber counter reads on every surface (axe contrast).
    await openComposer(page)
    const compose = page.getByRole('dialog', { name: 'New Post' })
    await compose.getByRole('textbox', { name: 'Post text' }).fill(`${LONG_WORD} `.repeat(10))
    await expect(compose.locator('.char-counter.near')).toBeVisible()
    await shots('counter-near-limit', {
      what: 'the composer near its limit',
      within: '[role="dialog"]',
    })
    await context.close()
  })
}
