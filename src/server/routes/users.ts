import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { editProfileSchema, pageQuerySchema } from '../../shared/schemas'
import {
  optionalViewer,
  perUserLimit,
  requireUser,
  wantsMinimal,
  type AppDeps,
  type AppEnv,
} from '../http/context'
import { HttpError } from '../errors/http-error'
import { MESSAGES } from '../errors/messages'
import { pageFollowList, type FollowListKind } from '../services/follow-lists'
import { pageOf, pageRequest } from '../services/pagination'
import { bookmarkedPostIds, pageBookmarks } from '../services/bookmarks'
import { postsByIds } from '../services/posts'
import { presentPost, presentPosts, presentUser, presentUsers } from '../services/serialize'
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
import { idParams, validate } from '../http/validate'
import { editProfile } from '../actions/accounts'
import { addBookmark, removeBookmark } from '../actions/bookmarks'
import { follow, unfollow } from '../actions/follows'
import { liveOf } from '../actions/live'
import { wholeListResponse, type WholeList } from '../http/whole-list'
import type {
  BookmarksPage,
  FollowListPage,
  FollowResponse,
  Post,
  PostResponse,
  User,
  UserResponse,
  UsersPage,
} from '../../shared/api-types'

const FOLLOW_LIST_KINDS: readonly FollowListKind[] = ['followers', 'following']

const usersQuerySchema = pageQuerySchema.extend({
  search: z.string().max(100, { error: 'The search can be at most 100 characters.' }).optional(),
  suggest: z.enum(['true', 'false'], { error: 'suggest must be true or false.' }).optional(),
})

export function usersRoutes(deps: AppDeps) {
  const { db } = deps
  const auth = requireUser(deps)
  const live = liveOf(deps)
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
        const query = c.req.valid('query')
        const page = pageRequest(query)
        if (query.search !== undefined) {
          return c.json(searchUsers(db, query.search, page) satisfies UsersPage)
        }
        if (query.suggest === 'true') {
          const viewerId = c.get('viewerId')
          if (viewerId === null) throw new HttpError('INVALID_TOKEN', MESSAGES.invalidToken)
          return c.json(suggestUsers(db, viewerId, page) satisfies UsersPage)
        }
        if (pageOf(query)) return c.json(pageUsers(db, page) satisfies UsersPage)
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
        } satisfies BookmarksPage)
      })
      // Always a page, newest follow first (docs/API.md, "Follower and following lists"): one
      // handler for both lists, the path's last segment names which.
      .get(
        `/:username/:kind{(?:${FOLLOW_LIST_KINDS.join('|')})}`,
        optionalViewer(deps),
        validate('query', pageQuerySchema),
        (c) => {
          // The pattern above lets only the two kinds through; its group keeps the "|" inside it.
          const kind = c.req.param('kind') as FollowListKind
          const owner = getUserByUsername(db, c.req.param('username'))
          const page = pageRequest(c.req.valid('query'))
          return c.json(
            pageFollowList(db, kind, owner.id, c.get('viewerId'), page) satisfies FollowListPage,
          )
        },
      )
      .get('/:username', optionalViewer(deps), (c) => {
        const user = getUserByUsername(db, c.req.param('username'))
        // Bookmarks are private: only their owner sees them.
        const withBookmarks = c.get('viewerId') === user.id
        return c.json({ user: presentUser(db, user, { withBookmarks }) } satisfies UserResponse)
      })
      .post('/edit', auth, validate('json', editProfileSchema), (c) => {
        const { bio, profileImg, firstName, lastName } = c.req.valid('json').userData
        const user = editProfile(live, c.get('user'), { bio, profileImg, firstName, lastName })
        return c.json({
          user: presentUser(db, user, { withBookmarks: true }),
        } satisfies UserResponse)
      })
      .post('/follow/:userId', auth, followLimit, idParams('userId'), (c) => {
        const me = c.get('user')
        const { userId } = c.req.valid('param')
        follow(live, me, userId)
        return c.json(followAnswer(me.id, userId))
      })
      .post('/unfollow/:userId', auth, followLimit, idParams('userId'), (c) => {
        const me = c.get('user')
        const { userId } = c.req.valid('param')
        unfollow(live, me, userId)
        return c.json(followAnswer(me.id, userId))
      })
      .post('/bookmark/:postId', auth, idParams('postId'), (c) => {
        const me = c.get('user')
        return bookmarkAnswer(c, me.id, addBookmark(live, me, c.req.valid('param').postId))
      })
      .post('/remove-bookmark/:postId', auth, idParams('postId'), (c) => {
        const me = c.get('user')
        return bookmarkAnswer(c, me.id, removeBookmark(live, me, c.req.valid('param').postId))
      })
  )

  function followAnswer(userId: number, targetId: number): FollowResponse {
    return {
      user: presentUser(db, getUserById(db, userId), { withBookmarks: true }),
      followUser: presentUser(db, getUserById(db, targetId)),
    }
  }

  function bookmarkAnswer(c: Context<AppEnv>, userId: number, post: PostRow) {
    if (wantsMinimal(c)) {
      return c.json({ post: presentPost(db, post, userId) } satisfies PostResponse)
    }
    return wholeListResponse('bookmarks', allBookmarks(userId))
  }
}
