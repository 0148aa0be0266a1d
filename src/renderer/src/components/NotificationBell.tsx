import { useAtomValue, useStore } from 'jotai'
import { useEffect } from 'react'
import { NavLink } from 'react-router-dom'
import { userAtom } from '../state/auth'
import {
  badgeText,
  bellLabel,
  followLiveUnreadCount,
  loadUnreadCountAtom,
  notificationsAvailableAtom,
  unreadCountAtom,
} from '../state/notifications'
import { Icon } from './Icon'
import '../styles/bell.css'

/**
 * Keeps the unread count current while someone is signed in: fetched at sign-in, then moved by
 * the live events (state/notifications.ts); and their notification settings, which decide the
 * system notifications (state/notification-settings.ts). Called once, by the layout around
 * every screen.
 */
export function useNotificationsLive(): void {
  const store = useStore()
  const userId = useAtomValue(userAtom)?._id
  useEffect(() => {
    if (!userId) return
    void store.set(loadUnreadCountAtom)
    const stopCount = followLiveUnreadCount(store)
    // Loaded after the first screen, in its own chunk: it is not part of the first load's budget.
    let stopSettings: (() => void) | null = null
    let stopped = false
    // A chunk that cannot load (the host's server went away, or the page is being left) only
    // means no system notifications until the next sign-in or reload: never an unhandled error.
    import('../state/notification-settings').then(
      ({ followNotificationSettings }) => {
        if (!stopped) stopSettings = followNotificationSettings(store)
      },
      () => undefined,
    )
    return () => {
      stopped = true
      stopCount()
      stopSettings?.()
    }
  }, [store, userId])
}

interface NotificationBellProps {
  className: string | ((state: { isActive: boolean }) => string)
  size?: number
}

/**
 * The bell: a link to /notifications with the unread count as a badge ("9+" above nine). Its
 * name carries the count ("Notifications, 3 unread"); the badge itself is hidden from screen
 * readers so that the count is not read twice. Hidden on a server without notifications.
 */
export function NotificationBell({ className, size = 20 }: NotificationBellProps) {
  const count = useAtomValue(unreadCountAtom)
  const available = useAtomValue(notificationsAvailableAtom)
  if (!available) return null
  const badge = badgeText(count)
  return (
    <NavLink
      to="/notifications"
      className={className}
      aria-label={bellLabel(count)}
      title="Notifications"
      data-bell
    >
      <span className="bell">
        <Icon name="bell" size={size} />
        {badge ? (
          <span className="bell-badge" aria-hidden="true" data-testid="bell-badge">
            {badge}
          </span>
        ) : null}
      </span>
    </NavLink>
  )
}
