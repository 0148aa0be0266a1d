/**
 * The /notifications page's list (docs/API.md, "Notifications"), loaded with that page. The
 * page loads it afresh each time it opens, and follows the live events only while it is open:
 * the unread count (notifications.ts) is what follows them all the time.
 */
import { atom } from 'jotai'
import type { LiveEventMap, Notification } from '../../../shared/api-types'
import { listNotifications } from '../api/notifications'
import { onLiveEvent } from '../live/bus'
import { messageOf } from '../lib/notify'
import { notificationSessionAtom, type Store } from './notifications'

/** The loaded notifications, newest first, and how to go on (the shape of state/lists.ts). */
export interface NotificationsState {
  items: Notification[]
  nextCursor: string | null
  status: 'idle' | 'loading' | 'ready' | 'error'
  /** True once the first page arrived, so a refresh keeps showing the old items. */
  loaded: boolean
  error: string | null
}

const EMPTY: NotificationsState = {
  items: [],
  nextCursor: null,
  status: 'idle',
  loaded: false,
  error: null,
}

export const notificationsAtom = atom<NotificationsState>(EMPTY)

/**
 * Notifications that arrived live while a first page was loading (null when none is): that page
 * may have been read before they were written, so they join it when it lands.
 */
const arrivedWhileLoadingAtom = atom<Notification[] | null>(null)

/**
 * Loads the first page (`reset`) or the next one; old items stay on screen meanwhile, unless
 * `clear` (opening the page: what was new last time must not show as new again, and nothing of
 * an earlier session may show).
 */
export const loadNotificationsAtom = atom(
  null,
  async (get, set, options: { reset?: boolean; clear?: boolean } = {}) => {
    if (options.clear) set(notificationsAtom, EMPTY)
    const current = get(notificationsAtom)
    if (current.status === 'loading') return
    if (!options.reset && current.loaded && current.nextCursor === null) return
    const session = get(notificationSessionAtom)
    const first = options.reset === true || !current.loaded
    set(notificationsAtom, { ...current, status: 'loading', error: null })
    if (first) set(arrivedWhileLoadingAtom, [])
    try {
      const page = await listNotifications(first ? null : current.nextCursor)
      if (get(notificationSessionAtom) !== session) return
      let items: Notification[]
      if (first) {
        const inPage = new Set(page.notifications.map((item) => item.id))
        const arrived = (get(arrivedWhileLoadingAtom) ?? []).filter((item) => !inPage.has(item.id))
        set(arrivedWhileLoadingAtom, null)
        items = [...arrived, ...page.notifications]
      } else {
        const list = get(notificationsAtom).items
        const known = new Set(list.map((item) => item.id))
        items = [...list, ...page.notifications.filter((item) => !known.has(item.id))]
      }
      set(notificationsAtom, {
        items,
        nextCursor: page.nextCursor ?? null,
        status: 'ready',
        loaded: true,
        error: null,
      })
    } catch (error) {
      if (get(notificationSessionAtom) !== session) return
      if (first) set(arrivedWhileLoadingAtom, null)
      set(notificationsAtom, {
        ...get(notificationsAtom),
        status: 'error',
        error: messageOf(error),
      })
    }
  },
)

/** A `notification` event: shown first in a loaded list (or kept for the page being loaded). */
export const receiveNotificationAtom = atom(
  null,
  (get, set, { notification }: LiveEventMap['notification']) => {
    const arrived = get(arrivedWhileLoadingAtom)
    if (arrived) set(arrivedWhileLoadingAtom, [notification, ...arrived])
    const list = get(notificationsAtom)
    if (!list.loaded || list.items.some((item) => item.id === notification.id)) return
    set(notificationsAtom, { ...list, items: [notification, ...list.items] })
  },
)

/**
 * While the page is open: new notifications join the list at the top, and after a `reset` (missed
 * events that cannot be replayed) the list is loaded again. Answers the unsubscribe.
 */
export function followLiveNotificationList(store: Store): () => void {
  const unsubscribers = [
    onLiveEvent('notification', (data) => store.set(receiveNotificationAtom, data)),
    onLiveEvent('reset', () => void store.set(loadNotificationsAtom, { reset: true })),
  ]
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe()
  }
}
