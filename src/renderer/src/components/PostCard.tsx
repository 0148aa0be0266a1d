import { useAtomValue, useSetAtom } from 'jotai'
import { Link, useNavigate } from 'react-router-dom'
import type { Post } from '../../../shared/api-types'
import { formatCount } from '../lib/relative-time'
import { bookmarkIdsAtom, userAtom } from '../state/auth'
import { openModalAtom } from '../state/modals'
import { deletePostAtom, isLikedBy, toggleBookmarkAtom, toggleLikeAtom } from '../state/posts'
import { Avatar } from './Avatar'
import { ContentMenu } from './ContentMenu'
import { Icon } from './Icon'
import { RelativeTime } from './RelativeTime'
import { profilePath } from '../lib/paths'

interface PostCardProps {
  post: Post
  /** On its own page: the body is not a link, and deleting goes home first. */
  detail?: boolean
}

export function PostCard({ post, detail = false }: PostCardProps) {
  const me = useAtomValue(userAtom)
  const bookmarked = useAtomValue(bookmarkIdsAtom).has(post._id)
  const toggleLike = useSetAtom(toggleLikeAtom)
  const toggleBookmark = useSetAtom(toggleBookmarkAtom)
  const deletePost = useSetAtom(deletePostAtom)
  const openModal = useSetAtom(openModalAtom)
  const navigate = useNavigate()
  const liked = isLikedBy(post, me?.username)
  const own = me?.username === post.username
  const postPath = `/post/${encodeURIComponent(post._id)}`
  const authorPath = profilePath(post.username)

  const onDelete = () => {
    if (detail) {
      // The spec: leave the post's page first, then delete after 500 ms.
      navigate('/home')
      setTimeout(() => void deletePost(post._id), 500)
    } else {
      void deletePost(post._id)
    }
  }

  const body = <p className="post-content">{post.content}</p>

  return (
    <article
      className={`card post-card${detail ? ' detail' : ''}`}
      aria-label={`Post by ${post.username}`}
    >
      <header className="post-header">
        <Link to={authorPath} className="post-avatar-link" tabIndex={-1} aria-hidden="true">
          <Avatar src={post.author?.profileImg} username={post.username} size={44} />
        </Link>
        <div className="post-meta">
          <Link to={authorPath} className="username-link">
            {post.username}
          </Link>
          <span className="dot" aria-hidden="true">
            ·
          </span>
          <RelativeTime iso={post.createdAt} />
        </div>
        {own ? (
          <div className="post-owner-actions">
            <button
              type="button"
              className="icon-btn"
              aria-label="Edit post"
              title="Edit post"
              onClick={() =>
                openModal({ kind: 'editPost', postId: post._id, content: post.content })
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
      {detail ? (
        body
      ) : (
        <Link to={postPath} className="post-body-link" aria-label={`Open post by ${post.username}`}>
          {body}
        </Link>
      )}
      <footer className="post-actions">
        <button
          type="button"
          className={`action-btn like${liked ? ' active' : ''}`}
          aria-label={liked ? 'Unlike' : 'Like'}
          aria-pressed={liked}
          title={liked ? 'Unlike' : 'Like'}
          onClick={() => void toggleLike(post._id)}
        >
          <Icon name="heart" filled={liked} size={19} />
          <span className="count">{formatCount(post.likes.likeCount)}</span>
        </button>
        <Link
          to={postPath}
          className="action-btn comments-link"
          aria-label={`Comments (${post.commentCount ?? 0})`}
          title="Comments"
        >
          <Icon name="comment" size={19} />
          <span className="count">{formatCount(post.commentCount ?? 0)}</span>
        </Link>
        <button
          type="button"
          className={`action-btn bookmark${bookmarked ? ' active' : ''}`}
          aria-label={bookmarked ? 'Remove bookmark' : 'Bookmark'}
          aria-pressed={bookmarked}
          title={bookmarked ? 'Remove bookmark' : 'Bookmark'}
          onClick={() => void toggleBookmark(post._id)}
        >
          <Icon name="bookmark" filled={bookmarked} size={19} />
        </button>
      </footer>
    </article>
  )
}
