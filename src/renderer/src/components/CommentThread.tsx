/**
 * One thread on the post page ("Replies in threads"; docs/API.md "Threads"): a
 * top-level comment, its replies oldest first under it, "Show N more replies" while the server
 * has more, and the reply box of the comment being answered. On a server without threads it is
 * just the comment.
 */
import { useSetAtom } from 'jotai'
import { useState } from 'react'
import type { Comment } from '../../../shared/api-types'
import { LIMITS } from '../../../shared/limits'
import { addCommentAtom, loadMoreRepliesAtom } from '../state/comments'
import { CommentItem } from './CommentItem'
import { TextEditor } from './TextEditor'
import { commentAnchor } from './ThreadParts'
import '../styles/threads.css'
import { SCREENS_COPY } from '../copy-screens'

interface CommentThreadProps {
  root: Comment
  /** Its replies the list has, oldest first. */
  replies: Comment[]
  postId: string
  postOwner: string
  removedIds: readonly string[]
  /** The comment a deep link names. */
  highlightId: string | null
  /** The server supports threads: comments can be answered. */
  threads: boolean
}

export function CommentThread({
  root,
  replies,
  postId,
  postOwner,
  removedIds,
  highlightId,
  threads,
}: CommentThreadProps) {
  const addComment = useSetAtom(addCommentAtom)
  const loadMore = useSetAtom(loadMoreRepliesAtom)
  const [answering, setAnswering] = useState<Comment | null>(null)
  const [loading, setLoading] = useState(false)
  const shown = replies.filter((reply) => !removedIds.includes(reply._id)).length
  const more = root.repliesCursor ? Math.max(0, (root.replyCount ?? 0) - shown) : 0

  const item = (comment: Comment) => (
    <CommentItem
      key={comment._id}
      comment={comment}
      postId={postId}
      postOwner={postOwner}
      removed={removedIds.includes(comment._id)}
      highlighted={highlightId === comment._id}
      onReply={threads && !comment.deleted ? () => setAnswering(comment) : undefined}
    />
  )

  return (
    <>
      {item(root)}
      {replies.length > 0 || more > 0 || answering ? (
        <li className="comment-thread">
          <ul
            className="comment-list comment-replies"
            aria-label={SCREENS_COPY.threads.repliesOf(root.username)}
          >
            {replies.map(item)}
          </ul>
          {more > 0 ? (
            <button
              type="button"
              className="btn btn-secondary btn-sm show-more-replies"
              disabled={loading}
              aria-busy={loading}
              onClick={() => {
                setLoading(true)
                void loadMore(postId, root._id).finally(() => setLoading(false))
              }}
            >
              {loading ? SCREENS_COPY.threads.loadingReplies : SCREENS_COPY.threads.showMore(more)}
            </button>
          ) : null}
          {answering ? (
            <div
              className="reply-box"
              onKeyDown={(event) => {
                if (event.key !== 'Escape') return
                event.stopPropagation()
                const answered = answering._id
                setAnswering(null)
                document.getElementById(commentAnchor(answered))?.focus()
              }}
            >
              <TextEditor
                className="comment-box"
                label={SCREENS_COPY.threads.writeReply(answering.username)}
                placeholder={SCREENS_COPY.threads.replyPlaceholder}
                max={LIMITS.commentMax}
                submitLabel={SCREENS_COPY.threads.sendReply}
                pendingLabel={SCREENS_COPY.post.sendingComment}
                rows={2}
                autoFocus
                resetOnSubmit
                key={answering._id}
                footerStart={
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    onClick={() => {
                      const answered = answering._id
                      setAnswering(null)
                      document.getElementById(commentAnchor(answered))?.focus()
                    }}
                  >
                    {SCREENS_COPY.threads.cancelReply}
                  </button>
                }
                onSubmit={async (text) => {
                  const failure = await addComment(postId, text, answering._id)
                  if (failure === null) setAnswering(null)
                  return failure
                }}
              />
            </div>
          ) : null}
        </li>
      ) : null}
    </>
  )
}

/**
 * The list's comments as threads: top-level comments in the list's order (newest first), each
 * with its replies oldest first. A reply whose root the list does not have is left out.
 */
export function threadsOf(items: readonly Comment[]): { root: Comment; replies: Comment[] }[] {
  const replies = new Map<string, Comment[]>()
  for (const comment of items) {
    const rootId = comment.parentId ?? null
    if (rootId === null) continue
    const group = replies.get(rootId) ?? []
    group.push(comment)
    replies.set(rootId, group)
  }
  const byAge = (a: Comment, b: Comment) =>
    Date.parse(a.createdAt) - Date.parse(b.createdAt) || Number(a._id) - Number(b._id)
  return items
    .filter((comment) => (comment.parentId ?? null) === null)
    .map((root) => ({ root, replies: (replies.get(root._id) ?? []).sort(byAge) }))
}
