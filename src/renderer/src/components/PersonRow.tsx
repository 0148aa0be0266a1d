import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { UserSummary } from '../../../shared/api-types'
import type { PresenceState, PresentUser } from '../../../shared/presence'
import { PRESENCE_COPY } from '../copy'
import { profilePath } from '../lib/paths'
import { Avatar } from './Avatar'
import { FollowButton } from './FollowButton'
import { MessageButton } from './MessageButton'
import { PersonMenu } from './PersonMenu'
import { PresenceMark } from './PresenceDot'
import { StatusText } from './StatusLine'
import '../styles/people.css'

/** The avatar's size: 32 px in dialogs and the search box, 36 in lists, 40 on the search page. */
export type PersonSize = 'compact' | 'regular' | 'large'

const AVATAR_PX: Record<PersonSize, number> = { compact: 32, regular: 36, large: 40 }

export interface PersonProps {
  user: UserSummary
  size?: PersonSize
  /**
   * The dot on the avatar: by default the person's live presence (state/presence.ts); a list
   * that carries its own (Who's here, a game's "Playing now") passes it.
   */
  presence?: PresenceState
  /** The "You follow" badge after the name (Who's here). */
  followed?: boolean
  /** The first and last name under the username, when the person gave one. */
  fullName?: boolean
  /** A line under the name: "Playing X · 12 min", "12 followers". */
  detail?: ReactNode
  /** A long name wraps (the default) or is cut short with an ellipsis (narrow panels). */
  long?: 'wrap' | 'truncate'
}

/**
 * A person as lists show them: the avatar with its presence dot, the username (isolated with
 * `<bdi>` in right-to-left text), a badge, and a line under it. Inside a PersonRow's link, or
 * on its own where the row is something else (the search box's options are buttons).
 */
export function PersonSummary({
  user,
  size = 'regular',
  presence,
  followed = false,
  fullName = false,
  detail,
  long = 'wrap',
}: PersonProps) {
  const px = AVATAR_PX[size]
  const names = fullName ? [user.firstName, user.lastName].filter(Boolean).join(' ') : ''
  return (
    <>
      {presence === undefined ? (
        <Avatar src={user.profileImg} username={user.username} size={px} presenceOf={user._id} />
      ) : (
        <span className="avatar-with-presence" style={{ width: px, height: px }}>
          <Avatar src={user.profileImg} username={user.username} size={px} />
          {presence === 'offline' ? null : <PresenceMark presence={presence} size="md" />}
        </span>
      )}
      <span className={`person-text person-${long}`}>
        <span className="person-name">
          <bdi className="person-username">{user.username}</bdi>
          {followed ? <span className="person-badge">{PRESENCE_COPY.here.following}</span> : null}
        </span>
        {names ? (
          <bdi className="muted small person-detail" dir="auto">
            {names}
          </bdi>
        ) : null}
        {detail ? <span className="muted small person-detail">{detail}</span> : null}
      </span>
    </>
  )
}

/**
 * One person of a list (`<li>`): their PersonSummary as a link to their profile, and a follow
 * button beside it where the list has one. Used by the followers and following lists, a game's
 * players and "Playing now", Who's here, the search page's people, and who reacted or reposted.
 */
export function PersonRow({
  follow = false,
  onOpen,
  aside = null,
  ...person
}: PersonProps & {
  /** A follow button beside the link (none for oneself). */
  follow?: boolean
  /** Called as the link is followed (a dialog closes). */
  onOpen?: () => void
  /** Beside the link, after any follow button (a "Message" button). */
  aside?: ReactNode
}) {
  const { user } = person
  return (
    <li className="person-item" data-user-id={user._id}>
      <Link to={profilePath(user.username)} className="person-row" onClick={onOpen}>
        <PersonSummary {...person} />
      </Link>
      {follow ? <FollowButton target={user} small /> : null}
      {aside}
      {/* Where a row offers Follow, it offers the person's menu too. */}
      {follow ? <PersonMenu user={user} small /> : null}
    </li>
  )
}

/**
 * Someone of a presence list (Who's here, a game's "Playing now"): their presence and "You
 * follow" as the list carries them, "Playing X · 12 min" under the name (with the note where
 * `withNote`), a long name and game whole, wrapped (styles/people.css).
 */
export function PresentPersonRow({
  entry,
  withNote,
  message = false,
}: {
  entry: PresentUser
  withNote: boolean
  /** A "Message" button beside them (on Who's here's page). */
  message?: boolean
}) {
  return (
    <PersonRow
      user={entry.user}
      presence={entry.presence}
      followed={entry.followed}
      detail={entry.status ? <StatusText status={entry.status} withNote={withNote} /> : null}
      aside={message ? <MessageButton target={entry.user} small /> : null}
    />
  )
}
