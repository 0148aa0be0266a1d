/** A draft keeps its uploaded images and clips (lib/drafts.ts). */
import { beforeEach, describe, expect, it } from 'vitest'
import {
  clearDraft,
  draftKey,
  readDraft,
  readDraftMedia,
  readDraftPoll,
  writeDraft,
  writeDraftMedia,
  writeDraftPoll,
} from '../../src/renderer/src/lib/drafts'

const item = (id: string) => ({
  name: `${id}.png`,
  alt: 'the boss fight',
  media: {
    id,
    url: `/api/media/${id}`,
    thumbUrl: `/api/media/${id}t`,
    width: 10,
    height: 10,
    alt: '',
    kind: 'image' as const,
  },
})

describe('draft media', () => {
  beforeEach(() => localStorage.clear())

  it('keeps uploaded media beside the text, and clearing throws both away', () => {
    const key = draftKey('7', 'newPost', 'http://server')
    writeDraft(key, 'gg')
    writeDraftMedia(key, [item('aaaaaaaaaaaaaaaa'), item('bbbbbbbbbbbbbbbb')])
    expect(readDraftMedia(key).map((saved) => saved.media.id)).toEqual([
      'aaaaaaaaaaaaaaaa',
      'bbbbbbbbbbbbbbbb',
    ])
    // Another user's or server's draft is not this one.
    expect(readDraftMedia(draftKey('8', 'newPost', 'http://server'))).toEqual([])
    clearDraft(key)
    expect(readDraft(key)).toBe('')
    expect(readDraftMedia(key)).toEqual([])
  })

  it('reads nothing from a damaged entry', () => {
    const key = draftKey('7', 'newPost', 'http://server')
    localStorage.setItem(`${key}|media`, '{not json')
    expect(readDraftMedia(key)).toEqual([])
    localStorage.setItem(`${key}|media`, JSON.stringify([{ name: 1 }, item('cccccccccccccccc')]))
    expect(readDraftMedia(key)).toHaveLength(1)
  })
})

// --- polls: a draft keeps the poll being written ---
describe('a draft’s poll', () => {
  beforeEach(() => localStorage.clear())

  it('is kept beside the text as typed, and clearing the draft throws it away', () => {
    const key = draftKey('7', 'newPost', 'http://server')
    writeDraft(key, "who's in Saturday?")
    writeDraftPoll(key, { options: ['Me', ''], durationMinutes: 5 })
    expect(readDraftPoll(key)).toEqual({ options: ['Me', ''], durationMinutes: 5 })
    expect(readDraftPoll(draftKey('8', 'newPost', 'http://server'))).toBeNull()
    writeDraftPoll(key, null)
    expect(readDraftPoll(key)).toBeNull()
    writeDraftPoll(key, { options: ['a', 'b', 'c'], durationMinutes: 60 })
    clearDraft(key)
    expect(readDraftPoll(key)).toBeNull()
    expect(readDraft(key)).toBe('')
  })

  it('reads a poll kept in hours by the app before issue 44 as minutes', () => {
    const key = draftKey('7', 'newPost', 'http://server')
    localStorage.setItem(`${key}|poll`, '{"options":["a","b"],"durationHours":72}')
    expect(readDraftPoll(key)).toEqual({ options: ['a', 'b'], durationMinutes: 4320 })
  })

  it('ignores a stored poll that is not one the composer could hold', () => {
    const key = draftKey('7', 'newPost', 'http://server')
    for (const stored of [
      '{"options":["only one"],"durationHours":24}',
      '{"options":["a","b","c","d","e"],"durationHours":24}',
      '{"options":["a","b"],"durationHours":5}',
      '{"options":["a","b"],"durationMinutes":7}',
      '{"options":["a","b"]}',
      '{"options":["a",2],"durationHours":24}',
      'not json',
    ]) {
      localStorage.setItem(`${key}|poll`, stored)
      expect(readDraftPoll(key)).toBeNull()
    }
  })
})
