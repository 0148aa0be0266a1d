import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom'
import { CommentsCard } from '../components/CommentsCard'
import { commentAnchor } from '../components/ThreadParts'
import { Icon } from '../components/Icon'
import { PostCard } from '../components/PostCard'
import { PostSkeletons } from '../components/Spinner'
import { EmptyState, ErrorState } from '../components/States'
import { isReplyRequest } from '../lib/reply-request'
import { useLiveResync } from '../lib/use-live-resync'
import { commentListAtom } from '../state/comment-votes'
import { loadCommentThreadAtom, loadCommentsAtom } from '../state/comments'
import {
  deletedPostIdsAtom,
  loadPostAtom,
  postAtom,
  postStatusAtom,
  unavailablePostIdsAtom,
} from '../state/posts'
import { SCREENS_COPY } from '../copy-screens'

export function PostPage() {
  const { postId = '' } = useParams()
  const navigate = useNavigate()
  const post = useAtomValue(useMemo(() => postAtom(postId), [postId]))
  const status = useAtomValue(postStatusAtom)[postId]
  const deleted = useAtomValue(deletedPostIdsAtom).has(postId)
  // Hidden from this viewer (a block either way, a suspended author): a placeholder,
  // and no comment box.
  const unavailable = useAtomValue(unavailablePostIdsAtom).has(postId) || post?.unavailable === true
  const comments = useAtomValue(commentListAtom(postId))
  const loadPost = useSetAtom(loadPostAtom)
  const loadComments = useSetAtom(loadCommentsAtom)
  // threads: replies, and deep links to a comment (`?comment=<id>`, kept over a reload)
  const [searchParams] = useSearchParams()
  const linkedComment = searchParams.get('comment')
  const loadThread = useSetAtom(loadCommentThreadAtom)
  const [highlightId, setHighlightId] = useState<string | null>(null)
  const commentBox = useRef<HTMLTextAreaElement>(null)
  const showCommentBox = Boolean(post) && !deleted && !unavailable
  // The `r` shortcut came here (lib/reply-request.ts): the cursor goes to the comment box once it
  // is there, once per request (a second `r` on this page is a new entry, a new key).
  const location = useLocation()
  const replyAsked = isReplyRequest(location.state) ? location.key : null

  useEffect(() => {
    void loadPost(postId)
    void loadComments(postId, { reset: true })
  }, [postId, loadPost, loadComments])
  // threads: a deep link loads the linked comment's thread once the first page is in, then
  // scrolls to it, highlights it and moves focus there.
  useEffect(() => {
    if (!linkedComment || !comments.loaded) return
    let live = true
    void loadThread(postId, linkedComment).then((found) => {
      if (live) setHighlightId(found)
    })
    return () => {
      live = false
    }
  }, [postId, linkedComment, comments.loaded, loadThread])
  useEffect(() => {
    if (!highlightId) return
    const element = document.getElementById(commentAnchor(highlightId))
    if (!element) return
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    element.scrollIntoView({ block: 'center', behavior: reduced ? 'auto' : 'smooth' })
    element.focus({ preventScroll: true })
  }, [highlightId])
  useEffect(() => {
    if (replyAsked && showCommentBox) commentBox.current?.focus()
  }, [replyAsked, showCommentBox])
  useLiveResync(() => {
    void loadPost(postId)
    // threads (leftovers): the first page again keeps a deep-linked thread; it is read again too.
    void loadComments(postId, { reset: true }).then(() =>
      linkedComment ? loadThread(postId, linkedComment) : null,
    )
  })

  let content
  if (deleted) {
    content = <EmptyState title={SCREENS_COPY.post.deleted} />
  } else if (unavailable) {
    content = <EmptyState title={SCREENS_COPY.post.unavailable} />
  } else if (post) {
    content = <PostCard post={post} detail />
  } else if (status?.error) {
    content = <ErrorState message={status.error} onRetry={() => void loadPost(postId)} />
  } else {
    content = <PostSkeletons count={1} />
  }

  return (
    <section className="page-single" data-main-column aria-label="Post">
      <div className="page-title-row">
        <button
          type="button"
          className="icon-btn"
          aria-label="Back"
          onClick={() => (history.length > 1 ? navigate(-1) : navigate('/home'))}
        >
          <Icon name="back" />
        </button>
        <h1 className="page-title">Post</h1>
      </div>
      {content}
      {post && showCommentBox ? (
        <CommentsCard
          postId={postId}
          postOwner={post.username}
          highlightId={highlightId}
          textareaRef={commentBox}
        />
      ) : null}
    </section>
  )
}
