import { Hono, type Context } from 'hono'
import { commentBodySchema, pageQuerySchema } from '../../shared/schemas'
import { optionalViewer, requireUser, wantsMinimal, type AppDeps, type AppEnv } from '../context'
import {
  addComment,
  deleteComment,
  editComment,
  commentIdsOf,
  commentsByIds,
  pageComments,
  voteComment,
} from '../services/comments'
import { getPost } from '../services/posts'
import { presentComment, presentComments, type CommentRow } from '../services/present'
import { pageOf } from '../services/pagination'
import { validate } from '../validate'
import { wholeListResponse, type WholeList } from '../whole-list'
import type { Comment } from '../../shared/api-types'

export function commentsRoutes(deps: AppDeps) {
  const { db } = deps
  const auth = requireUser(deps)

  /** A post's comments in the spec's whole-list shape: every voter. */
  const allComments = (postId: number, viewerId: number | null): WholeList<Comment> => ({
    ids: commentIdsOf(db, postId),
    load: (ids) => presentComments(db, commentsByIds(db, ids), { detail: 'full', viewerId }),
  })

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
        comments: presentComments(db, found.rows, { detail: 'page', viewerId }),
        nextCursor: found.nextCursor,
      })
    })
    .post('/add/:postId', auth, validate('json', commentBodySchema), (c) => {
      const text = c.req.valid('json').commentData.text
      return mutationAnswer(c, addComment(db, c.get('user').id, c.req.param('postId'), text), 201)
    })
    .post('/edit/:postId/:commentId', auth, validate('json', commentBodySchema), (c) => {
      const { postId, commentId } = c.req.param()
      const text = c.req.valid('json').commentData.text
      return mutationAnswer(c, editComment(db, c.get('user').id, postId, commentId, text))
    })
    .post('/delete/:postId/:commentId', auth, (c) => {
      const { postId, commentId } = c.req.param()
      return mutationAnswer(c, deleteComment(db, c.get('user').id, postId, commentId))
    })
    .post('/upvote/:postId/:commentId', auth, (c) => {
      const { postId, commentId } = c.req.param()
      return mutationAnswer(c, voteComment(db, c.get('user').id, postId, commentId, 'up'))
    })
    .post('/downvote/:postId/:commentId', auth, (c) => {
      const { postId, commentId } = c.req.param()
      return mutationAnswer(c, voteComment(db, c.get('user').id, postId, commentId, 'down'))
    })
}
