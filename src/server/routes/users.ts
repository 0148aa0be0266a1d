import { LIMITS } from '../../shared/limits'
import { mentionSuggestions } from '../services/reads/suggestions'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { editProfileSchema, pageQuerySchema } from '../../shared/schemas'
import {
  optionalViewer,
  perUserLimit,
  requireUser,
  viewerOrRefusal,
  wantsMinimal,
  type AppDeps,
  type AppEnv,
} from '../http/context'
import { pageFollowList, type FollowListKind } from '../services/reads/follow-lists'
import { pageOf, pageRequest } from '../services/reads/pagination'
import { bookmarkedPostIds, pageBookmarks } from '../services/reads/bookmarks'
import { postsByIds } from '../services/reads/posts'
import { presentPost, presentPosts } from '../services/presenting/posts'
import { presentUser, presentUsers } from '../services/presenting/users'
import type { PostRow } from '../db/rows'
import {
  getUserById,
  getUserByUsername,
  allUserIds,
  pageUsers,
  searchUsers,
  suggestUsers,
  toUserListItem,
  usersByIds,
} from '../services/reads/users'
import { idParams, validate } from '../http/validate'
import { editProfile } from '../actions/accounts'
import { addBookmark, removeBookmark } from '../actions/bookmarks'
import { follow, unfollow } from '../actions/follows'
import { liveOf } from '../actions/live'
import type { WholeList } from '../http/whole-list'
import { answerWholeList, reserveWholeListAnswer } from '../http/whole-list-limit'
import type {
  BookmarksPage,
  FollowListPage,
  FollowMinimalResponse,
  FollowResponse,
  Post,
  PostResponse,
  ProfileBlockRelation,
  User,
  UserResponse,
  UsersPage,
} from '../../shared/api-types'
import { keptAnswers, paged, searching } from '../http/kept-answers'
import { profileRelation } from '../services/reads/visibility'

/** A profile as a block shows it (User.blockRelation): who they are, nothing they did. */
function closedProfile(user: User, blockRelation: ProfileBlockRelation): User {
  return {
    ...user,
    followers: [],
    following: [],
    followerCount: 0,
    followingCount: 0,
    postCount: 0,
    blockRelation,
  }
}

const FOLLOW_LIST_KINDS: readonly FollowListKind[] = ['followers', 'following']

const usersQuerySchema = pageQuerySchema.extend({
  search: z.string().max(100, { error: 'The search can be at most 100 characters.' }).optional(),
  suggest: z.enum(['true', 'false'], { error: 'suggest must be true or false.' }).optional(),
  /** Autocomplete (docs/API.md): with `search`, those the viewer follows first, one page. */
  followedFirst: z
    .enum(['true', 'false'], { error: 'followedFirst must be true or false.' })
    .optional(),
})

export function usersRoutes(deps: AppDeps) {
  const { db } = deps
  const auth = requireUser(deps)
  const live = liveOf(deps)
  const followLimit = perUserLimit(deps, 'follows')
  /** Before a bookmark mutation, whose spec answer is every bookmark: it costs its sender. */
  const whole = reserveWholeListAnswer(deps)

  /** All the user's bookmarks, the answer of every bookmark mutation in the spec. */
  const allBookmarks = async (userId: number): Promise<WholeList<Post>> => ({
    ids: await bookmarkedPostIds(db, userId),
    load: async (ids) =>
      presentPosts(db, await postsByIds(db, ids), { detail: 'full', viewerId: userId }),
  })
  const allUsers = async (): Promise<WholeList<User>> => ({
    ids: await allUserIds(db),
    load: async (ids) => presentUsers(db, await usersByIds(db, ids)),
  })

  return (
    new Hono<AppEnv>()
      .get(
        '/',
        optionalViewer(deps),
        keptAnswers(db, searching),
        validate('query', usersQuerySchema),
        async (c) => {
          const query = c.req.valid('query')
          const page = pageRequest(query)
          const viewerId = c.get('viewerId')
          if (query.search !== undefined && query.followedFirst === 'true' && viewerId !== null) {
            const limit = query.limit ?? LIMITS.pageSizeDefault
            return c.json(
              (await mentionSuggestions(db, query.search, viewerId, limit)) satisfies UsersPage,
            )
          }
          if (query.search !== undefined) {
            return c.json(
              (await searchUsers(db, query.search, page, c.get('viewerId'))) satisfies UsersPage,
            )
          }
          if (query.suggest === 'true') {
            const viewerId = await viewerOrRefusal(deps, c)
            return c.json((await suggestUsers(db, viewerId, page)) satisfies UsersPage)
          }
          if (pageOf(query)) {
            return c.json((await pageUsers(db, page, viewerId)) satisfies UsersPage)
          }
          return answerWholeList(deps, c, 'users', allUsers)
        },
      )
      // Registered before `/:username`, which would otherwise take "bookmark" for a username.
      .get(
        '/bookmark',
        auth,
        keptAnswers(db, paged),
        validate('query', pageQuerySchema),
        async (c) => {
          const userId = c.get('user').id
          const request = pageOf(c.req.valid('query'))
          if (!request) return answerWholeList(deps, c, 'bookmarks', () => allBookmarks(userId))
          const page = await pageBookmarks(db, userId, request)
          return c.json({
            bookmarks: await presentPosts(db, page.rows, { detail: 'page', viewerId: userId }),
            nextCursor: page.nextCursor,
          } satisfies BookmarksPage)
        },
      )
      // Always a page, newest follow first (docs/API.md, "Follower and following lists"): one
      // handler for both lists, the path's last segment names which.
      .get(
        `/:username/:kind{(?:${FOLLOW_LIST_KINDS.join('|')})}`,
        optionalViewer(deps),
        keptAnswers(db),
        validate('query', pageQuerySchema),
        async (c) => {
          // The pattern above lets only the two kinds through; its group keeps the "|" inside it.
          const kind = c.req.param('kind') as FollowListKind
          const owner = await getUserByUsername(db, c.req.param('username'))
          // A profile closed by a block lists nobody, as it counts nobody (closedProfile).
          if (await profileRelation(db, c.get('viewerId'), owner.id)) {
            return c.json({ users: [], nextCursor: null } satisfies FollowListPage)
          }
          const page = pageRequest(c.req.valid('query'))
          const answer = await pageFollowList(db, kind, owner.id, c.get('viewerId'), page)
          return c.json(answer satisfies FollowListPage)
        },
      )
      .get('/:username', optionalViewer(deps), keptAnswers(db), async (c) => {
        const user = await getUserByUsername(db, c.req.param('username'))
        const viewerId = c.get('viewerId')
        // Bookmarks are private: only their owner sees them.
        const withBookmarks = viewerId === user.id
        const presented = await presentUser(db, user, { withBookmarks })
        // A block either way closes the profile: no counts, lists or Follow (services/reads/visibility.ts).
        const blockRelation = await profileRelation(db, viewerId, user.id)
        return c.json({
          user: blockRelation ? closedProfile(presented, blockRelation) : presented,
        } satisfies UserResponse)
      })
      .post('/edit', auth, validate('json', editProfileSchema), async (c) => {
        const { bio, profileImg, firstName, lastName } = c.req.valid('json').userData
        const changes = { bio, profileImg, firstName, lastName }
        const user = await editProfile(live, c.get('user'), changes)
        return c.json({
          user: await presentUser(db, user, { withBookmarks: true }),
        } satisfies UserResponse)
      })
      .post('/follow/:userId', auth, followLimit, idParams('userId'), async (c) => {
        const me = c.get('user')
        const { userId } = c.req.valid('param')
        await follow(live, me, userId)
        return c.json(await followAnswer(c, me.id, userId))
      })
      .post('/unfollow/:userId', auth, followLimit, idParams('userId'), async (c) => {
        const me = c.get('user')
        const { userId } = c.req.valid('param')
        await unfollow(live, me, userId)
        return c.json(await followAnswer(c, me.id, userId))
      })
      .post('/bookmark/:postId', auth, whole, idParams('postId'), async (c) => {
        const me = c.get('user')
        return bookmarkAnswer(c, me.id, await addBookmark(live, me, c.req.valid('param').postId))
      })
      .post('/remove-bookmark/:postId', auth, whole, idParams('postId'), async (c) => {
        const me = c.get('user')
        const post = await removeBookmark(live, me, c.req.valid('param').postId)
        return bookmarkAnswer(c, me.id, post)
      })
  )

  /**
   * The spec's answer: both whole users, whose follower lists grow with their popularity;
   * `Prefer: return=minimal` answers both as list items with their counts, the same size for
   * anyone (docs/API.md, "Whole lists and pages").
   */
  async function followAnswer(
    c: Context<AppEnv>,
    userId: number,
    targetId: number,
  ): Promise<FollowResponse | FollowMinimalResponse> {
    if (wantsMinimal(c)) {
      return {
        user: toUserListItem(await getUserById(db, userId)),
        followUser: toUserListItem(await getUserById(db, targetId)),
      }
    }
    return {
      user: await presentUser(db, await getUserById(db, userId), { withBookmarks: true }),
      followUser: await presentUser(db, await getUserById(db, targetId)),
    }
  }

  async function bookmarkAnswer(c: Context<AppEnv>, userId: number, post: PostRow) {
    if (wantsMinimal(c)) {
      return c.json({ post: await presentPost(db, post, userId) } satisfies PostResponse)
    }
    return answerWholeList(deps, c, 'bookmarks', () => allBookmarks(userId))
  }
}
