/**
 * Drafts kept on the server beside this device's (state/draft-sync.ts): what goes up, what comes
 * down, and what goes when another device sent it. The server's side is its own test
 * (tests/server/drafts); here its calls are stand-ins that hold what a server would.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../src/renderer/src/api/drafts'
import {
  draftKey,
  draftSyncedAt,
  draftUpdatedAt,
  readDraft,
  readDraftPoll,
  writeDraft,
} from '../../src/renderer/src/lib/drafts'
import { pullDrafts, uploadDraft } from '../../src/renderer/src/state/draft-sync'
import type { Draft, DraftBody } from '../../src/shared/drafts'

vi.mock('../../src/renderer/src/api/drafts')

/** The server's slots, as the stand-in calls keep them. */
let server: Map<string, Draft>

const body = (text: string, extra: Partial<DraftBody> = {}): DraftBody => ({
  text,
  media: [],
  poll: null,
  ...extra,
})

beforeEach(() => {
  server = new Map()
  vi.mocked(api.listDrafts).mockImplementation(async () => ({
    drafts: [...server.values()].map(({ slot, updatedAt }) => ({ slot, updatedAt })),
  }))
  vi.mocked(api.getDraft).mockImplementation(async (slot) => ({ draft: server.get(slot) ?? null }))
  vi.mocked(api.saveDraft).mockImplementation(async (slot, saved, updatedAt) => {
    const kept = server.get(slot)
    if (!kept || kept.updatedAt <= updatedAt) server.set(slot, { slot, body: saved, updatedAt })
    return { draft: server.get(slot) ?? null }
  })
  vi.mocked(api.deleteDraft).mockImplementation(async (slot) => {
    server.delete(slot)
    return { draft: null }
  })
})

afterEach(() => {
  localStorage.clear()
  vi.clearAllMocks()
})

describe('drafts on the server', () => {
  it('sends a draft up with when it was written, and empties the slot once it is cleared', async () => {
    const key = draftKey('7', 'newPost')
    writeDraft(key, 'gg wp')
    const written = draftUpdatedAt(key)
    expect(written).toBeGreaterThan(0)
    await uploadDraft(key)
    expect(server.get('newPost')).toEqual({
      slot: 'newPost',
      body: body('gg wp'),
      updatedAt: written,
    })
    expect(draftSyncedAt(key)).toBe(written)
    writeDraft(key, '')
    await uploadDraft(key)
    expect(server.has('newPost')).toBe(false)
  })

  it('takes what another device wrote since, poll and all, and keeps its own newer words', async () => {
    const mine = draftKey('7', 'newPost')
    const theirs = draftKey('7', 'comment:12')
    server.set('comment:12', {
      slot: 'comment:12',
      body: body('from the PC', { poll: { options: ['yes', 'no'], durationMinutes: 60 } }),
      updatedAt: Date.now() + 60_000,
    })
    writeDraft(mine, 'typed on the phone')
    server.set('newPost', { slot: 'newPost', body: body('older, from the PC'), updatedAt: 1 })
    await pullDrafts('7')
    expect(readDraft(theirs)).toBe('from the PC')
    expect(readDraftPoll(theirs)).toEqual({ options: ['yes', 'no'], durationMinutes: 60 })
    expect(draftSyncedAt(theirs)).toBe(server.get('comment:12')?.updatedAt)
    expect(readDraft(mine)).toBe('typed on the phone')
    // Another device saved later than this one's write: the save answers theirs, which wins.
    server.set('newPost', {
      slot: 'newPost',
      body: body('newest, PC'),
      updatedAt: Date.now() + 1000,
    })
    await uploadDraft(mine)
    expect(readDraft(mine)).toBe('newest, PC')
  })

  it('drops a draft sent elsewhere, and sends up one the server never had', async () => {
    const sent = draftKey('7', 'comment:3')
    const unsent = draftKey('7', 'comment:4')
    writeDraft(sent, 'sent from the PC later')
    await uploadDraft(sent)
    writeDraft(unsent, 'only here')
    server.delete('comment:3')
    await pullDrafts('7')
    expect(readDraft(sent)).toBe('')
    expect(draftSyncedAt(sent)).toBeNull()
    expect(server.get('comment:4')?.body.text).toBe('only here')
    // Someone else's drafts on this device are not touched.
    const other = draftKey('8', 'newPost')
    writeDraft(other, 'not yours')
    await pullDrafts('7')
    expect(readDraft(other)).toBe('not yours')
  })

  it('keeps the text here when the server cannot be reached', async () => {
    const key = draftKey('7', 'newPost')
    vi.mocked(api.saveDraft).mockRejectedValue(new TypeError('offline'))
    vi.mocked(api.listDrafts).mockRejectedValue(new TypeError('offline'))
    writeDraft(key, 'kept')
    await uploadDraft(key)
    await pullDrafts('7')
    expect(readDraft(key)).toBe('kept')
    expect(draftSyncedAt(key)).toBeNull()
  })
})
