/**
 * A block while both are online: the blocker's screen drops the
 * blocked user's dot and status at once, and out of Who's here; an unblock asks for them again.
 */
import { createStore } from 'jotai'
import { describe, expect, it } from 'vitest'
import type { PresentUser } from '../../src/shared/api-types'
import { relationsAtom } from '../../src/renderer/src/state/relations'
import {
  followPresence,
  presenceByIdAtom,
  whosHereAtom,
} from '../../src/renderer/src/state/presence'
import { serverFeaturesAtom } from '../../src/renderer/src/state/server-features'
import { fakeFriendServer, jsonResponse } from './fake-server'

const fetchMock = fakeFriendServer()

const status = {
  game: 'Dota 2',
  gameSlug: 'dota2',
  note: '',
  since: '2026-11-26T10:00:00+00:00',
  expiresAt: null,
  source: 'manual' as const,
}

const person = (id: string): PresentUser => ({
  user: { _id: id, id, username: `p${id}`, firstName: '', lastName: '', profileImg: '' },
  followed: false,
  presence: 'online',
  status,
})

const relations = (...blocked: string[]) => ({
  blocked: new Set(blocked),
  muted: new Set<string>(),
  mutedUntil: new Map<string, string | null>(),
})

describe('presence after a block or an unblock', () => {
  it('drops a blocked user at once and asks again for an unblocked one', async () => {
    const store = createStore()
    store.set(serverFeaturesAtom, new Set(['presence', 'now-playing']))
    store.set(relationsAtom, relations())
    store.set(presenceByIdAtom, {
      '2': { presence: 'online', status },
      '3': { presence: 'idle', status: null },
    })
    store.set(whosHereAtom, { state: 'ready', users: [person('2'), person('3')] })
    const stop = followPresence(store)

    store.set(relationsAtom, relations('2'))
    expect(store.get(presenceByIdAtom)['2']).toEqual({ presence: 'offline', status: null })
    expect(store.get(presenceByIdAtom)['3']).toEqual({ presence: 'idle', status: null })
    const here = store.get(whosHereAtom)
    expect(here.state === 'ready' && here.users.map((entry) => entry.user._id)).toEqual(['3'])
    expect(fetchMock).not.toHaveBeenCalled()

    // Unblocked: their presence is asked for again (and Who's here, which may list them).
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/presence/users')
        ? jsonResponse(200, { users: { '2': { presence: 'online', status } } })
        : jsonResponse(200, { users: [person('2'), person('3')] }),
    )
    store.set(relationsAtom, relations())
    await expect.poll(() => store.get(presenceByIdAtom)['2']?.status?.game).toBe('Dota 2')
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      'http://friend:4567/api/presence/users?ids=2',
    )
    stop()
  })
})
