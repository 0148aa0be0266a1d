/**
 * The /notifications page's list (docs/API.md, "Notifications"), loaded with that page. The
 * page loads it afresh each time it opens, and follows the live events only while it is open:
 * the unread count (notifications.ts) is what follows them all the time.
 */
import { atom } from 'jotai'
import type { LiveEventMap, Notification } from '../../../shared/api-types'
import { listNotifications } from '../api/notifications'
import { applyLiveEvents } from '../live/bus'
import { NOT_LOADED, hasFailed, needsPageLoad, retryWhenBack, runLoad } from './async'
import type { Loadable } from './async'
import { notificationSessionAtom, type Store } from './notifications'

/** The loaded notifications, newest first, and how to go on (the shape of state/lists.ts). */
export interface NotificationsState extends Loadable {
  items: Notification[]
  nextCursor: string | null
}

const EMPTY: NotificationsState = { ...NOT_LOADED, items: [], nextCursor: null }

export const notificationsAtom = atom<NotificationsState>(EMPTY)

/**
 * Notifications that arrived live while a first page was loading (null when none is): that page
 * may have been read before they were written, so they join it when it lands.
 */
const arrivedWhileLoadingAtom = atom<Notification[] | null>(null)

/** The session (notifications.ts) of the latest load: a failure of an earlier one is not retried. */
const loadedInSessionAtom = atom<number | null>(null)

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
    if (!needsPageLoad(current, options.reset === true)) return
    const session = get(notificationSessionAtom)
    const sameSession = () => get(notificationSessionAtom) === session
    set(loadedInSessionAtom, session)
    const first = options.reset === true || !current.loaded
    if (first) set(arrivedWhileLoadingAtom, [])
    const loaded = await runLoad(
      () => get(notificationsAtom),
      (state) => set(notificationsAtom, state),
      () => listNotifications(first ? null : current.nextCursor),
      (list, page) => {
        if (!first) {
          const known = new Set(list.items.map((item) => item.id))
          return {
            items: [...list.items, ...page.notifications.filter((item) => !known.has(item.id))],
            nextCursor: page.nextCursor ?? null,
          }
        }
        const inPage = new Set(page.notifications.map((item) => item.id))
        const arrived = (get(arrivedWhileLoadingAtom) ?? []).filter((item) => !inPage.has(item.id))
        set(arrivedWhileLoadingAtom, null)
        return { items: [...arrived, ...page.notifications], nextCursor: page.nextCursor ?? null }
      },
      sameSession,
    )
    if (!loaded && first && sameSession()) set(arrivedWhileLoadingAtom, null)
  },
)

/** The list is in the retry pass (async.ts) once its page has loaded, as every list is. */
retryWhenBack((get, set) => {
  const failed = hasFailed(get(notificationsAtom))
  if (failed && get(loadedInSessionAtom) === get(notificationSessionAtom)) {
    void set(loadNotificationsAtom, { reset: true })
  }
})

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

const reloadAtom = atom(null, (_get, set) => set(loadNotificationsAtom, { reset: true }))

/**
 * While the page is open: new notifications join the list at the top, and after a `reset` (missed
 * events that cannot be replayed) the list is loaded again. Answers the unsubscribe.
 */
export function followLiveNotificationList(store: Store): () => void {
  return applyLiveEvents(store, { notification: receiveNotificationAtom, reset: reloadAtom })
}
