/**
 * Squad calls' list logic (lib/squad-calls.ts): which calls a list keeps as their events come,
 * and the words of how many are missing and how long is left.
 */
import { describe, expect, it } from 'vitest'
import type { SquadCall } from '../../src/shared/squad-call-types'
import {
  expiryWord,
  mergeSquadCall,
  neededLine,
  placesLeft,
  timeLeft,
  withoutSquadCall,
} from '../../src/renderer/src/lib/squad-calls'

const person = (username: string) => ({
  _id: username,
  id: username,
  username,
  firstName: '',
  lastName: '',
  profileImg: '',
})

function call(id: string, fields: Partial<SquadCall> = {}): SquadCall {
  return {
    _id: id,
    creator: person('sam'),
    game: { slug: 'doom', name: 'Doom' },
    needed: 2,
    joinedCount: 0,
    note: null,
    rank: null,
    status: 'open',
    expiresAt: '2026-12-05T19:00:00+00:00',
    endedAt: null,
    createdAt: '2026-12-05T18:00:00+00:00',
    players: [],
    joined: false,
    isCreator: false,
    conversationId: null,
    ...fields,
  }
}

const ids = (list: SquadCall[]) => list.map((one) => one._id)

describe('mergeSquadCall', () => {
  it('puts a new open call first and changes a known one in its place', () => {
    const list = [call('2'), call('1')]
    expect(ids(mergeSquadCall(list, call('3')))).toEqual(['3', '2', '1'])
    const joined = mergeSquadCall(list, call('1', { joinedCount: 1, players: [person('ana')] }))
    expect(ids(joined)).toEqual(['2', '1'])
    expect(joined[1]?.joinedCount).toBe(1)
  })

  it('keeps a full call for its players and creator only, and drops closed and expired ones', () => {
    const list = [call('2'), call('1')]
    const full = { status: 'full', conversationId: '9' } as const
    expect(ids(mergeSquadCall(list, call('1', full)))).toEqual(['2'])
    expect(mergeSquadCall(list, call('1', { ...full, joined: true }))[1]?.conversationId).toBe('9')
    expect(ids(mergeSquadCall(list, call('1', { ...full, isCreator: true })))).toEqual(['2', '1'])
    expect(ids(mergeSquadCall(list, call('2', { status: 'closed', isCreator: true })))).toEqual([
      '1',
    ])
    expect(ids(mergeSquadCall(list, call('1', { status: 'expired', joined: true })))).toEqual(['2'])
    // A full call never enters a list it was not in (an event read late).
    expect(ids(mergeSquadCall(list, call('5', { ...full, joined: true })))).toEqual(['2', '1'])
  })

  it("keeps a game's list to that game", () => {
    const list = [call('1')]
    const other = call('2', { game: { slug: 'quake', name: 'Quake' } })
    expect(ids(mergeSquadCall(list, other, 'doom'))).toEqual(['1'])
    expect(ids(mergeSquadCall(list, other))).toEqual(['2', '1'])
    expect(ids(withoutSquadCall([call('2'), call('1')], '2'))).toEqual(['1'])
  })
})

describe('the words of a call', () => {
  it('says how many are missing, never fewer than none', () => {
    expect(neededLine({ needed: 2, joinedCount: 0 })).toBe('Need 2 more')
    expect(neededLine({ needed: 2, joinedCount: 1 })).toBe('Need 1 more')
    expect(placesLeft({ needed: 1, joinedCount: 3 })).toBe(0)
  })

  it('says how long is left in minutes and hours', () => {
    const at = Date.parse('2026-12-05T18:00:00Z')
    const expires = (minutes: number) => new Date(at + minutes * 60_000).toISOString()
    expect(timeLeft(expires(45), at)).toBe('45 min left')
    expect(timeLeft(expires(60), at)).toBe('1 h left')
    expect(timeLeft(expires(80.5), at)).toBe('1 h 20 min left')
    expect(timeLeft(expires(0.5), at)).toBe('Ending now')
    expect(timeLeft(expires(-5), at)).toBe('Ending now')
    expect(timeLeft('not a time', at)).toBe('Ending now')
  })

  it('names the expiry choices', () => {
    expect([30, 60, 120, 240].map(expiryWord)).toEqual([
      '30 minutes',
      '1 hour',
      '2 hours',
      '4 hours',
    ])
  })
})
