import { createStore } from 'jotai'
import { describe, expect, it } from 'vitest'
import { publishLiveEvent } from '../../src/renderer/src/live/bus'
import {
  followServerFeatures,
  loadServerFeaturesAtom,
  serverFeaturesAtom,
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
