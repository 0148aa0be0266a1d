/**
 * What the server this window talks to supports (GET /api/meta `features`,
 * src/shared/features.ts). Read at the start of every connection of the live stream (its
 * `ready`), so a switch of server or a server upgraded under a running app is noticed; until
 * then, and for an older server that sends no list, nothing beyond the first version is shown.
 */
import { atom, useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import type { createStore } from 'jotai'
import type { MetaResponse } from '../../../shared/api-types'
import type { ServerFeature } from '../../../shared/features'
import { getMeta } from '../api/meta'
import { applyLiveEvents } from '../live/bus'
import { liveStatusAtom } from '../live/status'
import { reconnectCountAtom } from './server-status'

type Store = ReturnType<typeof createStore>

export const serverFeaturesAtom = atom<ReadonlySet<ServerFeature>>(new Set<ServerFeature>())

/** Bumped by every load: an answer to an older request is dropped. */
const loadCountAtom = atom(0)

/** A load has answered: the list is known (an empty one too). */
const featuresKnownAtom = atom(false)

export const loadServerFeaturesAtom = atom(null, async (get, set) => {
  const load = get(loadCountAtom) + 1
  set(loadCountAtom, load)
  try {
    const { features } = await getMeta()
    if (get(loadCountAtom) !== load) return
    set(serverFeaturesAtom, new Set(Array.isArray(features) ? features : []))
    set(featuresKnownAtom, true)
  } catch {
    // Offline or not answering: keep what was known; the next `ready` asks again.
  }
})

/**
 * Reads the list on every (re)connection of the stream; answers the unsubscribe. Only on
 * `ready`: a `reset` is always followed by the `ready` of the same connection.
 */
export function followServerFeatures(store: Store): () => void {
  return applyLiveEvents(store, { ready: loadServerFeaturesAtom })
}

/** Does the server support this part? False until it said so. */
export function useServerFeature(feature: ServerFeature): boolean {
  return useAtomValue(serverFeaturesAtom).has(feature)
}

/** How long the layout waits for the stream's `ready` before asking for the list itself. */
export const FEATURES_FALLBACK_MS = 3000

/**
 * Keeps the list current while a signed-in screen is up; called once, by the layout. The
 * stream's `ready` loads it, so signing in asks once. The layout loads it itself only while
 * nothing is known and no `ready` is on its way: the stream was live before the layout listened,
 * or it is off after trying (a server without the stream). While the stream is connecting, or
 * not started yet (it starts after the first paint, main.tsx), its `ready` is awaited.
 */
export function useServerFeaturesLive(store: Store): void {
  useEffect(() => {
    const stop = followServerFeatures(store)
    const loadIfUnknown = () => {
      if (!store.get(featuresKnownAtom)) void store.set(loadServerFeaturesAtom)
    }
    if (store.get(liveStatusAtom) === 'live') loadIfUnknown()
    const stopWatching = store.sub(liveStatusAtom, () => {
      if (store.get(liveStatusAtom) === 'off') loadIfUnknown()
    })
    // A stream slow to connect (a busy server, a crowded address) must not leave the screens
    // without their features for long: after a few seconds the list is asked for directly.
    const fallback = setTimeout(loadIfUnknown, FEATURES_FALLBACK_MS)
    return () => {
      clearTimeout(fallback)
      stopWatching()
      stop()
    }
  }, [store])
}

/**
 * The demo account a server offers on its sign-in page (GET /api/meta `demoAccount`), null when
 * none: asked again after a change of server (`baseUrl`), or when the server is back.
 */
export function useDemoAccount(baseUrl: string): MetaResponse['demoAccount'] {
  const reconnects = useAtomValue(reconnectCountAtom)
  const [demo, setDemo] = useState<MetaResponse['demoAccount']>(null)
  useEffect(() => {
    let live = true
    getMeta()
      .then((meta) => live && setDemo(meta.demoAccount ?? null))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [baseUrl, reconnects])
  return demo
}
