import { Hono, type Context } from 'hono'
import { commentBodySchema, pageQuerySchema } from '../../shared/schemas'
import {
  optionalViewer,
  perUserLimit,
  requireUser,
  wantsMinimal,
  type AppDeps,
  type AppEnv,
} from '../context'
import { liveActionsOf } from '../events/live-actions'
import { commentIdsOf, commentsByIds, pageComments } from '../services/comments'
import { getPost } from '../services/posts'
import { visibilityFilter, visibleRows } from '../services/moderation'
import { presentComment, presentComments } from '../services/present'
import type { CommentRow } from '../db/rows'
import { pageOf } from '../services/pagination'
import { validate } from '../validate'
import { wholeListResponse, type WholeList } from '../whole-list'
import type { Comment } from '../../shared/api-types'

export function commentsRoutes(deps: AppDeps) {
  const { db } = deps
  const auth = requireUser(deps)
  const live = liveActionsOf(deps)
  const vote = perUserLimit(deps, 'reactions')

  /** A post's comments in the spec's whole-list shape: every voter. */
  const allComments = (postId: number, viewerId: number | null): WholeList<Comment> => {
    // Blocked and suspended authors' comments are left out (services/moderation.ts).
    const visible = visibilityFilter(db, viewerId)
    return {
      ids: commentIdsOf(db, postId),
      load: (ids) =>
        presentComments(db, visible(commentsByIds(db, ids)), { detail: 'full', viewerId }),
    }
  }

  /** The spec answers with all the post's comments; `Prefer: return=minimal` with just this one. */
  const mutationAnswer = (c: Context<AppEnv>, comment: CommentRow, status: 200 | 201 = 200) => {
    const viewerId = c.get('viewerId')
    if (wantsMinimal(c)) return c.json({ comment: presentComment(db, comment, viewerId) }, status)
    return wholeListResponse('comments', allComments(comment.postId, viewerId), status)
  }

  return new Hono<AppEnv>()
    .get('/:postId', optionalViewer(deps), validate('query', pageQuerySchema), (c) => {
      const post = getPost(db, c.req.param('postId'))
      const page = pageOf(c.req.valid('query'))
      const viewerId = c.get('viewerId')
      if (!page) return wholeListResponse('comments', allComments(post.id, viewerId))
      const found = pageComments(db, post.id, page)
      return c.json({
        comments: presentComments(db, visibleRows(db, found.rows, viewerId), {
          detail: 'page',
          viewerId,
        }),
        nextCursor: found.nextCursor,
      })
    })
    .post(
      '/add/:postId',
      auth,
      perUserLimit(deps, 'comments'),
      validate('json', commentBodySchema),
      (c) => {
        const text = c.req.valid('json').commentData.text
        return mutationAnswer(c, live.addComment(c.get('user'), c.req.param('postId'), text), 201)
      },
    )
    .post('/edit/:postId/:commentId', auth, validate('json', commentBodySchema), (c) => {
      const { postId, commentId } = c.req.param()
      const text = c.req.valid('json').commentData.text
      return mutationAnswer(c, live.editComment(c.get('user'), postId, commentId, text))
    })
    .post('/delete/:postId/:commentId', auth, (c) => {
      const { postId, commentId } = c.req.param()
      return mutationAnswer(c, live.deleteComment(c.get('user'), postId, commentId))
    })
    .post('/upvote/:postId/:commentId', auth, vote, (c) => {
      const { postId, commentId } = c.req.param()
      return mutationAnswer(c, live.voteComment(c.get('user'), postId, commentId, 'up'))
    })
    .post('/downvote/:postId/:commentId', auth, vote, (c) => {
      const { postId, commentId } = c.req.param()
      return mutationAnswer(c, live.voteComment(c.get('user'), postId, commentId, 'down'))
    })
}
