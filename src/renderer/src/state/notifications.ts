/**
 * The signed-in user's unread notifications (docs/API.md, "Notifications"): the count behind the
 * bell's badge, kept in step with the live events the stream reader publishes on the bus
 * (live/bus.ts); this module never reads the stream itself. The /notifications page's list is
 * in notification-list.ts, which loads with that page.
 */
import { atom } from 'jotai'
import type { createStore } from 'jotai'
import * as api from '../api/notifications'
import { isMissingCall } from '../api/client'
import { applyLiveEvents } from '../live/bus'

export type Store = ReturnType<typeof createStore>

/** How many are unread; null until the server said (no badge meanwhile). */
export const unreadCountAtom = atom<number | null>(null)

/**
 * False once the server answered 404 to the unread count: an older Gamerstage without
 * notifications. The bell hides then, as docs/API.md ("Error codes") says of calls a server may not know.
 */
export const notificationsAvailableAtom = atom(true)

/** The newest id the viewer has been shown and told the server about (see markSeenAtom). */
const markedUpToAtom = atom<string | null>(null)

/**
 * Bumped by every count that comes from an event or an optimistic change. An answer to a request
 * that started before a bump is older than what we know, and is dropped: a notification that
 * arrives while the count is being fetched must not be undone by the fetch's stale answer.
 */
const countVersionAtom = atom(0)

/** Bumped on sign-out, so that answers to the previous session's requests land nowhere. */
export const notificationSessionAtom = atom(0)

const setCountAtom = atom(null, (get, set, count: number) => {
  set(countVersionAtom, get(countVersionAtom) + 1)
  set(unreadCountAtom, Math.max(0, count))
})

/** A live event's count (`notification` and `unread-count` carry it). */
const liveCountAtom = atom(null, (_get, set, { unreadCount }: { unreadCount: number }) =>
  set(setCountAtom, unreadCount),
)

/** Fetches the unread count (at sign-in and on every (re)connection of the stream). */
export const loadUnreadCountAtom = atom(null, async (get, set) => {
  const version = get(countVersionAtom)
  const session = get(notificationSessionAtom)
  try {
    const { unreadCount } = await api.getUnreadCount()
    if (get(notificationSessionAtom) !== session || get(countVersionAtom) !== version) return
    set(notificationsAvailableAtom, true)
    set(unreadCountAtom, unreadCount)
  } catch (error) {
    if (get(notificationSessionAtom) !== session) return
    if (isMissingCall(error)) {
      set(notificationsAvailableAtom, false)
      set(unreadCountAtom, null)
    }
    // Otherwise (offline, a refusal) the badge keeps what it had; the next `ready` tries again.
  }
})

/**
 * Tells the server the viewer has seen everything up to `newestId` (the newest notification on
 * screen), once per newest id. The badge drops at once; the answer corrects it.
 */
export const markSeenAtom = atom(null, async (get, set, newestId: string) => {
  if (get(markedUpToAtom) === newestId) return
  set(markedUpToAtom, newestId)
  const session = get(notificationSessionAtom)
  set(setCountAtom, 0)
  const version = get(countVersionAtom)
  try {
    const { unreadCount } = await api.markNotificationsRead(newestId)
    if (get(notificationSessionAtom) !== session || get(countVersionAtom) !== version) return
    set(unreadCountAtom, unreadCount)
  } catch {
    if (get(notificationSessionAtom) !== session) return
    // Let the next view try again, and show the server's count meanwhile.
    if (get(markedUpToAtom) === newestId) set(markedUpToAtom, null)
    await set(loadUnreadCountAtom)
  }
})

/** Forgets everything (sign-out, another account): the next user starts clean. */
export const resetNotificationsAtom = atom(null, (get, set) => {
  set(notificationSessionAtom, get(notificationSessionAtom) + 1)
  set(unreadCountAtom, null)
  set(notificationsAvailableAtom, true)
  set(markedUpToAtom, null)
})

/**
 * Keeps `store`'s unread count in step with the live events: `notification` and `unread-count`
 * carry it; on every `ready` (a (re)connection) and `reset` (missed events that cannot be
 * replayed) it is fetched again. Answers the unsubscribe.
 */
export function followLiveUnreadCount(store: Store): () => void {
  return applyLiveEvents(store, {
    ready: loadUnreadCountAtom,
    reset: loadUnreadCountAtom,
    notification: liveCountAtom,
    'unread-count': liveCountAtom,
  })
}

/** The badge's text: nothing at zero, "9+" above nine. */
export function badgeText(count: number | null): string | null {
  if (count === null || count <= 0) return null
  return count > 9 ? '9+' : String(count)
}

/** The bell's accessible name: "Notifications, 3 unread". */
export function bellLabel(count: number | null): string {
  return count !== null && count > 0 ? `Notifications, ${count} unread` : 'Notifications'
}
