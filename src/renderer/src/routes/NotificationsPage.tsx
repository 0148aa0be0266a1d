import { useAtomValue, useSetAtom, useStore } from 'jotai'
import { useEffect, useMemo, useState } from 'react'
import type { MouseEvent, ReactNode } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import type { NotificationType } from '../../../shared/api-types'
import { Avatar } from '../components/Avatar'
import { Icon } from '../components/Icon'
import type { IconName } from '../components/Icon'
import { RelativeTime } from '../components/RelativeTime'
import { Spinner } from '../components/Spinner'
import { LoadMore } from '../components/LoadMore'
import { EmptyState, ErrorState } from '../components/States'
import {
  actionText,
  groupNotifications,
  pollEndedText,
  groupTarget,
  type NotificationGroup,
} from '../lib/notification-groups'
import { gameNightPath, profilePath } from '../lib/paths'
import { useInfiniteScroll } from '../lib/use-infinite-scroll'
import {
  followLiveNotificationList,
  loadNotificationsAtom,
  notificationsAtom,
} from '../state/notification-list'
import { markSeenAtom } from '../state/notifications'
import { userAtom } from '../state/auth'
import '../styles/notifications.css'
import { SCREENS_COPY } from '../copy-screens'

const ICONS: Record<NotificationType, IconName> = {
  like: 'heart',
  comment: 'comment',
  upvote: 'up',
  follow: 'user',
  mention: 'at',
  report: 'alert',
  'report-handled': 'check',
  reply: 'comment',
  repost: 'repost',
  quote: 'quote',
  reaction: 'smile',
  'game-night-changed': 'edit',
  'game-night-cancelled': 'close',
  'game-night-promoted': 'check',
  'game-night-reminder': 'calendar',
  'poll-ended': 'poll',
}

/** Avatars drawn per entry; the names say how many more there are. */
const AVATARS_SHOWN = 5

/** Clicks on these do what they are, not open the entry. */
const INTERACTIVE = 'a, button'

/** threads: with a comment, a deep link to it (`?comment=`, PostPage). */
function postPath(postId: string, commentId?: string): string {
  const path = `/post/${encodeURIComponent(postId)}`
  return commentId === undefined ? path : `${path}?comment=${encodeURIComponent(commentId)}`
}

/** One entry: who (the first name, then "and N others" to unfold), what, when, and where to. */
function NotificationEntry({ group }: { group: NotificationGroup }) {
  const navigate = useNavigate()
  const viewerId = useAtomValue(userAtom)?._id
  const [showAll, setShowAll] = useState(false)
  const target = groupTarget(group)
  const targetPath =
    target.kind === 'post'
      ? postPath(target.id, target.commentId)
      : target.kind === 'game-night'
        ? gameNightPath(target.id)
        : profilePath(target.id)
  const [first, ...others] = group.actors
  if (!first) return null

  /** A click on the entry that is not on a link or button, nor a text selection, opens it. */
  const onClick = (event: MouseEvent<HTMLLIElement>) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest(INTERACTIVE)) return
    const selection = window.getSelection()
    if (selection && !selection.isCollapsed && selection.toString().trim()) return
    navigate(targetPath)
  }

  const name = (username: string) => (
    <Link to={profilePath(username)} className="username-link">
      {username}
    </Link>
  )

  return (
    <li
      className={`card notification${group.unread ? ' unread' : ''}`}
      data-notification-type={group.type}
      data-count={group.actors.length}
      onClick={onClick}
    >
      <span className={`notification-icon ${group.type}`} aria-hidden="true">
        <Icon name={ICONS[group.type]} size={20} filled={group.type === 'like'} />
      </span>
      <div className="notification-main">
        <div className="notification-avatars" aria-hidden="true">
          {group.actors.slice(0, AVATARS_SHOWN).map((actor) => (
            <Avatar key={actor._id} src={actor.profileImg} username={actor.username} size={30} />
          ))}
        </div>
        <p className="notification-text">
          {group.unread ? <span className="visually-hidden">New: </span> : null}
          {group.type === 'poll-ended' ? (
            <PollEndedWords own={first._id === viewerId} name={name(first.username)} />
          ) : (
            <>
              {name(first.username)}
              {others.length === 1 && others[0] ? <> and {name(others[0].username)}</> : null}
              {others.length > 1 ? (
                <>
                  {' and '}
                  <button
                    type="button"
                    className="link-btn notification-others-toggle"
                    aria-expanded={showAll}
                    onClick={() => setShowAll(!showAll)}
                  >
                    {others.length} others
                  </button>
                </>
              ) : null}{' '}
              {actionText(group)}
            </>
          )}
          <span className="dot" aria-hidden="true">
            {' · '}
          </span>
          <RelativeTime iso={group.newest.createdAt} />
        </p>
        {showAll ? (
          <ul className="notification-others" aria-label={`Everyone who ${actionText(group)}`}>
            {others.map((actor) => (
              <li key={actor._id}>{name(actor.username)}</li>
            ))}
          </ul>
        ) : null}
        {target.kind === 'post' ? (
          <Link to={targetPath} className="notification-snippet">
            <span className="notification-snippet-text" dir="auto">
              {group.newest.snippet || 'View the post'}
            </span>
          </Link>
        ) : null}
      </div>
      {group.unread ? <span className="unread-dot" aria-hidden="true" /> : null}
    </li>
  )
}

/** "Your poll has ended", or "The poll by sam has ended" (the name a link). */
function PollEndedWords({ own, name }: { own: boolean; name: ReactNode }) {
  const { before, after } = pollEndedText(own)
  return own ? (
    <>{before}</>
  ) : (
    <>
      {before}
      {name}
      {after}
    </>
  )
}

/**
 * `/notifications`: newest first and grouped (lib/notification-groups.ts), a page at a time.
 * What is on screen counts as seen: the server is told so (up to the newest shown) once the
 * window is visible, and the bell's badge drops; the entries keep showing as new until the page
 * is opened again.
 */
export function NotificationsPage() {
  const store = useStore()
  const state = useAtomValue(notificationsAtom)
  const load = useSetAtom(loadNotificationsAtom)
  const markSeen = useSetAtom(markSeenAtom)
  const groups = useMemo(() => groupNotifications(state.items), [state.items])
  const more = state.loaded && state.nextCursor !== null
  const loading = state.status === 'loading'
  const sentinel = useInfiniteScroll(() => void load(), more && !loading && !state.error)
  const newestId = state.items[0]?.id
  const anyUnread = state.items.some((item) => !item.read)

  useEffect(() => {
    void load({ reset: true, clear: true })
    return followLiveNotificationList(store)
  }, [load, store])

  useEffect(() => {
    if (!state.loaded || !newestId || !anyUnread) return
    const markIfSeen = () => {
      if (document.visibilityState === 'visible') void markSeen(newestId)
    }
    markIfSeen()
    // A window in the background has not been seen: wait until it is shown.
    document.addEventListener('visibilitychange', markIfSeen)
    return () => document.removeEventListener('visibilitychange', markIfSeen)
  }, [state.loaded, newestId, anyUnread, markSeen])

  let content
  if (!state.loaded) {
    content =
      state.status === 'error' && state.error ? (
        <ErrorState message={state.error} onRetry={() => void load({ reset: true })} />
      ) : (
        <Spinner label="Loading notifications" />
      )
  } else if (groups.length === 0) {
    content = (
      <EmptyState title={SCREENS_COPY.notifications.empty}>
        <p className="empty-hint">{SCREENS_COPY.notifications.emptyHint}</p>
      </EmptyState>
    )
  } else {
    content = (
      <>
        <ul className="notification-list" aria-labelledby="notifications-title">
          {groups.map((group) => (
            <NotificationEntry key={group.key} group={group} />
          ))}
        </ul>
        {state.status === 'error' && state.error ? (
          <ErrorState message={state.error} onRetry={() => void load()} />
        ) : null}
        <LoadMore
          more={more}
          loading={loading}
          what="notifications"
          onLoadMore={() => void load()}
          sentinelRef={sentinel}
          endText="You're all caught up"
        />
      </>
    )
  }

  return (
    <section className="page-single" data-main-column aria-labelledby="notifications-title">
      <div className="page-title-row">
        <h1 id="notifications-title" className="page-title">
          Notifications
        </h1>
        <Link to="/notifications/settings" className="btn btn-secondary btn-sm">
          {SCREENS_COPY.notifications.settings}
        </Link>
      </div>
      {content}
    </section>
  )
}
