import { useAtomValue, useSetAtom } from 'jotai'
import { useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import type { Comment } from '../../../shared/api-types'
import { voteCommentAtom, voteOf } from '../state/comment-votes'
import { deleteCommentAtom } from '../state/comments'
import { userAtom } from '../state/auth'
import { openModalAtom } from '../state/modals'
import { useUndoableDelete } from '../lib/use-undoable-delete'
import { Avatar } from './Avatar'
import { ContentMenu } from './ContentMenu'
import { DeletedPlaceholder } from './DeletedPlaceholder'
import { Icon } from './Icon'
import { RichText } from './PostText'
import { RelativeTime } from './RelativeTime'
import { profilePath } from '../lib/paths'
import { ReplyButton, ReplyingTo, ThreadPlaceholder, commentAnchor } from './ThreadParts'

interface CommentItemProps {
  comment: Comment
  postId: string
  postOwner: string
  /** Deleted on the server: a placeholder keeps its place. */
  removed?: boolean
  /** threads (CommentThread): answer this comment; absent when the server has no threads. */
  onReply?: () => void
  /** threads: the comment a deep link names, highlighted. */
  highlighted?: boolean
}

/** One comment: edit for its author, delete for its author or the post's owner, votes for all. */
export function CommentItem({
  comment,
  postId,
  postOwner,
  removed = false,
  onReply,
  highlighted = false,
}: CommentItemProps) {
  const me = useAtomValue(userAtom)
  const vote = useSetAtom(voteCommentAtom)
  const remove = useSetAtom(deleteCommentAtom)
  const openModal = useSetAtom(openModalAtom)
  const mine = me?.username === comment.username
  const canDelete = mine || me?.username === postOwner
  const myVote = voteOf(comment, me?.username)
  const score = comment.votes.upvoteCount - comment.votes.downvoteCount
  const itemRef = useRef<HTMLLIElement>(null)
  const [height, setHeight] = useState(0)
  const removal = useUndoableDelete(() => void remove(postId, comment._id))

  if (removal.pending || removed) {
    return (
      <DeletedPlaceholder
        as="li"
        what="Comment"
        height={height}
        onUndo={removal.pending ? removal.undo : undefined}
      />
    )
  }

  // threads: a deleted comment's placeholder keeps its thread (CommentThread shows the replies)
  if (comment.deleted) return <ThreadPlaceholder id={comment._id} highlighted={highlighted} />

  const isReply = (comment.parentId ?? null) !== null
  return (
    <li
      ref={itemRef}
      id={commentAnchor(comment._id)}
      tabIndex={-1}
      className={`comment${isReply ? ' comment-reply' : ''}${highlighted ? ' highlighted' : ''}`}
      aria-label={`${isReply ? 'Reply' : 'Comment'} by ${comment.username}`}
      aria-current={highlighted ? 'true' : undefined}
    >
      <Link to={profilePath(comment.username)} tabIndex={-1} aria-hidden="true">
        <Avatar src={comment.author?.profileImg} username={comment.username} size={36} />
      </Link>
      <div className="comment-main">
        <div className="comment-header">
          <Link to={profilePath(comment.username)} className="username-link">
            <bdi>{comment.username}</bdi>
          </Link>
          <span className="dot" aria-hidden="true">
            ·
          </span>
          <RelativeTime iso={comment.createdAt} />
          {mine || canDelete ? (
            <span className="comment-owner-actions">
              {mine ? (
                <button
                  type="button"
                  className="icon-btn sm"
                  aria-label="Edit comment"
                  title="Edit comment"
                  onClick={() =>
                    openModal({
                      kind: 'editComment',
                      postId,
                      commentId: comment._id,
                      text: comment.text,
                    })
                  }
                >
                  <Icon name="edit" size={16} />
                </button>
              ) : null}
              {canDelete ? (
                <button
                  type="button"
                  className="icon-btn sm danger"
                  aria-label="Delete comment"
                  title="Delete comment"
                  onClick={() => {
                    setHeight(itemRef.current?.getBoundingClientRect().height ?? 0)
                    removal.start()
                  }}
                >
                  <Icon name="trash" size={16} />
                </button>
              ) : null}
            </span>
          ) : null}
          {!mine && comment.author ? (
            <ContentMenu
              target={{ kind: 'comment', id: comment._id, postId, author: comment.author }}
            />
          ) : null}
        </div>
        {isReply && comment.replyToUsername ? (
          <ReplyingTo username={comment.replyToUsername} />
        ) : null}
        <p className="comment-text" dir="auto">
          <RichText text={comment.text} mentions={comment.mentions} />
        </p>
        <div className="comment-votes">
          <button
            type="button"
            className={`vote-btn up${myVote === 'up' ? ' active' : ''}`}
            aria-label={`Upvote, ${comment.votes.upvoteCount}`}
            aria-pressed={myVote === 'up'}
            title={`Upvote (${comment.votes.upvoteCount})`}
            onClick={() => void vote(postId, comment._id, 'up')}
          >
            <Icon name="up" size={16} />
            <span>{comment.votes.upvoteCount}</span>
          </button>
          <span className="score" title="Score">
            {score}
          </span>
          <button
            type="button"
            className={`vote-btn down${myVote === 'down' ? ' active' : ''}`}
            aria-label={`Downvote, ${comment.votes.downvoteCount}`}
            aria-pressed={myVote === 'down'}
            title={`Downvote (${comment.votes.downvoteCount})`}
            onClick={() => void vote(postId, comment._id, 'down')}
          >
            <Icon name="down" size={16} />
            <span>{comment.votes.downvoteCount}</span>
          </button>
        </div>
        {onReply ? <ReplyButton username={comment.username} onReply={onReply} /> : null}
      </div>
    </li>
  )
}
