import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { LIMITS } from '../../shared/limits'
import { editProfileSchema, pageQuerySchema } from '../../shared/schemas'
import {
  optionalViewer,
  perUserLimit,
  requireUser,
  wantsMinimal,
  type AppDeps,
  type AppEnv,
} from '../context'
import { unauthorized } from '../errors'
import { MESSAGES } from '../messages'
import { pageFollowList, type FollowListKind } from '../services/follow-lists'
import { pageOf } from '../services/pagination'
import {
  addBookmark,
  bookmarkedPostIds,
  pageBookmarks,
  removeBookmark,
} from '../services/bookmarks'
import { postsByIds } from '../services/posts'
import { presentPost, presentPosts, presentUser, presentUsers } from '../services/present'
import type { PostRow } from '../db/rows'
import {
  getUserById,
  getUserByUsername,
  allUserIds,
  pageUsers,
  searchUsers,
  suggestUsers,
  usersByIds,
} from '../services/users'
import { validate } from '../validate'
import { liveActionsOf } from '../events/live-actions'
import { wholeListResponse, type WholeList } from '../whole-list'
import type { FollowListPage, Post, User } from '../../shared/api-types'

const usersQuerySchema = pageQuerySchema.extend({
  search: z.string().max(100, { error: 'The search can be at most 100 characters.' }).optional(),
  suggest: z.enum(['true', 'false'], { error: 'suggest must be true or false.' }).optional(),
})

export function usersRoutes(deps: AppDeps) {
  const { db } = deps
  const auth = requireUser(deps)
  const live = liveActionsOf(deps)
  const followLimit = perUserLimit(deps, 'follows')

  /** All the user's bookmarks, the answer of every bookmark mutation in the spec. */
  const allBookmarks = (userId: number): WholeList<Post> => ({
    ids: bookmarkedPostIds(db, userId),
    load: (ids) => presentPosts(db, postsByIds(db, ids), { detail: 'full', viewerId: userId }),
  })
  const allUsers = (): WholeList<User> => ({
    ids: allUserIds(db),
    load: (ids) => presentUsers(db, usersByIds(db, ids)),
  })

  return (
    new Hono<AppEnv>()
      .get('/', optionalViewer(deps), validate('query', usersQuerySchema), (c) => {
        const { search, suggest, limit, cursor } = c.req.valid('query')
        const page = { limit: limit ?? LIMITS.pageSizeDefault, cursor: cursor ?? null }
        if (search !== undefined) return c.json(searchUsers(db, search, page))
        if (suggest === 'true') {
          const viewerId = c.get('viewerId')
          if (viewerId === null) throw unauthorized(MESSAGES.invalidToken)
          return c.json(suggestUsers(db, viewerId, page))
        }
        if (limit !== undefined || cursor !== undefined) return c.json(pageUsers(db, page))
        return wholeListResponse('users', allUsers())
      })
      // Registered before `/:username`, which would otherwise take "bookmark" for a username.
      .get('/bookmark', auth, validate('query', pageQuerySchema), (c) => {
        const userId = c.get('user').id
        const request = pageOf(c.req.valid('query'))
        if (!request) return wholeListResponse('bookmarks', allBookmarks(userId))
        const page = pageBookmarks(db, userId, request)
        return c.json({
          bookmarks: presentPosts(db, page.rows, { detail: 'page', viewerId: userId }),
          nextCursor: page.nextCursor,
        })
      })
      // Always a page, newest follow first (docs/API.md, "Follower and following lists").
      .get('/:username/followers', optionalViewer(deps), validate('query', pageQuerySchema), (c) =>
        c.json(
          followListPage(
            'followers',
            c.req.param('username'),
            c.get('viewerId'),
            c.req.valid('query'),
          ),
        ),
      )
      .get('/:username/following', optionalViewer(deps), validate('query', pageQuerySchema), (c) =>
        c.json(
          followListPage(
            'following',
            c.req.param('username'),
            c.get('viewerId'),
            c.req.valid('query'),
          ),
        ),
      )
      .get('/:username', optionalViewer(deps), (c) => {
        const user = getUserByUsername(db, c.req.param('username'))
        // Bookmarks are private: only their owner sees them.
        const withBookmarks = c.get('viewerId') === user.id
        return c.json({ user: presentUser(db, user, { withBookmarks }) })
      })
      .post('/edit', auth, validate('json', editProfileSchema), (c) => {
        const { bio, profileImg, firstName, lastName } = c.req.valid('json').userData
        const user = live.editProfile(c.get('user'), { bio, profileImg, firstName, lastName })
        return c.json({ user: presentUser(db, user, { withBookmarks: true }) })
      })
      .post('/follow/:userId', auth, followLimit, (c) => {
        const me = c.get('user')
        live.follow(me, c.req.param('userId'))
        return c.json(followAnswer(me.id, c.req.param('userId')))
      })
      .post('/unfollow/:userId', auth, followLimit, (c) => {
        const me = c.get('user')
        live.unfollow(me, c.req.param('userId'))
        return c.json(followAnswer(me.id, c.req.param('userId')))
      })
      .post('/bookmark/:postId', auth, (c) => {
        const userId = c.get('user').id
        const post = addBookmark(db, userId, c.req.param('postId'))
        return bookmarkAnswer(c, userId, post)
      })
      .post('/remove-bookmark/:postId', auth, (c) => {
        const userId = c.get('user').id
        const post = removeBookmark(db, userId, c.req.param('postId'))
        return bookmarkAnswer(c, userId, post)
      })
  )

  function followListPage(
    kind: FollowListKind,
    username: string,
    viewerId: number | null,
    query: { limit?: number; cursor?: string },
  ): FollowListPage {
    const owner = getUserByUsername(db, username)
    const page = { limit: query.limit ?? LIMITS.pageSizeDefault, cursor: query.cursor ?? null }
    return pageFollowList(db, kind, owner.id, viewerId, page)
  }

  function followAnswer(userId: number, rawTargetId: string) {
    return {
      user: presentUser(db, getUserById(db, String(userId)), { withBookmarks: true }),
      followUser: presentUser(db, getUserById(db, rawTargetId)),
    }
  }

  function bookmarkAnswer(c: Context<AppEnv>, userId: number, post: PostRow) {
    if (wantsMinimal(c)) return c.json({ post: presentPost(db, post, userId) })
    return wholeListResponse('bookmarks', allBookmarks(userId))
  }
}
