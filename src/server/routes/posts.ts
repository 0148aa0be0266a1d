import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { LIMITS } from '../../shared/limits'
import { pageQuerySchema, postBodySchema, postEditBodySchema } from '../../shared/schemas'
import { optionalViewer, requireUser, wantsMinimal, type AppDeps, type AppEnv } from '../context'
import {
  createPost,
  deletePost,
  dislikePost,
  editPost,
  getPost,
  likePost,
  allPostIds,
  pageAllPosts,
  pageFeed,
  pageUserPosts,
  postsByIds,
  userPostIds,
  type PostRowPage,
  type PostSort,
} from '../services/posts'
import { presentPost, presentPosts, type PostRow } from '../services/present'
import { getUserByUsername } from '../services/users'
import { pageOf } from '../services/pagination'
import { validate } from '../validate'
import { wholeListResponse, type WholeList } from '../whole-list'
import type { Post } from '../../shared/api-types'

const postsQuerySchema = pageQuerySchema.extend({
  sort: z.enum(['recent', 'likes'], { error: 'sort must be "recent" or "likes".' }).optional(),
})

export function postsRoutes(deps: AppDeps) {
  const { db } = deps
  const auth = requireUser(deps)

  /** Posts in the spec's whole-list shape: every reactor and every comment. */
  const wholePosts = (ids: number[], viewerId: number | null): WholeList<Post> => ({
    ids,
    load: (batch) => presentPosts(db, postsByIds(db, batch), { detail: 'full', viewerId }),
  })
  const allPosts = (viewerId: number | null, sort: PostSort = 'recent') =>
    wholePosts(allPostIds(db, sort), viewerId)

  /** A page as the API answers it: trimmed posts and where to continue. */
  const pageAnswer = (c: Context<AppEnv>, page: PostRowPage) =>
    c.json({
      posts: presentPosts(db, page.rows, { detail: 'page', viewerId: c.get('viewerId') }),
      nextCursor: page.nextCursor,
    })

  /** The spec answers post mutations with every post; `Prefer: return=minimal` with just this one. */
  const mutationAnswer = (c: Context<AppEnv>, post: PostRow, status: 200 | 201 = 200) => {
    const viewerId = c.get('viewerId')
    if (wantsMinimal(c)) return c.json({ post: presentPost(db, post, viewerId) }, status)
    return wholeListResponse('posts', allPosts(viewerId), status)
  }

  return new Hono<AppEnv>()
    .get('/', optionalViewer(deps), validate('query', postsQuerySchema), (c) => {
      const query = c.req.valid('query')
      const sort = query.sort ?? 'recent'
      const page = pageOf(query)
      if (!page) return wholeListResponse('posts', allPosts(c.get('viewerId'), sort))
      return pageAnswer(c, pageAllPosts(db, page, sort))
    })
    .get('/user/:username', optionalViewer(deps), validate('query', pageQuerySchema), (c) => {
      const author = getUserByUsername(db, c.req.param('username'))
      const page = pageOf(c.req.valid('query'))
      if (!page) {
        return wholeListResponse('posts', wholePosts(userPostIds(db, author.id), c.get('viewerId')))
      }
      return pageAnswer(c, pageUserPosts(db, author.id, page))
    })
    .get('/:postId', optionalViewer(deps), (c) => {
      const row = getPost(db, c.req.param('postId'))
      const viewerId = c.get('viewerId')
      // A post page needs the counts and the viewer's own reaction, not every reactor.
      if (wantsMinimal(c)) return c.json({ post: presentPost(db, row, viewerId) })
      const [post] = presentPosts(db, [row], { detail: 'full', viewerId })
      return c.json({ post })
    })
    .post('/', auth, validate('json', postBodySchema), (c) => {
      const { content, media } = c.req.valid('json').postData
      const post = createPost(db, c.get('user').id, content, Date.now(), media ?? [])
      return mutationAnswer(c, post, 201)
    })
    .post('/edit/:postId', auth, validate('json', postEditBodySchema), (c) => {
      const content = c.req.valid('json').postData.content
      return mutationAnswer(c, editPost(db, c.get('user').id, c.req.param('postId'), content))
    })
    .delete('/:postId', auth, (c) =>
      mutationAnswer(c, deletePost(db, c.get('user').id, c.req.param('postId'))),
    )
    .post('/like/:postId', auth, (c) =>
      mutationAnswer(c, likePost(db, c.get('user').id, c.req.param('postId'))),
    )
    .post('/dislike/:postId', auth, (c) =>
      mutationAnswer(c, dislikePost(db, c.get('user').id, c.req.param('postId'))),
    )
}

/** `GET /api/feed`: the signed-in user's home feed, a page at a time. */
export function feedRoutes(deps: AppDeps) {
  const { db } = deps
  return new Hono<AppEnv>().get('/', requireUser(deps), validate('query', pageQuerySchema), (c) => {
    const { limit = LIMITS.pageSizeDefault, cursor } = c.req.valid('query')
    const page = pageFeed(db, c.get('user').id, { limit, cursor: cursor ?? null })
    return c.json({
      posts: presentPosts(db, page.rows, { detail: 'page', viewerId: c.get('viewerId') }),
      nextCursor: page.nextCursor,
    })
  })
}
