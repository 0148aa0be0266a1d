/** The small parts of a thread ("Replies in threads") that CommentItem draws. */
import { Link } from 'react-router-dom'
import { profilePath } from '../lib/paths'
import { Icon } from './Icon'
import { SCREENS_COPY } from '../copy-screens'

/** The element id of a comment on the post page, which a deep link scrolls to. */
export const commentAnchor = (commentId: string) => `comment-${commentId}`

/** "Reply" under a comment: opens the reply box of its thread. */
export function ReplyButton({ username, onReply }: { username: string; onReply: () => void }) {
  return (
    <button
      type="button"
      className="reply-btn"
      aria-label={SCREENS_COPY.threads.replyTo(username)}
      onClick={onReply}
    >
      <Icon name="comment" size={16} />
      <span>{SCREENS_COPY.threads.reply}</span>
    </button>
  )
}

/** "Replying to @name" above a reply's text. */
export function ReplyingTo({ username }: { username: string }) {
  return (
    <p className="replying-to">
      {SCREENS_COPY.threads.replyingTo}{' '}
      <Link to={profilePath(username)} className="mention-link">
        <bdi>@{username}</bdi>
      </Link>
    </p>
  )
}

/** A top-level comment deleted while it had replies: it stays, as this, above them. */
export function ThreadPlaceholder({ id, highlighted }: { id: string; highlighted: boolean }) {
  return (
    <li
      id={commentAnchor(id)}
      tabIndex={-1}
      className={`comment comment-deleted${highlighted ? ' highlighted' : ''}`}
    >
      <span className="muted">{SCREENS_COPY.threads.deletedComment}</span>
    </li>
  )
}
