import { useAtomValue, useStore } from 'jotai'
import { useEffect } from 'react'
import { NavLink } from 'react-router-dom'
import { userAtom } from '../state/auth'
import {
  conversationsAvailableAtom,
  followLiveConversations,
  loadUnreadAtom,
  totalUnreadAtom,
} from '../state/conversations'
import { badgeText } from '../state/notifications'
import { Icon } from './Icon'
import '../styles/bell.css'

/**
 * Keeps the Messages badge and the conversations current while someone is signed in:
 * the unread total is fetched at sign-in, then moved by the live events. Called once, by the
 * layout around every screen.
 */
export function useConversationsLive(): void {
  const store = useStore()
  const userId = useAtomValue(userAtom)?._id
  useEffect(() => {
    if (!userId) return
    void store.set(loadUnreadAtom)
    return followLiveConversations(store)
  }, [store, userId])
}

/** "Messages, 3 unread". */
export function messagesLabel(count: number | null): string {
  return count !== null && count > 0 ? `Messages, ${count} unread` : 'Messages'
}

/**
 * The link to /messages with the unread total as a badge (as the bell's: "9+" above nine, hidden
 * from screen readers, which read the count in the name). Hidden on a server without
 * conversations.
 */
export function MessagesLink({
  className,
  size = 20,
}: {
  className: string | ((state: { isActive: boolean }) => string)
  size?: number
}) {
  const count = useAtomValue(totalUnreadAtom)
  const available = useAtomValue(conversationsAvailableAtom)
  if (!available) return null
  const badge = badgeText(count)
  return (
    <NavLink
      to="/messages"
      className={className}
      aria-label={messagesLabel(count)}
      title="Messages"
    >
      <span className="bell">
        <Icon name="message" size={size} />
        {badge ? (
          <span className="bell-badge" aria-hidden="true" data-testid="messages-badge">
            {badge}
          </span>
        ) : null}
      </span>
    </NavLink>
  )
}
