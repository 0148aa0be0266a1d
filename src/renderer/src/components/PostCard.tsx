import { useAtomValue, useSetAtom } from 'jotai'
import { AuthorPresence } from './AuthorPresence'
import { useEffect, useRef, useState } from 'react'
import type { MouseEvent } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import type { Post, RepostReason } from '../../../shared/api-types'
import { postShareUrl } from '../lib/addresses'
import { copyText } from '../lib/clipboard'
import { notifyError, notifySuccess } from '../lib/notify'
import { formatCount } from '../lib/relative-time'
import { useUndoableDelete } from '../lib/use-undoable-delete'
import { userAtom } from '../state/auth'
import { openModalAtom } from '../state/modals'
import {
  deletedPostIdsAtom,
  deletePostAtom,
  isLikedBy,
  shownBookmarkIdsAtom,
  toggleBookmarkAtom,
  toggleLikeAtom,
} from '../state/posts'
import { Avatar } from './Avatar'
import { ContentMenu } from './ContentMenu'
import { DeletedPlaceholder } from './DeletedPlaceholder'
import { Icon } from './Icon'
import { PostMedia } from './PostMedia'
import { PollView } from './PollView'
import { RichText } from './PostText'
import { EditedMark, RelativeTime } from './RelativeTime'
import { postPath as pathOfPost, profilePath } from '../lib/paths'
import { COPY } from '../copy'
// Reposts, quotes and emoji reactions.
import { QuoteEmbed } from './shares/QuoteEmbed'
import { ReactionAddButton, ReactionBar } from './shares/ReactionBar'
import { RepostHeader } from './shares/RepostHeader'
import { ShareButtons } from './shares/ShareButtons'

interface PostCardProps {
  post: Post
  /** On its own page: deleting asks first, then goes home (the spec's order). */
  detail?: boolean
  /** In the home feed, the repost that brought it there ("X reposted"). */
  repostedBy?: RepostReason | null
}

/** Clicks on these open what they are, not the post. */
// A poll is one control as a whole: a click in it, even beside an option, never opens the post.
const INTERACTIVE = 'a, button, input, textarea, select, label, [role="button"], img, .poll'

export function PostCard({ post, detail = false, repostedBy = null }: PostCardProps) {
  const me = useAtomValue(userAtom)
  const bookmarked = useAtomValue(shownBookmarkIdsAtom).has(post._id)
  const deleted = useAtomValue(deletedPostIdsAtom).has(post._id)
  const toggleLike = useSetAtom(toggleLikeAtom)
  const toggleBookmark = useSetAtom(toggleBookmarkAtom)
  const deletePost = useSetAtom(deletePostAtom)
  const openModal = useSetAtom(openModalAtom)
  const navigate = useNavigate()
  const cardRef = useRef<HTMLElement>(null)
  const [height, setHeight] = useState(0)
  const [confirming, setConfirming] = useState(false)
  const removal = useUndoableDelete(() => void deletePost(post._id))
  const liked = isLikedBy(post, me?.username)
  const own = me?.username === post.username
  const postPath = pathOfPost(post._id)
  const authorPath = profilePath(post.username)
  const commentCount = post.commentCount ?? 0
  const likeCount = post.likes.likeCount

  if (!detail && (removal.pending || deleted)) {
    return (
      <DeletedPlaceholder
        what="Post"
        height={height}
        onUndo={removal.pending ? removal.undo : undefined}
      />
    )
  }

  const onDelete = () => {
    if (detail) {
      setConfirming(true)
      return
    }
    setHeight(cardRef.current?.getBoundingClientRect().height ?? 0)
    removal.start()
  }

  const confirmDetailDelete = () => {
    // The spec: leave the post's page first, then delete after 500 ms.
    navigate('/home')
    setTimeout(() => void deletePost(post._id), 500)
  }

  /** A click on the card that is not a text selection nor on a control opens the post. */
  const onCardClick = (event: MouseEvent<HTMLElement>) => {
    if (detail || event.defaultPrevented || event.button !== 0) return
    if ((event.target as HTMLElement).closest(INTERACTIVE)) return
    const selection = window.getSelection()
    if (selection && !selection.isCollapsed && selection.toString().trim()) return
    if (event.ctrlKey || event.metaKey) window.open(postPath, '_blank', 'noopener')
    else navigate(postPath)
  }

  const copyLink = async () => {
    if (await copyText(postShareUrl(post._id))) notifySuccess(COPY.toasts.linkCopied)
    else notifyError(COPY.toasts.linkNotCopied)
  }

  return (
    <article
      ref={cardRef}
      className={`card post-card${detail ? ' detail' : ' clickable'}`}
      aria-label={`Post by ${post.username}`}
      data-post-id={post._id}
      tabIndex={-1}
      onClick={onCardClick}
    >
      {repostedBy ? <RepostHeader reason={repostedBy} meId={me?._id} /> : null}
      <header className="post-header">
        <Link to={authorPath} className="post-avatar-link" tabIndex={-1} aria-hidden="true">
          <Avatar
            src={post.author?.profileImg}
            username={post.username}
            size={44}
            presenceOf={post.author?._id}
          />
        </Link>
        <div className="post-meta">
          <Link to={authorPath} className="username-link">
            <bdi>{post.username}</bdi>
          </Link>
          <span className="dot" aria-hidden="true">
            ·
          </span>
          {/* The `o` and Enter shortcuts open the post with this link (KeyboardShortcuts.tsx). */}
          <Link to={postPath} className="time-link" data-shortcut={detail ? undefined : 'open'}>
            <RelativeTime iso={post.createdAt} />
          </Link>
          {post.editedAt ? <EditedMark iso={post.editedAt} /> : null}
          {post.author ? <AuthorPresence userId={post.author._id} /> : null}
        </div>
        {own ? (
          <div className="post-owner-actions">
            <button
              type="button"
              className="icon-btn"
              aria-label="Edit post"
              title="Edit post"
              onClick={() =>
                openModal({
                  kind: 'editPost',
                  postId: post._id,
                  content: post.content,
                  poll: post.poll ?? null,
                })
              }
            >
              <Icon name="edit" size={18} />
            </button>
            <button
              type="button"
              className="icon-btn danger"
              aria-label="Delete post"
              title="Delete post"
              onClick={onDelete}
            >
              <Icon name="trash" size={18} />
            </button>
          </div>
        ) : null}
        {!own && post.author ? (
          <ContentMenu
            target={{ kind: 'post', id: post._id, author: post.author }}
            onDeleted={detail ? () => navigate('/home') : undefined}
          />
        ) : null}
      </header>
      {confirming ? (
        <ConfirmRow
          question="Delete this post? This cannot be undone."
          confirmLabel="Delete"
          onCancel={() => setConfirming(false)}
          onConfirm={confirmDetailDelete}
        />
      ) : null}
      {post.content ? (
        <p className="post-content" dir="auto" elementtiming="post-content">
          <RichText text={post.content} mentions={post.mentions} />
        </p>
      ) : null}
      {post.media && post.media.length > 0 ? <PostMedia media={post.media} /> : null}
      {post.poll ? (
        <PollView postId={post._id} poll={post.poll} own={own} canVote={me !== null} />
      ) : null}
      {post.quoteOf ? <QuoteEmbed embed={post.quoteOf} /> : null}
      <ReactionBar post={post} />
      {/* `data-shortcut`: the l and b keys click these (KeyboardShortcuts.tsx). */}
      <footer className="post-actions">
        <button
          type="button"
          className={`action-btn like${liked ? ' active' : ''}`}
          aria-label={`${liked ? 'Unlike' : 'Like'}, ${likeCount} ${likeCount === 1 ? 'like' : 'likes'}`}
          aria-pressed={liked}
          title={liked ? 'Unlike' : 'Like'}
          data-shortcut="like"
          onClick={() => void toggleLike(post._id)}
        >
          <Icon name="heart" filled={liked} size={19} />
          <span className="count" aria-hidden="true">
            {formatCount(likeCount)}
          </span>
        </button>
        <Link
          to={postPath}
          className="action-btn comments-link"
          aria-label={`Comments, ${commentCount}`}
          title="Comments"
        >
          <Icon name="comment" size={19} />
          <span className="count" aria-hidden="true">
            {formatCount(commentCount)}
          </span>
        </Link>
        <ShareButtons post={post} />
        <ReactionAddButton post={post} />
        <button
          type="button"
          className="action-btn copy-link"
          aria-label="Copy link to post"
          title="Copy link"
          onClick={() => void copyLink()}
        >
          <Icon name="copy" size={18} />
        </button>
        <button
          type="button"
          className={`action-btn bookmark${bookmarked ? ' active' : ''}`}
          aria-label={bookmarked ? 'Remove bookmark' : 'Bookmark'}
          aria-pressed={bookmarked}
          title={bookmarked ? 'Remove bookmark' : 'Bookmark'}
          data-shortcut="bookmark"
          onClick={() => void toggleBookmark(post._id)}
        >
          <Icon name="bookmark" filled={bookmarked} size={19} />
        </button>
      </footer>
    </article>
  )
}

/** An inline "are you sure?" with the safe choice focused. */
export function ConfirmRow({
  question,
  confirmLabel,
  onCancel,
  onConfirm,
}: {
  question: string
  confirmLabel: string
  onCancel: () => void
  onConfirm: () => void
}) {
  const cancelRef = useRef<HTMLButtonElement>(null)
  useEffect(() => cancelRef.current?.focus(), [])
  return (
    <div className="modal-confirm" role="group" aria-label={question}>
      <p>{question}</p>
      <div className="modal-confirm-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel} ref={cancelRef}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </div>
  )
}
