import { useAtomValue, useSetAtom } from 'jotai'
import { useMemo, type ReactNode, type RefObject } from 'react'
import { LIMITS } from '../../../shared/limits'
import { SPEC_TEXT } from '../copy'
import { draftKey } from '../lib/drafts'
import { useInfiniteScroll } from '../lib/use-infinite-scroll'
import { userAtom } from '../state/auth'
import { commentListAtom } from '../state/comment-votes'
import { addCommentAtom, loadCommentsAtom } from '../state/comments'
import { useServerFeature } from '../state/server-features'
import { CommentThread, threadsOf } from './CommentThread'
import { LoadMore } from './LoadMore'
import { Spinner } from './Spinner'
import { ErrorState } from './States'
import { TextEditor } from './TextEditor'
import { SCREENS_COPY } from '../copy-screens'

/**
 * A post's comments with the box to write one: a post's page, and a game night's page, whose
 * comments are those of its thread post (docs/API.md, "Game nights"). The comments are the
 * store's (state/comments.ts), where live events reach them; the screen loads the first page.
 */
export function CommentsCard({
  postId,
  postOwner,
  highlightId = null,
  textareaRef,
  title = 'Comments',
  intro,
}: {
  postId: string
  /** The post's author: they may delete any comment under it. */
  postOwner: string
  highlightId?: string | null
  textareaRef?: RefObject<HTMLTextAreaElement | null>
  title?: string
  intro?: ReactNode
}) {
  const comments = useAtomValue(commentListAtom(postId))
  const loadComments = useSetAtom(loadCommentsAtom)
  const addComment = useSetAtom(addCommentAtom)
  const me = useAtomValue(userAtom)
  const threads = useServerFeature('threads')
  const threadList = useMemo(() => threadsOf(comments.items), [comments.items])
  const commentDraft = me ? draftKey(me._id, `comment:${postId}`) : undefined
  const more = comments.loaded && comments.nextCursor !== null
  const loadingComments = comments.status === 'loading'
  const sentinel = useInfiniteScroll(
    () => void loadComments(postId),
    more && !loadingComments && !comments.error,
  )
  return (
    <div className="card comments-card">
      {intro}
      <TextEditor
        className="comment-box"
        label={SCREENS_COPY.post.writeComment}
        placeholder={SPEC_TEXT.commentPlaceholder}
        max={LIMITS.commentMax}
        submitLabel="Comment"
        rows={2}
        pendingLabel={SCREENS_COPY.post.sendingComment}
        resetOnSubmit
        key={commentDraft ?? postId}
        draftKey={commentDraft}
        textareaRef={textareaRef}
        onSubmit={(text) => addComment(postId, text)}
      />
      <h2 className="section-title">{title}</h2>
      {!comments.loaded && comments.error ? (
        <ErrorState
          message={comments.error}
          onRetry={() => void loadComments(postId, { reset: true })}
        />
      ) : !comments.loaded ? (
        <Spinner label="Loading comments" />
      ) : comments.items.length === 0 ? (
        <p className="muted center">{SCREENS_COPY.post.noComments}</p>
      ) : (
        <ul className="comment-list">
          {threadList.map(({ root, replies }) => (
            <CommentThread
              key={root._id}
              root={root}
              replies={replies}
              postId={postId}
              postOwner={postOwner}
              removedIds={comments.removedIds ?? []}
              highlightId={highlightId}
              threads={threads && me !== null}
            />
          ))}
        </ul>
      )}
      {comments.loaded && comments.error ? (
        <ErrorState message={comments.error} onRetry={() => void loadComments(postId)} />
      ) : null}
      <LoadMore
        more={more}
        loading={loadingComments}
        what="comments"
        onLoadMore={() => void loadComments(postId)}
        sentinelRef={sentinel}
      />
    </div>
  )
}
