import { act, cleanup, renderHook } from '@testing-library/react'
import { createStore } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { publishLiveEvent } from '../../src/renderer/src/live/bus'
import { liveStatusAtom } from '../../src/renderer/src/live/status'
import type { LiveStatus } from '../../src/renderer/src/live/status'
import {
  FEATURES_FALLBACK_MS,
  followServerFeatures,
  loadServerFeaturesAtom,
  serverFeaturesAtom,
  useServerFeaturesLive,
} from '../../src/renderer/src/state/server-features'
import { fakeFriendServer, jsonResponse } from './fake-server'

const fetchMock = fakeFriendServer()
const meta = (extra: object) => jsonResponse(200, { name: 'Gamerstage', version: '1', ...extra })

describe('what the server supports', () => {
  it('is what /meta names, and nothing for an older server that names nothing', async () => {
    const store = createStore()
    fetchMock.mockResolvedValueOnce(meta({ demoAccount: null, features: ['presence', 'polls'] }))
    await store.set(loadServerFeaturesAtom)
    expect([...store.get(serverFeaturesAtom)]).toEqual(['presence', 'polls'])
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://friend:4567/api/meta')

    fetchMock.mockResolvedValueOnce(meta({ demoAccount: null }))
    await store.set(loadServerFeaturesAtom)
    expect(store.get(serverFeaturesAtom).size).toBe(0)
  })

  it('keeps what it knew when the server does not answer, and asks again on reconnection', async () => {
    const store = createStore()
    fetchMock.mockResolvedValueOnce(meta({ features: ['threads'] }))
    await store.set(loadServerFeaturesAtom)
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await store.set(loadServerFeaturesAtom)
    expect([...store.get(serverFeaturesAtom)]).toEqual(['threads'])

    const stop = followServerFeatures(store)
    fetchMock.mockResolvedValueOnce(meta({ features: ['threads', 'clips'] }))
    publishLiveEvent('ready', {})
    await expect.poll(() => store.get(serverFeaturesAtom).has('clips')).toBe(true)
    stop()
  })
})

describe('when the layout reads what the server supports', () => {
  afterEach(cleanup)

  const metaRequests = () =>
    fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/meta')).length
  const storeWith = (status: LiveStatus) => {
    const store = createStore()
    store.set(liveStatusAtom, status)
    return store
  }
  const stream = (store: ReturnType<typeof createStore>, status: LiveStatus) =>
    act(() => store.set(liveStatusAtom, status))

  it('asks once at sign-in (the stream’s ready), and again on a reconnect to an upgraded server', async () => {
    // Signing in starts the stream before the layout mounts: it is connecting.
    const store = storeWith('connecting')
    fetchMock.mockResolvedValueOnce(meta({ features: ['threads'] }))
    renderHook(() => useServerFeaturesLive(store))
    expect(metaRequests()).toBe(0)
    // A stream that cannot replay sends reset, then ready: one request.
    act(() => publishLiveEvent('reset', { reason: 'unknown-id' }))
    stream(store, 'live')
    act(() => publishLiveEvent('ready', {}))
    await expect.poll(() => store.get(serverFeaturesAtom).has('threads')).toBe(true)
    expect(metaRequests()).toBe(1)

    // The server restarts upgraded: the stream drops and reconnects.
    stream(store, 'dropped')
    fetchMock.mockResolvedValueOnce(meta({ features: ['threads', 'clips'] }))
    stream(store, 'live')
    act(() => publishLiveEvent('ready', {}))
    await expect.poll(() => store.get(serverFeaturesAtom).has('clips')).toBe(true)
    expect(metaRequests()).toBe(2)
  })

  it('asks once when the app starts signed in: the stream starts after the layout', async () => {
    const store = storeWith('off')
    fetchMock.mockResolvedValueOnce(meta({ features: ['polls'] }))
    renderHook(() => useServerFeaturesLive(store))
    stream(store, 'connecting')
    stream(store, 'live')
    expect(metaRequests()).toBe(0)
    act(() => publishLiveEvent('ready', {}))
    await expect.poll(() => store.get(serverFeaturesAtom).has('polls')).toBe(true)
    expect(metaRequests()).toBe(1)
  })

  it('asks on mount when the ready went by before it listened, unless the list is known', async () => {
    const store = storeWith('live')
    fetchMock.mockResolvedValueOnce(meta({ features: ['reactions'] }))
    const first = renderHook(() => useServerFeaturesLive(store))
    await expect.poll(() => store.get(serverFeaturesAtom).has('reactions')).toBe(true)
    expect(metaRequests()).toBe(1)
    first.unmount()
    renderHook(() => useServerFeaturesLive(store))
    expect(metaRequests()).toBe(1)
  })

  it('asks when the stream gives up without a ready (a server from before it)', async () => {
    const store = storeWith('connecting')
    fetchMock.mockResolvedValueOnce(meta({}))
    const view = renderHook(() => useServerFeaturesLive(store))
    stream(store, 'off')
    await expect.poll(metaRequests).toBe(1)
    await act(() => new Promise((done) => setTimeout(done, 0))) // its answer is read
    expect(store.get(serverFeaturesAtom).size).toBe(0)
    // Known now, if empty: a later stop (sign-out) asks nothing more.
    stream(store, 'connecting')
    stream(store, 'off')
    expect(metaRequests()).toBe(1)
    view.unmount()
  })

  it('asks itself when the stream is still connecting after a few seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const store = storeWith('connecting')
      fetchMock.mockResolvedValueOnce(meta({ features: ['clips'] }))
      renderHook(() => useServerFeaturesLive(store))
      act(() => vi.advanceTimersByTime(FEATURES_FALLBACK_MS - 1))
      expect(metaRequests()).toBe(0)
      act(() => vi.advanceTimersByTime(1))
      expect(metaRequests()).toBe(1)
    } finally {
      vi.useRealTimers()
    }
  })
})
