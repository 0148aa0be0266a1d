import { Hono, type Context } from 'hono'
import { commentBodySchema, pageQuerySchema } from '../../shared/schemas'
import {
  optionalViewer,
  perUserLimit,
  requireUser,
  wantsMinimal,
  type AppDeps,
  type AppEnv,
} from '../http/context'
import { addComment, deleteComment, editComment } from '../actions/comments'
import { liveOf } from '../actions/live'
import { voteComment } from '../actions/reactions'
import { commentIdsOf, commentsByIds } from '../services/reads/comments'
import {
  pageReplies,
  pageRoots,
  presentThreads,
  threadOf,
  threadRoot,
} from '../services/reads/threads'
import { getPostFor } from '../services/reads/posts'
import { presentComment, presentComments } from '../services/presenting/comments'
import type { CommentRow } from '../db/rows'
import { pageOf } from '../services/reads/pagination'
import { idParams, validate } from '../http/validate'
import type { WholeList } from '../http/whole-list'
import { answerWholeList, reserveWholeListAnswer } from '../http/whole-list-limit'
import type {
  Comment,
  CommentResponse,
  CommentsPage,
  CommentThreadResponse,
} from '../../shared/api-types'
import { pageRequest } from '../services/reads/pagination'
import { keptAnswers, paged } from '../http/kept-answers'

export function commentsRoutes(deps: AppDeps) {
  const { db } = deps
  const auth = requireUser(deps)
  const live = liveOf(deps)
  const vote = perUserLimit(deps, 'reactions')
  /** Before a mutation the spec answers with every comment of the post: it costs its sender. */
  const whole = reserveWholeListAnswer(deps)
  /** A comment's path: its post first, so a bad post id is the post's 404. */
  const ids = idParams('postId', 'commentId')

  /** A post's comments in the spec's whole-list shape: every voter. */
  const allComments = async (
    postId: number,
    viewerId: number | null,
  ): Promise<WholeList<Comment>> => {
    // Blocked and suspended authors' comments are left out (services/reads/visibility.ts).
    return {
      ids: await commentIdsOf(db, postId, viewerId),
      load: async (ids) =>
        presentComments(db, await commentsByIds(db, ids), { detail: 'full', viewerId }),
    }
  }

  /** The spec answers with all the post's comments; `Prefer: return=minimal` with just this one. */
  const mutationAnswer = async (
    c: Context<AppEnv>,
    comment: CommentRow,
    status: 200 | 201 = 200,
  ) => {
    const viewerId = c.get('viewerId')
    if (wantsMinimal(c)) {
      const answer: CommentResponse = { comment: await presentComment(db, comment, viewerId) }
      return c.json(answer, status)
    }
    return answerWholeList(deps, c, 'comments', () => allComments(comment.postId, viewerId), status)
  }

  return (
    new Hono<AppEnv>()
      .get(
        '/:postId',
        optionalViewer(deps),
        // Kept through the writes that change nothing it shows (http/kept-answers.ts `withParts`).
        keptAnswers(db, paged, { withParts: true }),
        validate('query', pageQuerySchema),
        idParams('postId'),
        async (c) => {
          const viewerId = c.get('viewerId')
          const post = await getPostFor(db, c.req.valid('param').postId, viewerId)
          const page = pageOf(c.req.valid('query'))
          if (!page)
            return answerWholeList(deps, c, 'comments', () => allComments(post.id, viewerId))
          // threads: top-level comments, each with its first replies (services/reads/threads.ts)
          const found = await pageRoots(db, post.id, page, viewerId)
          return c.json({
            comments: await presentThreads(db, found.rows, { detail: 'page', viewerId }),
            nextCursor: found.nextCursor,
          } satisfies CommentsPage)
        },
      )
      // --- threads (docs/API.md, "Threads") ---
      .get(
        '/:postId/replies/:commentId',
        optionalViewer(deps),
        keptAnswers(db),
        validate('query', pageQuerySchema),
        ids,
        async (c) => {
          const { postId, commentId } = c.req.valid('param')
          const viewerId = c.get('viewerId')
          await getPostFor(db, postId, viewerId)
          const root = await threadRoot(db, postId, commentId)
          const found = await pageReplies(db, root, pageRequest(c.req.valid('query')), viewerId)
          return c.json({
            comments: await presentComments(db, found.rows, { detail: 'page', viewerId }),
            nextCursor: found.nextCursor,
          } satisfies CommentsPage)
        },
      )
      .get('/:postId/thread/:commentId', optionalViewer(deps), keptAnswers(db), ids, async (c) => {
        const { postId, commentId } = c.req.valid('param')
        const viewerId = c.get('viewerId')
        await getPostFor(db, postId, viewerId)
        const answer: CommentThreadResponse = await threadOf(db, postId, commentId, {
          detail: 'page',
          viewerId,
        })
        return c.json(answer)
      })
      // --- end threads ---
      .post(
        '/add/:postId',
        auth,
        whole,
        perUserLimit(deps, 'comments'),
        validate('json', commentBodySchema),
        idParams('postId'),
        async (c) => {
          const { text, replyTo } = c.req.valid('json').commentData
          const postId = c.req.valid('param').postId
          const answered = replyTo === undefined ? undefined : Number(replyTo)
          const comment = await addComment(live, c.get('user'), postId, text, answered)
          return mutationAnswer(c, comment, 201)
        },
      )
      .post(
        '/edit/:postId/:commentId',
        auth,
        whole,
        validate('json', commentBodySchema),
        ids,
        async (c) => {
          const { postId, commentId } = c.req.valid('param')
          const text = c.req.valid('json').commentData.text
          return mutationAnswer(c, await editComment(live, c.get('user'), postId, commentId, text))
        },
      )
      .post('/delete/:postId/:commentId', auth, whole, ids, async (c) => {
        const { postId, commentId } = c.req.valid('param')
        return mutationAnswer(c, await deleteComment(live, c.get('user'), postId, commentId))
      })
      .post('/upvote/:postId/:commentId', auth, whole, vote, ids, async (c) => {
        const { postId, commentId } = c.req.valid('param')
        return mutationAnswer(c, await voteComment(live, c.get('user'), postId, commentId, 'up'))
      })
      .post('/downvote/:postId/:commentId', auth, whole, vote, ids, async (c) => {
        const { postId, commentId } = c.req.valid('param')
        return mutationAnswer(c, await voteComment(live, c.get('user'), postId, commentId, 'down'))
      })
  )
}
