import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { Post, PostResponse, PostSort, PostsPage } from '../../shared/api-types'
import {
  pageQuerySchema,
  postBodySchema,
  postEditBodySchema,
  postSortSchema,
} from '../../shared/schemas'
import {
  optionalViewer,
  perUserLimit,
  requireUser,
  wantsMinimal,
  type AppDeps,
  type AppEnv,
} from '../http/context'
import { liveOf } from '../actions/live'
import { createPost, deletePost, editPost } from '../actions/posts'
import { dislikePost, likePost } from '../actions/reactions'
import {
  getPostFor,
  allPostIds,
  pageAllPosts,
  pageUserPosts,
  postsByIds,
  userPostIds,
} from '../services/reads/posts'
import { presentPost, presentPosts } from '../services/presenting/posts'
import type { PostRow } from '../db/rows'
import { getUserByUsername } from '../services/reads/users'
import { pageOf, pageRequest, type RowPage } from '../services/reads/pagination'
import { idParams, validate } from '../http/validate'
import type { WholeList } from '../http/whole-list'
import { answerWholeList, reserveWholeListAnswer } from '../http/whole-list-limit'
import { isValidTag, normalizeTag, TAG_MAX_LENGTH } from '../../shared/rich-text'
import { HttpError } from '../errors/http-error'
import { pageTagPosts } from '../services/reads/tags'
import { pageHomeFeed } from '../services/reads/home-feed'
import { presentFeedText } from '../services/presenting/feed-page'
import { jsonTextAnswer, keptAnswers, paged, pagedOrTagged } from '../http/kept-answers'

const TAG_ERROR = `tag must be a hashtag: letters, digits and "_", at most ${TAG_MAX_LENGTH}.`
const TAG_SORT_ERROR = "A tag's posts are listed newest first only: leave out sort."

const postsQuerySchema = pageQuerySchema.extend({
  sort: postSortSchema.optional(),
  tag: z.string().refine(isValidTag, { error: TAG_ERROR }).transform(normalizeTag).optional(),
})

export function postsRoutes(deps: AppDeps) {
  const { db } = deps
  const auth = requireUser(deps)
  const live = liveOf(deps)
  const reaction = perUserLimit(deps, 'reactions')
  /** Before a mutation the spec answers with every post: that answer costs its sender. */
  const whole = reserveWholeListAnswer(deps)

  /** Posts in the spec's whole-list shape: every reactor and every comment. */
  const wholePosts = (ids: number[], viewerId: number | null): WholeList<Post> => {
    return {
      ids,
      load: async (batch) =>
        presentPosts(db, await postsByIds(db, batch), { detail: 'full', viewerId }),
    }
  }
  const allPosts = async (viewerId: number | null, sort: PostSort = 'recent') =>
    wholePosts(await allPostIds(db, sort, viewerId), viewerId)

  /** A page as the API answers it: trimmed posts and where to continue. */
  const pageAnswer = async (c: Context<AppEnv>, page: RowPage<PostRow>) =>
    c.json({
      posts: await presentPosts(db, page.rows, {
        detail: 'page',
        viewerId: c.get('viewerId'),
      }),
      nextCursor: page.nextCursor,
    } satisfies PostsPage)

  /** The spec answers post mutations with every post; `Prefer: return=minimal` with just this one. */
  const mutationAnswer = async (c: Context<AppEnv>, post: PostRow, status: 200 | 201 = 200) => {
    const viewerId = c.get('viewerId')
    if (wantsMinimal(c)) {
      return c.json({ post: await presentPost(db, post, viewerId) } satisfies PostResponse, status)
    }
    return answerWholeList(deps, c, 'posts', () => allPosts(viewerId), status)
  }

  return new Hono<AppEnv>()
    .get(
      '/',
      optionalViewer(deps),
      // Pages newest first are kept through the writes that change nothing they show.
      keptAnswers(db, pagedOrTagged, { withParts: true }),
      validate('query', postsQuerySchema),
      async (c) => {
        const query = c.req.valid('query')
        const sort = query.sort ?? 'recent'
        // A tag's posts are always a page, newest first (docs/API.md, "Mentions and tags").
        if (query.tag !== undefined) {
          if (sort !== 'recent') throw new HttpError('VALIDATION', TAG_SORT_ERROR)
          const tagged = await pageTagPosts(db, query.tag, pageRequest(query), c.get('viewerId'))
          return pageAnswer(c, tagged)
        }
        const page = pageOf(query)
        if (!page) return answerWholeList(deps, c, 'posts', () => allPosts(c.get('viewerId'), sort))
        return pageAnswer(c, await pageAllPosts(db, page, sort, c.get('viewerId')))
      },
    )
    .get(
      '/user/:username',
      optionalViewer(deps),
      keptAnswers(db, paged, { withParts: true }),
      validate('query', pageQuerySchema),
      async (c) => {
        const author = await getUserByUsername(db, c.req.param('username'))
        const page = pageOf(c.req.valid('query'))
        if (!page) {
          const viewerId = c.get('viewerId')
          return answerWholeList(deps, c, 'posts', async () =>
            wholePosts(await userPostIds(db, author.id, viewerId), viewerId),
          )
        }
        return pageAnswer(c, await pageUserPosts(db, author.id, page, c.get('viewerId')))
      },
    )
    .get('/:postId', optionalViewer(deps), keptAnswers(db), idParams('postId'), async (c) => {
      const viewerId = c.get('viewerId')
      // Blocked either way or suspended: "This post isn't available to you" (POST_UNAVAILABLE).
      const row = await getPostFor(db, c.req.valid('param').postId, viewerId)
      // A post page needs the counts and the viewer's own reaction, not every reactor.
      if (wantsMinimal(c)) {
        return c.json({ post: await presentPost(db, row, viewerId) } satisfies PostResponse)
      }
      const [post] = await presentPosts(db, [row], { detail: 'full', viewerId })
      if (!post) throw new Error(`Post ${row.id} could not be presented`)
      return c.json({ post } satisfies PostResponse)
    })
    .post(
      '/',
      auth,
      whole,
      perUserLimit(deps, 'posts'),
      validate('json', postBodySchema),
      async (c) => {
        const { content, media, poll, quoteOf } = c.req.valid('json').postData
        const quoted = quoteOf === undefined ? null : Number(quoteOf)
        // A minimal answer is presented with the live event's reads (actions/posts.ts).
        const minimal = wantsMinimal(c)
        const { post, presented } = await createPost(live, c.get('user'), content, media ?? [], {
          poll,
          quoteOf: quoted,
          presentFor: minimal ? c.get('viewerId') : undefined,
        })
        if (presented) return c.json({ post: presented } satisfies PostResponse, 201)
        return mutationAnswer(c, post, 201)
      },
    )
    .post(
      '/edit/:postId',
      auth,
      whole,
      validate('json', postEditBodySchema),
      idParams('postId'),
      async (c) => {
        const { content, poll } = c.req.valid('json').postData
        const postId = c.req.valid('param').postId
        const post = await editPost(live, c.get('user'), postId, content, poll)
        return mutationAnswer(c, post)
      },
    )
    .delete('/:postId', auth, whole, idParams('postId'), async (c) =>
      mutationAnswer(c, await deletePost(live, c.get('user'), c.req.valid('param').postId)),
    )
    .post('/like/:postId', auth, whole, reaction, idParams('postId'), async (c) =>
      mutationAnswer(c, await likePost(live, c.get('user'), c.req.valid('param').postId)),
    )
    .post('/dislike/:postId', auth, whole, reaction, idParams('postId'), async (c) =>
      mutationAnswer(c, await dislikePost(live, c.get('user'), c.req.valid('param').postId)),
    )
}

/** `GET /api/feed`: the signed-in user's home feed, a page at a time. */
export function feedRoutes(deps: AppDeps) {
  const { db } = deps
  return new Hono<AppEnv>().get(
    '/',
    requireUser(deps),
    // Kept through the writes that change nothing it shows (http/kept-answers.ts `withParts`).
    keptAnswers(db, undefined, { withParts: true }),
    validate('query', pageQuerySchema),
    async (c) => {
      const userId = c.get('user').id
      // Muted, blocked and suspended authors leave every list (services/reads/visibility.ts); the
      // feed holds the reposts of those one follows too (services/reads/home-feed.ts).
      const page = await pageHomeFeed(db, userId, pageRequest(c.req.valid('query')))
      // Joined from the pieces kept of earlier pages where they still hold (feed-page.ts).
      const { text, pieces } = await presentFeedText(db, page, userId)
      c.set('answerPieces', pieces)
      return jsonTextAnswer(c, text)
    },
  )
}
