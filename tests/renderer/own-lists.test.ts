/**
 * The server is the one truth for the signed-in user's lists (docs/hosting.md, "Live LAN"): every `ready`
 * of the live stream (start and each reconnection) takes the user, their blocks and mutes from
 * the server over what storage held, and the private `bookmark` and `relations` events bring a
 * change made on another device of the user into the store, with the lists that show it.
 */
import './state-mocks'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RelationsResponse, SessionResponse } from '../../src/shared/api-types'
import * as accountApi from '../../src/renderer/src/api/account'
import { publishLiveEvent } from '../../src/renderer/src/live/bus'
import { connectLiveState, liveFollowAtom, livePostAtom } from '../../src/renderer/src/live/merge'
import { startLive } from '../../src/renderer/src/live/start'
import { isHostAtom } from '../../src/renderer/src/state/account'
import { relationsAtom } from '../../src/renderer/src/state/relations'
import {
  USER_KEY,
  bookmarkIdsAtom,
  followingNamesAtom,
  userAtom,
} from '../../src/renderer/src/state/auth'
import { newPostCountAtom, postListsAtom, postsByIdAtom } from '../../src/renderer/src/state/posts'
import { logoutAtom } from '../../src/renderer/src/state/session'
import {
  ME,
  NOVA,
  RIVAL,
  deferred,
  loadList,
  post,
  settle,
  signedInStore,
  userOf,
} from './state-fixtures'
import type { Store } from './state-fixtures'

vi.mock('../../src/renderer/src/api/account')

let store: Store
let disconnect: () => void
beforeEach(() => {
  vi.resetAllMocks()
  // What storage held from an earlier visit: following nova, nothing bookmarked.
  store = signedInStore([NOVA])
  disconnect = connectLiveState(store)
})
afterEach(() => disconnect())

/** The server's word: following rival instead of nova, p9 bookmarked, nova muted. */
const serverSession: SessionResponse = {
  user: userOf(ME, { following: [RIVAL], followingCount: 1, bookmarks: [post('p9', RIVAL)] }),
  isHost: false,
}
const serverRelations: RelationsResponse = { blocked: [], muted: [{ ...NOVA, mutedUntil: null }] }

const following = () => [...store.get(followingNamesAtom)]
const bookmarked = () => [...store.get(bookmarkIdsAtom)]

describe('the session user on each connection of the live stream', () => {
  it("replaces what storage held with the server's user, blocks and mutes", async () => {
    vi.mocked(accountApi.getSession).mockResolvedValue(serverSession)
    vi.mocked(accountApi.getRelations).mockResolvedValue(serverRelations)
    expect(following()).toEqual(['nova'])

    publishLiveEvent('ready', {})
    await settle()
    expect(following()).toEqual(['rival'])
    expect(bookmarked()).toEqual(['p9'])
    expect(store.get(relationsAtom)?.muted).toEqual(new Set([NOVA._id]))
    expect(store.get(isHostAtom)).toBe(false)
    // Storage holds the server's user now, for the next start's first frame.
    const stored = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as typeof serverSession.user
    expect(stored.following.map((u) => u.username)).toEqual(['rival'])
    expect(stored.bookmarks.map((p) => p._id)).toEqual(['p9'])
  })

  it('asks again on every reconnection', async () => {
    vi.mocked(accountApi.getSession).mockResolvedValue(serverSession)
    vi.mocked(accountApi.getRelations).mockResolvedValue(serverRelations)
    publishLiveEvent('ready', {})
    await settle()
    const unfollowed: SessionResponse = { ...serverSession, user: userOf(ME) }
    vi.mocked(accountApi.getSession).mockResolvedValue(unfollowed)
    publishLiveEvent('ready', {})
    await settle()
    expect(accountApi.getSession).toHaveBeenCalledTimes(2)
    expect(following()).toEqual([])
  })

  it('asks again, rather than store an older answer, when the user changed meanwhile', async () => {
    const first = deferred<SessionResponse>()
    vi.mocked(accountApi.getSession).mockReturnValueOnce(first.promise)
    vi.mocked(accountApi.getRelations).mockResolvedValue(serverRelations)
    publishLiveEvent('ready', {})
    await settle()
    // The stream brings a bookmark made on the phone after the server read the first answer.
    publishLiveEvent('bookmark', { post: post('p7', NOVA), bookmarked: true })
    const withBoth = userOf(ME, {
      following: [RIVAL],
      bookmarks: [post('p7', NOVA), post('p9', RIVAL)],
    })
    vi.mocked(accountApi.getSession).mockResolvedValueOnce({ user: withBoth, isHost: false })
    first.resolve(serverSession)
    await settle()
    expect(accountApi.getSession).toHaveBeenCalledTimes(2)
    expect(bookmarked()).toEqual(['p7', 'p9'])
  })

  it('keeps what it has when the server cannot answer, and after a sign-out stores nothing', async () => {
    vi.mocked(accountApi.getSession).mockRejectedValue(new Error('Cannot reach the server.'))
    vi.mocked(accountApi.getRelations).mockResolvedValue(serverRelations)
    publishLiveEvent('ready', {})
    await settle()
    expect(following()).toEqual(['nova'])

    const late = deferred<SessionResponse>()
    vi.mocked(accountApi.getSession).mockReturnValue(late.promise)
    publishLiveEvent('ready', {})
    store.set(logoutAtom)
    late.resolve(serverSession)
    await settle()
    expect(store.get(userAtom)).toBeNull()
    expect(localStorage.getItem(USER_KEY)).toBeNull()
  })
})

describe("one's own changes made on another device", () => {
  it('a bookmark shows on its button and at the top of Saved Posts; its removal takes it out', () => {
    loadList(store, 'bookmarks', [post('p1', NOVA)])
    // A post this device never loaded: the event brings it.
    publishLiveEvent('bookmark', { post: post('p5', RIVAL), bookmarked: true })
    expect(bookmarked()).toEqual(['p5'])
    expect(store.get(postsByIdAtom).p5?.username).toBe('rival')
    expect(store.get(postListsAtom).bookmarks?.ids).toEqual(['p5', 'p1'])

    publishLiveEvent('bookmark', { post: post('p5', RIVAL), bookmarked: false })
    expect(bookmarked()).toEqual([])
    expect(store.get(postListsAtom).bookmarks?.ids).toEqual(['p1'])
  })

  it('a block or mute updates the relations and takes the posts out where they no longer belong', () => {
    loadList(store, 'feed', [post('p1', NOVA), post('p2', RIVAL)])
    loadList(store, 'explore:recent', [post('p1', NOVA), post('p2', RIVAL)])
    loadList(store, `user:${NOVA.username}`, [post('p1', NOVA)])
    store.set(relationsAtom, {
      blocked: new Set<string>(),
      muted: new Set<string>(),
      mutedUntil: new Map(),
    })

    const mutedNova = { ...NOVA, mutedUntil: '2030-01-01T00:00:00+00:00' }
    publishLiveEvent('relations', { blocked: [], muted: [mutedNova] })
    expect(store.get(relationsAtom)?.muted).toEqual(new Set([NOVA._id]))
    expect(store.get(relationsAtom)?.mutedUntil.get(NOVA._id)).toBe(mutedNova.mutedUntil)
    // Muted: out of every list but their own profile.
    expect(store.get(postListsAtom).feed?.ids).toEqual(['p2'])
    expect(store.get(postListsAtom)['explore:recent']?.ids).toEqual(['p2'])
    expect(store.get(postListsAtom)[`user:${NOVA.username}`]?.ids).toEqual(['p1'])

    publishLiveEvent('relations', { blocked: [RIVAL], muted: [mutedNova] })
    expect(store.get(relationsAtom)?.blocked).toEqual(new Set([RIVAL._id]))
    // Blocked: out of every list.
    expect(store.get(postListsAtom)['explore:recent']?.ids).toEqual([])

    publishLiveEvent('relations', { blocked: [], muted: [] })
    expect(store.get(relationsAtom)).toEqual({
      blocked: new Set(),
      muted: new Set(),
      mutedUntil: new Map(),
    })
  })

  it('a follow makes Home gather the followed player’s new posts', () => {
    loadList(store, 'feed', [post('p1', NOVA)])
    store.set(livePostAtom, { authorPostCount: 1, post: post('p2', RIVAL) })
    expect(store.get(newPostCountAtom('feed'))).toBe(0)
    store.set(liveFollowAtom, {
      follower: { _id: ME._id, username: ME.username, followerCount: 0, followingCount: 2 },
      followee: { _id: RIVAL._id, username: RIVAL.username, followerCount: 1, followingCount: 0 },
      following: true,
    })
    store.set(livePostAtom, { authorPostCount: 2, post: post('p3', RIVAL) })
    expect(store.get(newPostCountAtom('feed'))).toBe(1)
  })
})

describe('a server without the live stream', () => {
  it('still has the session taken from it once, as the stream would on `ready`', async () => {
    disconnect()
    vi.mocked(accountApi.getSession).mockResolvedValue(serverSession)
    vi.mocked(accountApi.getRelations).mockResolvedValue(serverRelations)
    // An older server: GET /api/events is a 404, so no `ready` ever comes.
    const noStream = vi.fn(() => Promise.resolve(new Response('{}', { status: 404 })))
    const stop = startLive(store, { fetch: noStream })
    try {
      await vi.waitFor(() => expect(following()).toEqual(['rival']))
      expect(noStream).toHaveBeenCalledTimes(1)
      expect(bookmarked()).toEqual(['p9'])
      expect(accountApi.getSession).toHaveBeenCalledTimes(1)

      // Signing out stops the stream: that `off` asks the server nothing more.
      store.set(logoutAtom)
      await settle()
      expect(accountApi.getSession).toHaveBeenCalledTimes(1)
    } finally {
      stop()
      disconnect = () => undefined
    }
  })
})
