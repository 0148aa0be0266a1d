import { createStore } from 'jotai'
import { describe, expect, it } from 'vitest'
import type { PresentUser } from '../../src/shared/api-types'
import { publishLiveEvent } from '../../src/renderer/src/live/bus'
import {
  followPresence,
  loadWhosHereAtom,
  presenceByIdAtom,
  requestPresence,
  whosHereAtom,
} from '../../src/renderer/src/state/presence'
import { fakeFriendServer, jsonResponse } from './fake-server'

const fetchMock = fakeFriendServer()

const person = (id: string, followed = false): PresentUser => ({
  user: { _id: id, id, username: `p${id}`, firstName: '', lastName: '', profileImg: '' },
  followed,
  presence: 'online',
  status: null,
})

describe('presence in the renderer', () => {
  it('asks for every avatar on screen in one lookup', async () => {
    const store = createStore()
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, {
        users: {
          '1': { presence: 'online', status: null },
          '2': { presence: 'idle', status: null },
          '3': { presence: 'offline', status: null },
        },
      }),
    )
    requestPresence(store, ['1', '2'])
    requestPresence(store, ['2', '3'])
    await expect.poll(() => Object.keys(store.get(presenceByIdAtom)).length).toBe(3)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://friend:4567/api/presence/users?ids=1,2,3')
    // Known ones are not asked for again.
    requestPresence(store, ['1', '3'])
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('keeps a status that arrives while Who’s here is being read (the older answer is asked again)', async () => {
    const store = createStore()
    const stop = followPresence(store)
    let answerFirst: (response: Response) => void = () => {}
    fetchMock.mockImplementationOnce(
      () => new Promise<Response>((resolve) => (answerFirst = resolve)),
    )
    const status = {
      game: 'Rocket League',
      gameSlug: 'rocketleague',
      note: '',
      since: '2026-11-26T10:00:00+00:00',
      expiresAt: null,
      source: 'manual' as const,
    }
    // The second read, asked for by the event, knows the status.
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { users: [{ ...person('2'), status }] }))
    const reading = store.set(loadWhosHereAtom)
    publishLiveEvent('status', { userId: '2', status })
    // The first answer was made before the status was set.
    answerFirst(jsonResponse(200, { users: [person('2')] }))
    await reading
    await expect
      .poll(() => {
        const here = store.get(whosHereAtom)
        return here.state === 'ready' ? here.users[0]?.status?.game : undefined
      })
      .toBe('Rocket League')
    expect(store.get(presenceByIdAtom)['2']?.status?.game).toBe('Rocket League')
    expect(fetchMock).toHaveBeenCalledTimes(2)
    stop()
  })

  it('follows presence and status events, in the lookups and in Who’s here', async () => {
    const store = createStore()
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { users: [person('1', true), person('2')] }))
    await store.set(loadWhosHereAtom)
    const stop = followPresence(store)
    const status = {
      game: 'Counter-Strike 2',
      gameSlug: 'counterstrike2',
      note: 'LFG',
      since: '2026-11-26T10:00:00+00:00',
      expiresAt: null,
      source: 'manual' as const,
    }
    publishLiveEvent('status', { userId: '2', status })
    publishLiveEvent('presence', { userId: '1', presence: 'idle' })
    const here = store.get(whosHereAtom)
    expect(
      here.state === 'ready' &&
        here.users.map((entry) => [entry.user._id, entry.presence, entry.status?.game ?? null]),
    ).toEqual([
      ['1', 'idle', null],
      ['2', 'online', 'Counter-Strike 2'],
    ])
    expect(store.get(presenceByIdAtom)['2']?.status).toEqual(status)

    publishLiveEvent('presence', { userId: '1', presence: 'offline' })
    const after = store.get(whosHereAtom)
    expect(after.state === 'ready' && after.users.map((entry) => entry.user._id)).toEqual(['2'])
    expect(store.get(presenceByIdAtom)['1']?.presence).toBe('offline')

    // Someone new comes online: the list is asked for again (it names them and their picture).
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { users: [person('2'), person('7')] }))
    publishLiveEvent('presence', { userId: '7', presence: 'online' })
    await expect
      .poll(() => {
        const now = store.get(whosHereAtom)
        return now.state === 'ready' ? now.users.length : 0
      })
      .toBe(2)
    stop()
  })

  it('applies a batch of presence (`presences`) at once, and reads Who’s here again only once', async () => {
    const store = createStore()
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { users: [person('1'), person('2')] }))
    await store.set(loadWhosHereAtom)
    const stop = followPresence(store)
    const calls = fetchMock.mock.calls.length
    // One known goes idle, one goes away, and forty newcomers arrive in the same second.
    const newcomers = Array.from({ length: 40 }, (_, index) => String(100 + index))
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { users: [person('1'), ...newcomers.map((id) => person(id))] }),
    )
    publishLiveEvent('presences', {
      users: {
        '1': 'idle',
        '2': 'offline',
        ...Object.fromEntries(newcomers.map((id) => [id, 'online' as const])),
      },
    })
    expect(store.get(presenceByIdAtom)['1']?.presence).toBe('idle')
    expect(store.get(presenceByIdAtom)['2']?.presence).toBe('offline')
    expect(store.get(presenceByIdAtom)['139']?.presence).toBe('online')
    await expect
      .poll(() => {
        const now = store.get(whosHereAtom)
        return now.state === 'ready' ? now.users.length : 0
      })
      .toBe(41)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(fetchMock.mock.calls.length - calls).toBe(1)
    stop()
  })
})
