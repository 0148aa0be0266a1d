/**
 * Presence and "now playing" as this user may see them (docs/API.md, "Presence and now
 * playing"): one record by user id, filled by batched lookups of the people a screen shows (one
 * request for all of them, never one per row), kept current by the `presence` and `status` live
 * events, and the Who's here list. Everything here is used only while the server names the
 * `presence` feature (state/server-features.ts).
 */
import { atom, useAtomValue, useStore, type Getter, type Setter } from 'jotai'
import { useEffect } from 'react'
import type { createStore } from 'jotai'
import type { LiveEventMap, PresentUser, UserPresence } from '../../../shared/api-types'
import { PRESENCE_LOOKUP_MAX } from '../../../shared/presence'
import { getWhosHere, lookupPresence } from '../api/presence'
import { applyLiveEvents, onLiveEvent } from '../live/bus'
import { relationsAtom } from './relations'
import { serverFeaturesAtom, useServerFeature } from './server-features'

type Store = ReturnType<typeof createStore>

export const presenceByIdAtom = atom<Readonly<Record<string, UserPresence>>>({})

const OFFLINE: UserPresence = { presence: 'offline', status: null }

/** The Who's here list: null while it loads the first time. */
export type WhosHere =
  { state: 'loading' } | { state: 'failed' } | { state: 'ready'; users: PresentUser[] }

export const whosHereAtom = atom<WhosHere>({ state: 'loading' })

const BATCH_DELAY_MS = 30

/** Ids asked for and not answered yet, by store. */
const wanted = new WeakMap<
  Store,
  { ids: Set<string>; timer: ReturnType<typeof setTimeout> | null }
>()

/** Asks for the presence of these users, with every other screen's, in one request. */
export function requestPresence(store: Store, ids: readonly string[]): void {
  const known = store.get(presenceByIdAtom)
  let batch = wanted.get(store)
  if (!batch) {
    batch = { ids: new Set(), timer: null }
    wanted.set(store, batch)
  }
  for (const id of ids) if (!(id in known)) batch.ids.add(id)
  if (batch.ids.size === 0 || batch.timer) return
  const pending = batch
  pending.timer = setTimeout(() => {
    pending.timer = null
    const all = [...pending.ids]
    pending.ids.clear()
    void loadPresence(store, all)
  }, BATCH_DELAY_MS)
}

async function loadPresence(store: Store, ids: string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += PRESENCE_LOOKUP_MAX) {
    const chunk = ids.slice(start, start + PRESENCE_LOOKUP_MAX)
    try {
      const { users } = await lookupPresence(chunk)
      store.set(presenceByIdAtom, (current) => ({ ...current, ...users }))
    } catch {
      // Offline or refused: the dots stay away; the next connection asks again.
    }
  }
}

/**
 * A live change that arrives while Who's here is being read would be undone by that older
 * answer (it also rewrites the known presence of everyone it lists): ask again, and the newer
 * answer supersedes the one under way (hereLoadAtom).
 */
function askAgainIfReading(get: Getter, set: Setter): void {
  if (get(hereReadingAtom) !== null) void set(loadWhosHereAtom)
}

/**
 * Several users' presence now (`presences`, the server's batch of a second; one `presence` is a
 * batch of one): one update of what is known, and Who's here read again once at most, however
 * many newcomers the batch names.
 */
const setPresencesAtom = atom(null, (get, set, data: LiveEventMap['presences']) => {
  askAgainIfReading(get, set)
  const changes = Object.entries(data.users)
  set(presenceByIdAtom, (all) => {
    const next = { ...all }
    for (const [userId, presence] of changes)
      next[userId] = { ...(all[userId] ?? OFFLINE), presence }
    return next
  })
  const here = get(whosHereAtom)
  if (here.state !== 'ready') return
  const listed = new Set(here.users.map((entry) => entry.user._id))
  set(whosHereAtom, {
    state: 'ready',
    users: here.users
      .filter((entry) => data.users[entry.user._id] !== 'offline')
      .map((entry) => {
        const presence = data.users[entry.user._id]
        return presence ? { ...entry, presence } : entry
      }),
  })
  // Someone new: the list names them with their picture and whether one follows them.
  if (changes.some(([userId, presence]) => presence !== 'offline' && !listed.has(userId))) {
    void set(loadWhosHereAtom)
  }
})

const setPresenceAtom = atom(null, (_get, set, data: LiveEventMap['presence']) => {
  set(setPresencesAtom, { users: { [data.userId]: data.presence } })
})

const setStatusAtom = atom(null, (get, set, data: LiveEventMap['status']) => {
  askAgainIfReading(get, set)
  const current = get(presenceByIdAtom)[data.userId] ?? OFFLINE
  set(presenceByIdAtom, (all) => ({ ...all, [data.userId]: { ...current, status: data.status } }))
  const here = get(whosHereAtom)
  if (here.state === 'ready') {
    set(whosHereAtom, {
      state: 'ready',
      users: here.users.map((entry) =>
        entry.user._id === data.userId ? { ...entry, status: data.status } : entry,
      ),
    })
  }
})

/** Bumped by every load: an older answer is dropped. */
const hereLoadAtom = atom(0)
/** The load of Who's here under way (its number), or null. */
const hereReadingAtom = atom<number | null>(null)

export const loadWhosHereAtom = atom(null, async (get, set) => {
  const load = get(hereLoadAtom) + 1
  set(hereLoadAtom, load)
  set(hereReadingAtom, load)
  try {
    const { users } = await getWhosHere()
    if (get(hereLoadAtom) !== load) return
    set(whosHereAtom, { state: 'ready', users })
    set(presenceByIdAtom, (all) => {
      const next = { ...all }
      for (const entry of users)
        next[entry.user._id] = { presence: entry.presence, status: entry.status }
      return next
    })
  } catch {
    if (get(hereLoadAtom) === load && get(whosHereAtom).state !== 'ready') {
      set(whosHereAtom, { state: 'failed' })
    }
  } finally {
    if (get(hereReadingAtom) === load) set(hereReadingAtom, null)
  }
})

/** After a (re)connection, what is known may be stale: ask again for everyone known. */
function refreshAll(store: Store): void {
  if (!store.get(serverFeaturesAtom).has('presence')) return
  const known = Object.keys(store.get(presenceByIdAtom))
  store.set(presenceByIdAtom, {})
  if (known.length > 0) void loadPresence(store, known)
  if (store.get(whosHereAtom).state !== 'loading') void store.set(loadWhosHereAtom)
}

/**
 * After a block or an unblock on any of one's devices (the account's `relationsAtom`, which the
 * `relations` event and one's own calls update): those
 * blocked now show nothing at once (offline, no status, out of Who's here), as the server
 * already treats them; those unblocked are asked for again. The user blocked hears of the
 * blocker going offline from the server (actions/relations.ts).
 */
export function applyRelations(
  store: Store,
  blocked: ReadonlySet<string>,
  before: ReadonlySet<string> | null,
): void {
  const known = store.get(presenceByIdAtom)
  const unblocked = before ? [...before].filter((id) => !blocked.has(id)) : []
  const gone = new Set(unblocked)
  const next = Object.fromEntries(Object.entries(known).filter(([id]) => !gone.has(id)))
  let changed = Object.keys(next).length !== Object.keys(known).length
  for (const id of blocked) {
    if (id in next && (next[id]?.presence !== 'offline' || next[id]?.status !== null)) {
      next[id] = OFFLINE
      changed = true
    }
  }
  if (changed) store.set(presenceByIdAtom, next)
  const here = store.get(whosHereAtom)
  if (here.state === 'ready' && here.users.some((entry) => blocked.has(entry.user._id))) {
    store.set(whosHereAtom, {
      state: 'ready',
      users: here.users.filter((entry) => !blocked.has(entry.user._id)),
    })
  }
  if (unblocked.length > 0 && store.get(serverFeaturesAtom).has('presence')) {
    requestPresence(store, unblocked)
    if (here.state === 'ready') void store.set(loadWhosHereAtom)
  }
}

/** Applies the presence events to `store`; the answer unsubscribes. */
export function followPresence(store: Store): () => void {
  const stopApplying = applyLiveEvents(store, {
    presence: setPresenceAtom,
    presences: setPresencesAtom,
    status: setStatusAtom,
  })
  const refresh = () => refreshAll(store)
  const stops = [onLiveEvent('ready', refresh), onLiveEvent('reset', refresh)]
  // Whom one blocks: the account's list, however it changed (a call here, a live event).
  let blockedBefore = store.get(relationsAtom)?.blocked ?? null
  stops.push(
    store.sub(relationsAtom, () => {
      const blocked = store.get(relationsAtom)?.blocked
      if (!blocked || blocked === blockedBefore) return
      applyRelations(store, blocked, blockedBefore)
      blockedBefore = blocked
    }),
  )
  return () => {
    stopApplying()
    for (const stop of stops) stop()
  }
}

/** Keeps presence live while a signed-in screen is up; called once, by the layout. */
export function usePresenceLive(): void {
  const store = useStore()
  useEffect(() => followPresence(store), [store])
}

/** A user's presence and status as the viewer may see them; asks for them when unknown. */
export function usePresence(userId: string | null | undefined): UserPresence | null {
  const enabled = useServerFeature('presence')
  const store = useStore()
  const known = useAtomValue(presenceByIdAtom)
  useEffect(() => {
    if (enabled && userId) requestPresence(store, [userId])
  }, [enabled, userId, store])
  if (!enabled || !userId) return null
  return known[userId] ?? null
}
