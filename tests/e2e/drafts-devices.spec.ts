/**
 * A draft follows its user across devices (docs/API.md, "Drafts"): a post begun on the desktop,
 * with a poll, opens on the phone; posted from the phone, it is gone from the desktop too. Two
 * browser contexts of one user on the worker's demo server, each with its own storage.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { openComposer } from './helpers'
import { PHONE } from './looks'
import { apiUser, signedInContext } from './notify-helpers'

/** Resolves once this device has saved its newPost draft on the server. */
const savedOnServer = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/drafts/newPost') &&
      response.request().method() === 'PUT' &&
      response.ok(),
  )

test('a draft begun on the desktop opens on the phone, and leaves both once posted', async ({
  browser,
  request,
  demoUrl,
}) => {
  const me = await apiUser(request)
  const desktop = await (await signedInContext(browser, demoUrl, me)).newPage()
  const phone = await (await signedInContext(browser, demoUrl, me, { viewport: PHONE })).newPage()
  const text = `Need two for ranked tonight ${Date.now()}`

  await desktop.goto('/home')
  await openComposer(desktop)
  const desktopDialog = desktop.getByRole('dialog', { name: 'New Post' })
  const saved = savedOnServer(desktop)
  await desktopDialog.getByRole('textbox', { name: 'Post text' }).fill(text)
  await desktopDialog.getByRole('button', { name: 'Add a poll' }).click()
  await desktopDialog.getByRole('textbox', { name: 'Option 1' }).fill('Tonight')
  await desktopDialog.getByRole('textbox', { name: 'Option 2' }).fill('Tomorrow')
  await saved
  // The last of the typing may still be on its way: wait until the server has the second option.
  await expect
    .poll(async () => {
      const answer = await request.get('/api/drafts/newPost', {
        headers: { authorization: me.token },
      })
      const { draft } = (await answer.json()) as {
        draft: { body: { text: string; poll: { options: string[] } | null } } | null
      }
      return [draft?.body.text, draft?.body.poll?.options]
    })
    .toEqual([text, ['Tonight', 'Tomorrow']])

  await phone.goto('/home')
  await openComposer(phone)
  const phoneDialog = phone.getByRole('dialog', { name: 'New Post' })
  await expect(phoneDialog.getByRole('textbox', { name: 'Post text' })).toHaveValue(text)
  await expect(phoneDialog.getByRole('textbox', { name: 'Option 2' })).toHaveValue('Tomorrow')
  await phoneDialog.getByRole('button', { name: 'Post', exact: true }).click()
  await expect(phoneDialog).toHaveCount(0)
  await expect(phone.getByRole('article').first()).toContainText(text)
  // The phone's cleared draft empties the server's slot.
  await expect
    .poll(async () => {
      const answer = await request.get('/api/drafts', { headers: { authorization: me.token } })
      return ((await answer.json()) as { drafts: unknown[] }).drafts.length
    })
    .toBe(0)

  // Back on the desktop: the draft it had agreed with the server on is gone there too.
  await desktop.reload()
  await openComposer(desktop)
  await expect(
    desktop.getByRole('dialog', { name: 'New Post' }).getByRole('textbox', { name: 'Post text' }),
  ).toHaveValue('')
  await desktop.context().close()
  await phone.context().close()
})
