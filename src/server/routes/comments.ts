import { Hono, type Context } from 'hono'
import { commentBodySchema, pageQuerySchema } from '../../shared/schemas'
import { optionalViewer, requireUser, wantsMinimal, type AppDeps, type AppEnv } from '../context'
import {
  addComment,
  deleteComment,
  editComment,
  listComments,
  pageComments,
  voteComment,
} from '../services/comments'
import { getPost } from '../services/posts'
import { visibleRows } from '../services/moderation'
import { presentComment, presentComments, type CommentRow } from '../services/present'
import { pageOf } from '../services/pagination'
import { validate } from '../validate'

export function commentsRoutes(deps: AppDeps) {
  const { db } = deps
  const auth = requireUser(deps)

  /** The spec answers with all the post's comments; `Prefer: return=minimal` with just this one. */
  const mutationAnswer = (c: Context<AppEnv>, comment: CommentRow, status: 200 | 201 = 200) => {
    const viewerId = c.get('viewerId')
    if (wantsMinimal(c)) return c.json({ comment: presentComment(db, comment, viewerId) }, status)
    const all = visibleRows(db, listComments(db, comment.postId), viewerId)
    return c.json({ comments: presentComments(db, all, { detail: 'full', viewerId }) }, status)
  }

  return new Hono<AppEnv>()
    .get('/:postId', optionalViewer(deps), validate('query', pageQuerySchema), (c) => {
      const post = getPost(db, c.req.param('postId'))
      const page = pageOf(c.req.valid('query'))
      const viewerId = c.get('viewerId')
      if (!page) {
        return c.json({
          comments: presentComments(db, visibleRows(db, listComments(db, post.id), viewerId), {
            detail: 'full',
            viewerId,
          }),
        })
      }
      const found = pageComments(db, post.id, page)
      return c.json({
        comments: presentComments(db, visibleRows(db, found.rows, viewerId), {
          detail: 'page',
          viewerId,
        }),
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
