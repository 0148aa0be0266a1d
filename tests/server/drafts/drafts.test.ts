/**
 * Drafts kept on the server (docs/API.md, "Drafts"): a slot of the caller's own holds the newest
 * write by the device's clock; an empty draft empties the slot; a user keeps at most
 * DRAFT_LIMITS.perUser; nobody reads another's; the hostile cases.
 */
import {
  DRAFT_LIMITS,
  DRAFT_TOO_LARGE,
  type DraftListResponse,
  type DraftResponse,
} from '../../../src/shared/drafts'
import { MESSAGES } from '../../../src/server/errors/messages'
import { expectError, ok, quickUser } from '../../helpers/api'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'

interface Player {
  token: string
}

const body = (text: string, extra: object = {}) => ({ text, media: [], poll: null, ...extra })

const save = (app: TestApp, who: Player, slot: string, draft: object, updatedAt = Date.now()) =>
  app.send(`/api/drafts/${slot}`, { body: draft, updatedAt }, { token: who.token, method: 'PUT' })

const read = async (app: TestApp, who: Player, slot: string) =>
  (await ok<DraftResponse>(app.get(`/api/drafts/${slot}`, who.token))).draft

describe('drafts', () => {
  it('keeps a slot for every device of its user, the newest write winning', async ({ app }) => {
    const me = await quickUser(app, 'writer')
    expect(await read(app, me, 'newPost')).toBeNull()
    const media = [{ name: 'ace.png', alt: 'the ace', media: { id: 'abc', url: '/api/media/abc' } }]
    const poll = { options: ['yes', 'no'], durationMinutes: 60 }
    const saved = await ok<DraftResponse>(
      save(app, me, 'newPost', body('gg wp', { media, poll }), 1000),
    )
    expect(saved.draft).toEqual({
      slot: 'newPost',
      body: { text: 'gg wp', media, poll },
      updatedAt: 1000,
    })
    // The phone reads what the PC left.
    expect((await read(app, me, 'newPost'))?.body.text).toBe('gg wp')
    // A write older than the kept one (a device that was offline) changes nothing.
    const stale = await ok<DraftResponse>(save(app, me, 'newPost', body('older words'), 500))
    expect(stale.draft?.body.text).toBe('gg wp')
    await ok(save(app, me, 'newPost', body('newer words'), 2000))
    expect((await read(app, me, 'newPost'))?.body.text).toBe('newer words')
    // Slots are apart.
    await ok(save(app, me, 'comment:12', body('nice shot'), 3000))
    expect((await read(app, me, 'comment:12'))?.body.text).toBe('nice shot')
    expect((await read(app, me, 'newPost'))?.body.text).toBe('newer words')
    // The list says which slots there are and when each was written, newest first.
    expect(await ok<DraftListResponse>(app.get('/api/drafts', me.token))).toEqual({
      drafts: [
        { slot: 'comment:12', updatedAt: 3000 },
        { slot: 'newPost', updatedAt: 2000 },
      ],
    })
  })

  it('takes no write as newer than its own now: a device days ahead does not win for good', async ({
    app,
  }) => {
    const me = await quickUser(app, 'writer')
    const daysAhead = Date.now() + 3 * 86_400_000
    const ahead = await ok<DraftResponse>(
      save(app, me, 'newPost', body('from the fast phone'), daysAhead),
    )
    expect(ahead.draft?.updatedAt).toBeLessThanOrEqual(Date.now())
    // The PC, on time, writes a moment later: its words are the draft.
    await ok(save(app, me, 'newPost', body('from the PC'), Date.now() + 1000))
    expect((await read(app, me, 'newPost'))?.body.text).toBe('from the PC')
  })

  it('empties a slot on delete or on an empty save, and shows nobody else’s', async ({ app }) => {
    const me = await quickUser(app, 'writer')
    const other = await quickUser(app, 'other')
    await ok(save(app, me, 'newPost', body('mine alone')))
    expect(await read(app, other, 'newPost')).toBeNull()
    await expectError(app.get('/api/drafts/newPost'), 401, MESSAGES.invalidToken)
    const emptied = await ok<DraftResponse>(save(app, me, 'newPost', body('   ')))
    expect(emptied.draft).toBeNull()
    expect(await read(app, me, 'newPost')).toBeNull()
    await ok(save(app, me, 'newPost', body('again')))
    await ok(app.send('/api/drafts/newPost', {}, { token: me.token, method: 'DELETE' }))
    expect(await read(app, me, 'newPost')).toBeNull()
    // Deleting what is not there is fine.
    await ok(app.send('/api/drafts/newPost', {}, { token: me.token, method: 'DELETE' }))
  })

  it('keeps at most the cap, dropping the draft left longest', async ({ app }) => {
    const me = await quickUser(app, 'hoarder')
    for (let index = 0; index < DRAFT_LIMITS.perUser; index += 1) {
      await ok(save(app, me, `comment:${index + 1}`, body(`draft ${index}`), 1000 + index))
    }
    await ok(save(app, me, 'newPost', body('one more'), 5000))
    expect(await read(app, me, 'comment:1')).toBeNull()
    expect((await read(app, me, 'comment:2'))?.body.text).toBe('draft 1')
    expect((await read(app, me, 'newPost'))?.body.text).toBe('one more')
  })

  it('refuses bad slots, shapes and sizes, and keeps what it had', async ({ app }) => {
    const me = await quickUser(app, 'writer')
    await ok(save(app, me, 'newPost', body('keep me'), 1000))
    for (const slot of ['1abc', 'a%20b', `a${'b'.repeat(DRAFT_LIMITS.slotMax)}`, '%3Cb%3E']) {
      await expectError(save(app, me, slot, body('x')), 400, /\w/, 'VALIDATION')
      await expectError(app.get(`/api/drafts/${slot}`, me.token), 400, /\w/, 'VALIDATION')
    }
    const refused: object[] = [
      { body: { text: 5 }, updatedAt: 1 },
      { body: body('x'), updatedAt: -1 },
      { body: body('x'), updatedAt: 'now' },
      { body: body('x', { media: Array.from({ length: 9 }, () => ({})) }), updatedAt: 1 },
      { body: body('x', { poll: { options: 'yes', durationMinutes: 60 } }), updatedAt: 1 },
      { body: body('x'.repeat(5000)), updatedAt: 1 },
    ]
    for (const request of refused) {
      await expectError(
        app.send('/api/drafts/newPost', request, { token: me.token, method: 'PUT' }),
        400,
        /\w/,
        'VALIDATION',
      )
    }
    const huge = body('x', {
      media: Array.from({ length: 5 }, (_, index) => ({
        name: 'n'.repeat(500),
        alt: 'a'.repeat(500),
        media: { id: String(index), pad: 'p'.repeat(7000) },
      })),
    })
    await expectError(save(app, me, 'newPost', huge), 413, DRAFT_TOO_LARGE)
    expect((await read(app, me, 'newPost'))?.body.text).toBe('keep me')
  })
})
