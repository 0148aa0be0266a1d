/**
 * What someone may not see, they see nowhere. One world (a viewer V, a hidden
 * author X, a third player A who quotes, reposts and follows X) is built for each relation V can
 * have with X: V blocks X, X blocks V, V mutes X, the host suspended X, and a mute of V's that ran
 * out. Then every route of the app (Hono's `app.routes`) and every kind of live event
 * (LIVE_EVENT_TYPES) is walked with it, and what V gets is compared with what the relation allows
 * (docs/API.md, "Blocking" and "Muting"; services/reads/visibility.ts).
 *
 * The tables below must name every route and every event kind: one added to the app without a
 * line here fails the first two tests, so each new path says how it keeps relations (a check
 * run here, or the reason it shows nobody else's writing).
 */
import { afterEach, vi } from 'vitest'
import type {
  ApiAnswer,
  CommentResponse,
  LiveEventMap,
  Notification,
  NotificationsPage,
  Post,
  PostResponse,
  PostsPage,
  SearchResponse,
  User,
  UsersPage,
  CommentsPage,
  BookmarksPage,
  ReactorsPage,
  UnreadCountResponse,
} from '../../../src/shared/api-types'
import type {
  ConversationResponse,
  ConversationsPage,
  MessageResponse,
  MessagesPage,
  MessageSearchPage,
} from '../../../src/shared/conversation-types'
import type { GameNightResponse, GameNightsPage } from '../../../src/shared/game-night-types'
import type { SquadCallResponse, SquadCallsList } from '../../../src/shared/squad-call-types'
import { LIVE_EVENT_TYPES } from '../../../src/shared/live-event-types'
import type { ErrorCode } from '../../../src/shared/error-codes'
import { ok, signedInAs, quickUser } from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'
import { liveStreams } from '../../helpers/live-streams'
import type { TestApp } from '../../helpers/server-app'
import type { EventReader } from '../../helpers/sse'

const connect = liveStreams()

afterEach(() => {
  vi.useRealTimers()
})

type Relation = 'blocks' | 'blocked-by' | 'mutes' | 'suspended' | 'mute-expired'
const RELATIONS: Relation[] = ['blocks', 'blocked-by', 'mutes', 'suspended', 'mute-expired']

/** The words only X's writing holds: V's answers and events must hold them only when allowed. */
const SECRET = 'xylophonesecret'

interface Player {
  token: string
  id: string
}

interface World {
  app: TestApp
  relation: Relation
  v: Player
  x: Player
  a: Player
  xName: string
  /** X's post with a poll, bookmarked by V and reposted by A. */
  xPost: Post
  /** Another post of X's, left alone until the event walk acts on it. */
  xPost2: Post
  /** A's post: X commented on it, reacted with an emoji and reposted it. */
  aPost: Post
  xCommentId: string
  /** A's comment on xPost (a thread to open). */
  aCommentOnXId: string
  /** A's quote of xPost. */
  aQuote: Post
  /** V's own post, liked by X before the relation. */
  vPost: Post
  /** X's game night (its title holds the secret), planned before the relation. */
  xNightId: string
  xCallId: string
}

/** What the relation lets V see and do with X's writing (services/reads/visibility.ts). */
const rules = (relation: Relation) => ({
  /** Lists, search, events of X's writing, quote embeds. */
  listsShow: relation === 'mute-expired',
  /** X's post page, comments, reactors; X's profile and its posts. */
  pageShows: relation === 'mutes' || relation === 'mute-expired',
  /** Events about X that carry no writing (reactions, votes, follows, profile edits). */
  countsReach: relation === 'mutes' || relation === 'mute-expired',
  /** What an interaction with X's writing answers. */
  refusal: ((): ErrorCode | null => {
    if (relation === 'blocks' || relation === 'blocked-by') return 'BLOCKED'
    if (relation === 'suspended') return 'POST_UNAVAILABLE'
    return null
  })(),
  /** Notifications from X listed for V (a mute keeps those from before it). */
  notificationsShow: relation === 'mutes' || relation === 'mute-expired',
})

const minimal = (who: Player) => ({ token: who.token, headers: { prefer: 'return=minimal' } })

async function newPost(app: TestApp, who: Player, postData: Record<string, unknown>) {
  return (await ok<PostResponse>(app.send('/api/posts', { postData }, minimal(who)), 201)).post
}

async function build(app: TestApp, relation: Relation): Promise<World> {
  const v = await quickUser(app, 'viewer_v')
  const xName = 'xavier_hidden'
  const x = await quickUser(app, xName)
  const a = await quickUser(app, 'third_a')
  const host = await signedInAs(app, 'host_one')
  await ok(app.send(`/api/users/follow/${x.id}`, {}, v))
  await ok(app.send(`/api/users/follow/${a.id}`, {}, v))
  await ok(app.send(`/api/users/follow/${a.id}`, {}, x))
  const xPost = await newPost(app, x, {
    content: `${SECRET} the first`,
    poll: { options: ['yes', 'no'], durationHours: 24 },
  })
  const xPost2 = await newPost(app, x, { content: `${SECRET} the second` })
  const aPost = await newPost(app, a, { content: 'a post of the third player' })
  const xComment = await ok<CommentResponse>(
    app.send(`/api/comments/add/${aPost._id}`, { commentData: { text: SECRET } }, minimal(x)),
    201,
  )
  const aComment = await ok<CommentResponse>(
    app.send(`/api/comments/add/${xPost._id}`, { commentData: { text: 'nice' } }, minimal(a)),
    201,
  )
  await ok(app.send(`/api/posts/${aPost._id}/reactions/fire`, {}, { ...x, method: 'PUT' }))
  await ok(app.send(`/api/posts/${aPost._id}/repost`, {}, x))
  const aQuote = await newPost(app, a, { content: 'look at this', quoteOf: xPost._id })
  await ok(app.send(`/api/posts/${xPost._id}/repost`, {}, a))
  const vPost = await newPost(app, v, { content: 'the viewer writes' })
  await ok(app.send(`/api/posts/like/${vPost._id}`, {}, minimal(x)))
  await ok(app.send(`/api/users/bookmark/${xPost._id}`, {}, minimal(v)))
  await ok(app.send('/api/me/games', { games: ['Doom'] }, { ...x, method: 'PUT' }))
  const xNight = await ok<GameNightResponse>(
    app.send('/api/game-nights', nightOf(`${SECRET} night`), x),
    201,
  )
  const xCall = await ok<SquadCallResponse>(
    app.send(
      '/api/squad-calls',
      { game: 'doom', needed: 3, note: `${SECRET} call`, expiresInMinutes: 240 },
      x,
    ),
    201,
  )

  if (relation === 'blocks') await ok(app.send(`/api/users/me/block/${x.id}`, {}, v))
  if (relation === 'blocked-by') await ok(app.send(`/api/users/me/block/${v.id}`, {}, x))
  if (relation === 'mutes') await ok(app.send(`/api/users/me/mute/${x.id}`, {}, v))
  if (relation === 'suspended') await ok(app.send(`/api/moderation/suspend/${x.id}`, {}, host))
  if (relation === 'mute-expired') {
    await ok(app.send(`/api/users/me/mute/${x.id}`, { duration: '1h' }, v))
    // Time goes on past the mute's end (with the real clock's pace after it).
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
    vi.setSystemTime(Date.now() + 61 * 60 * 1000)
  }
  return {
    app,
    relation,
    v,
    x,
    a,
    xName,
    xPost,
    xPost2,
    aPost,
    xCommentId: xComment.comment._id,
    aCommentOnXId: aComment.comment._id,
    aQuote,
    vPost,
    xNightId: xNight.gameNight._id,
    xCallId: xCall.squadCall._id,
  }
}

/** A game night of Doom tomorrow, titled `title`. */
function nightOf(title: string) {
  return {
    game: 'doom',
    title,
    startsAt: new Date(Date.now() + 86_400_000).toISOString(),
    durationMinutes: 120,
  }
}

/** GET as V, the answer's body (status 200 asserted). */
const read = <T extends ApiAnswer>(w: World, path: string) => ok<T>(w.app.get(path, w.v.token))

/** Whether a text (an answer, an event) holds X's writing. */
const holdsSecret = (value: unknown) => JSON.stringify(value).includes(SECRET)

/** Asserts that an interaction of V's answers as the relation says: 2xx, or its refusal. */
async function expectInteraction(w: World, response: Promise<Response>, what: string) {
  const answer = await response
  const text = await answer.text()
  const { refusal } = rules(w.relation)
  if (refusal === null) {
    expect(answer.status, `${what}: ${text}`).toBeLessThan(300)
  } else {
    expect(answer.status, `${what}: ${text}`).toBe(403)
    expect((JSON.parse(text) as { code: string }).code, what).toBe(refusal)
  }
}

/** Asserts that a post opened by V answers as the relation says: 200, or POST_UNAVAILABLE. */
async function expectOpened(w: World, path: string) {
  const answer = await w.app.get(path, w.v.token)
  const text = await answer.text()
  if (rules(w.relation).pageShows) {
    expect(answer.status, `${path}: ${text}`).toBe(200)
  } else {
    expect(answer.status, `${path}: ${text}`).toBe(403)
    const refused = JSON.parse(text) as { code: string; errors: string[] }
    expect(refused.code).toBe('POST_UNAVAILABLE')
    expect(refused.errors).toEqual(['This post isn’t available to you.'])
  }
}

/** The quote embed of A's quote as V gets it: shown only when V may see X. */
function expectQuoteFor(w: World, post: Post | null | undefined, where: string) {
  expect(post, where).toBeTruthy()
  const state = post?.quoteOf?.state
  expect(state, where).toBe(rules(w.relation).listsShow ? 'visible' : 'unavailable')
  expect(holdsSecret(post), where).toBe(rules(w.relation).listsShow)
}

/**
 * Asserts the post a take-back answers (always allowed): whole when V may open it, else withheld
 * (`unavailable`, nothing of what X wrote).
 */
async function expectWithheld(w: World, answer: Promise<PostResponse>) {
  const { post } = await answer
  const shows = rules(w.relation).pageShows
  expect(holdsSecret(post)).toBe(shows)
  expect(post.unavailable).toBe(shows ? undefined : true)
}

type RouteCheck = (w: World) => Promise<void>
/** A route's line: the check run with every relation, or why it shows nobody else's writing. */
type RouteLine = RouteCheck | { reason: string }

const ownOnly = { reason: "acts on the caller's own account, post or comment only" }
const ownConversations = {
  reason:
    "the caller's own conversations: a non-member gets 404 (tests/server/conversations/conversations.test.ts)",
}
const blockedEitherWay = (w: World) => w.relation === 'blocks' || w.relation === 'blocked-by'

/** A's group of A, V and X, its id. */
async function groupOfThree(w: World): Promise<string> {
  const made = await ok<ConversationResponse>(
    w.app.send('/api/conversations/group', { name: 'squad', memberIds: [w.v.id, w.x.id] }, w.a),
    201,
  )
  return made.conversation._id
}
const hostOnly = { reason: 'host tools: a host moderates whatever is reported, relations aside' }
const middleware = { reason: 'middleware or a fallback, no answer of its own' }

const ROUTES: Record<string, RouteLine> = {
  'ALL /*': middleware,
  'ALL /api/*': middleware,
  'ALL /api/notifications/*': middleware,
  'GET /api/meta': { reason: "the server's name and features" },
  'GET /api/health': { reason: 'whether the server answers' },
  'GET /api/health/ready': {
    reason: 'whether its database, Redis and bucket answer: no user data',
  },
  'GET /api/server/stats': {
    reason: "host only: the server's counts and daily totals, no post, message or person",
  },
  'POST /api/auth/signup': ownOnly,
  'POST /api/auth/login': ownOnly,
  'POST /api/auth/logout': ownOnly,
  'POST /api/auth/password': ownOnly,
  'GET /api/auth/session': ownOnly,
  'DELETE /api/users/me': ownOnly,
  'GET /api/users/me/relations': { reason: "the caller's own blocks and mutes, to undo them" },
  'POST /api/users/me/mute/:userId': { reason: 'makes a relation; allowed at any relation' },
  'POST /api/users/me/block/:userId': { reason: 'makes a relation; allowed at any relation' },
  'POST /api/users/me/unblock/:userId': { reason: 'undoes a relation; always allowed' },
  'POST /api/users/me/unmute/:userId': { reason: 'undoes a relation; always allowed' },
  'GET /api/users': async (w) => {
    const search = await read<UsersPage>(w, `/api/users?search=xavier&limit=10`)
    expect(search.users.some((user) => user.id === w.x.id)).toBe(rules(w.relation).listsShow)
    const everyone = await read<UsersPage>(w, `/api/users?limit=50`)
    expect(everyone.users.some((user) => user.id === w.x.id)).toBe(rules(w.relation).listsShow)
  },
  'GET /api/users/bookmark': async (w) => {
    const page = await read<BookmarksPage>(w, '/api/users/bookmark?limit=10')
    expect(page.bookmarks.some((post) => post._id === w.xPost._id)).toBe(
      rules(w.relation).listsShow,
    )
  },
  'GET /api/users/:username/:kind{(?:followers|following)}': async (w) => {
    const page = await read<UsersPage>(w, '/api/users/third_a/followers?limit=10')
    expect(page.users.some((user) => user.id === w.x.id)).toBe(rules(w.relation).listsShow)
    // X's own lists: empty on a profile closed by a block (X follows A).
    const theirs = await read<UsersPage>(w, `/api/users/${w.xName}/following?limit=10`)
    const closed = w.relation === 'blocks' || w.relation === 'blocked-by'
    expect(theirs.users.some((user) => user.id === w.a.id)).toBe(!closed)
  },
  'GET /api/users/:username': async (w) => {
    const { user } = await read<{ user: User }>(w, `/api/users/${w.xName}`)
    const closed = { blocks: 'blocking', 'blocked-by': 'blocked-by' } as const
    const relation = w.relation === 'blocks' || w.relation === 'blocked-by' ? w.relation : null
    expect(user.blockRelation).toBe(relation ? closed[relation] : undefined)
    // Closed by a block: no counts and no lists (X wrote posts and follows A).
    expect(user.postCount === 0).toBe(relation !== null)
    expect(user.followingCount === 0 && user.following.length === 0).toBe(relation !== null)
  },
  'POST /api/users/edit': ownOnly,
  'POST /api/users/follow/:userId': async (w) => {
    // A block ended V's follow; otherwise it is taken back first, so that a new one is asked.
    if (w.relation !== 'blocks' && w.relation !== 'blocked-by') {
      await ok(w.app.send(`/api/users/unfollow/${w.x.id}`, {}, minimal(w.v)))
    }
    const refusal = rules(w.relation).refusal
    await expectInteraction(
      w,
      w.app.send(`/api/users/follow/${w.x.id}`, {}, minimal(w.v)),
      refusal === 'POST_UNAVAILABLE' ? 'following a suspended account' : 'following',
    )
  },
  'POST /api/users/unfollow/:userId': { reason: 'taking a follow back is never refused' },
  'POST /api/users/bookmark/:postId': async (w) => {
    await expectInteraction(
      w,
      w.app.send(`/api/users/bookmark/${w.xPost2._id}`, {}, minimal(w.v)),
      'bookmarking',
    )
  },
  'POST /api/users/remove-bookmark/:postId': async (w) => {
    // Taking back is never refused, but what it answers holds only what V may see.
    const path = `/api/users/remove-bookmark/${w.xPost._id}`
    await expectWithheld(w, ok<PostResponse>(w.app.send(path, {}, minimal(w.v))))
  },
  'GET /api/posts': async (w) => {
    const page = await read<PostsPage>(w, '/api/posts?limit=50')
    expect(page.posts.some((post) => post._id === w.xPost2._id)).toBe(rules(w.relation).listsShow)
    expectQuoteFor(
      w,
      page.posts.find((post) => post._id === w.aQuote._id),
      'the quote in /posts',
    )
    const whole = await read<{ posts: Post[] }>(w, '/api/posts')
    expect(holdsSecret(whole)).toBe(rules(w.relation).listsShow)
  },
  'GET /api/posts/user/:username': async (w) => {
    const page = await read<PostsPage>(w, `/api/posts/user/${w.xName}?limit=10`)
    expect(page.posts.length > 0).toBe(rules(w.relation).pageShows)
  },
  'GET /api/posts/:postId': async (w) => {
    await expectOpened(w, `/api/posts/${w.xPost._id}`)
    const { post } = await read<PostResponse>(w, `/api/posts/${w.aQuote._id}`)
    expectQuoteFor(w, post, "the quote's page")
  },
  'POST /api/posts': async (w) => {
    await expectInteraction(
      w,
      w.app.send(
        '/api/posts',
        { postData: { content: 'quoting', quoteOf: w.xPost2._id } },
        minimal(w.v),
      ),
      'quoting',
    )
  },
  'POST /api/posts/edit/:postId': ownOnly,
  'DELETE /api/posts/:postId': ownOnly,
  'POST /api/posts/like/:postId': async (w) => {
    await expectInteraction(
      w,
      w.app.send(`/api/posts/like/${w.xPost._id}`, {}, minimal(w.v)),
      'liking',
    )
  },
  'POST /api/posts/dislike/:postId': async (w) => {
    // X's post has a like (from A in the event walk, or V's above): a dislike is possible.
    await w.app.send(`/api/posts/like/${w.xPost2._id}`, {}, minimal(w.a))
    await expectInteraction(
      w,
      w.app.send(`/api/posts/dislike/${w.xPost2._id}`, {}, minimal(w.v)),
      'disliking',
    )
  },
  'POST /api/posts/:postId/poll/vote': async (w) => {
    const optionId = w.xPost.poll?.options[0]?.id
    await expectInteraction(
      w,
      w.app.send(`/api/posts/${w.xPost._id}/poll/vote`, { optionId }, { token: w.v.token }),
      'voting in the poll',
    )
  },
  'GET /api/tags': { reason: 'tag names for autocomplete, never a post or a person' },
  'POST /api/posts/:postId/repost': async (w) => {
    await expectInteraction(w, w.app.send(`/api/posts/${w.xPost._id}/repost`, {}, w.v), 'reposting')
  },
  'DELETE /api/posts/:postId/repost': async (w) => {
    const path = `/api/posts/${w.xPost._id}/repost`
    await expectWithheld(w, ok<PostResponse>(w.app.send(path, {}, { ...w.v, method: 'DELETE' })))
  },
  'PUT /api/posts/:postId/reactions/:reaction': async (w) => {
    await expectInteraction(
      w,
      w.app.send(`/api/posts/${w.xPost._id}/reactions/gg`, {}, { ...w.v, method: 'PUT' }),
      'reacting',
    )
  },
  'DELETE /api/posts/:postId/reactions/:reaction': async (w) => {
    const path = `/api/posts/${w.xPost._id}/reactions/gg`
    await expectWithheld(w, ok<PostResponse>(w.app.send(path, {}, { ...w.v, method: 'DELETE' })))
  },
  'GET /api/posts/:postId/reactions/:reaction': async (w) => {
    await expectOpened(w, `/api/posts/${w.xPost._id}/reactions/fire?limit=10`)
    const page = await read<ReactorsPage>(w, `/api/posts/${w.aPost._id}/reactions/fire?limit=10`)
    expect(page.users.some((user) => user._id === w.x.id)).toBe(rules(w.relation).listsShow)
  },
  'GET /api/posts/:postId/reposts': async (w) => {
    await expectOpened(w, `/api/posts/${w.xPost._id}/reposts?limit=10`)
    const page = await read<ReactorsPage>(w, `/api/posts/${w.aPost._id}/reposts?limit=10`)
    expect(page.users.some((user) => user._id === w.x.id)).toBe(rules(w.relation).listsShow)
  },
  'GET /api/feed': async (w) => {
    const page = await read<PostsPage>(w, '/api/feed?limit=50')
    // X's own posts, and A's repost of X's post, only when V may see X.
    expect(page.posts.some((post) => post._id === w.xPost._id)).toBe(rules(w.relation).listsShow)
    const quote = page.posts.find((post) => post._id === w.aQuote._id)
    expectQuoteFor(w, quote, 'the quote in the feed')
  },
  'GET /api/comments/:postId': async (w) => {
    await expectOpened(w, `/api/comments/${w.xPost._id}?limit=10`)
    const page = await read<CommentsPage>(w, `/api/comments/${w.aPost._id}?limit=10`)
    expect(holdsSecret(page)).toBe(rules(w.relation).listsShow)
  },
  'GET /api/comments/:postId/replies/:commentId': async (w) => {
    await expectOpened(w, `/api/comments/${w.xPost._id}/replies/${w.aCommentOnXId}`)
  },
  'GET /api/comments/:postId/thread/:commentId': async (w) => {
    await expectOpened(w, `/api/comments/${w.xPost._id}/thread/${w.aCommentOnXId}`)
  },
  'POST /api/comments/add/:postId': async (w) => {
    await expectInteraction(
      w,
      w.app.send(
        `/api/comments/add/${w.xPost._id}`,
        { commentData: { text: 'hello' } },
        minimal(w.v),
      ),
      'commenting',
    )
    await expectInteraction(
      w,
      w.app.send(
        `/api/comments/add/${w.aPost._id}`,
        { commentData: { text: 'a reply', replyTo: w.xCommentId } },
        minimal(w.v),
      ),
      "replying to X's comment",
    )
  },
  'POST /api/comments/edit/:postId/:commentId': ownOnly,
  'POST /api/comments/delete/:postId/:commentId': ownOnly,
  'POST /api/comments/upvote/:postId/:commentId': async (w) => {
    await expectInteraction(
      w,
      w.app.send(`/api/comments/upvote/${w.aPost._id}/${w.xCommentId}`, {}, minimal(w.v)),
      'upvoting',
    )
  },
  'POST /api/comments/downvote/:postId/:commentId': async (w) => {
    const path = `/api/comments/downvote/${w.aPost._id}/${w.xCommentId}`
    await expectInteraction(w, w.app.send(path, {}, minimal(w.v)), 'downvoting')
  },
  'POST /api/media': ownOnly,
  'POST /api/media/post-images': ownOnly,
  'POST /api/media/clips': ownOnly,
  'GET /api/media/clip-limit': { reason: "the server's clip limit" },
  'GET /api/media/default-avatar.svg': { reason: 'a fixed image' },
  'GET /api/media/:mediaId': {
    reason: 'bytes by their unguessable id, named only inside answers the viewer may see',
  },
  'GET /api/events': { reason: 'walked kind by kind in the event table below' },
  'GET /api/notifications': async (w) => {
    const page = await read<NotificationsPage>(w, '/api/notifications?limit=20')
    const fromX = page.notifications.some(
      (notification: Notification) => notification.actor._id === w.x.id,
    )
    expect(fromX).toBe(rules(w.relation).notificationsShow)
  },
  'GET /api/notifications/unread-count': async (w) => {
    const { unreadCount } = await read<UnreadCountResponse>(w, '/api/notifications/unread-count')
    const page = await read<NotificationsPage>(w, '/api/notifications?limit=50')
    expect(unreadCount).toBe(page.notifications.filter((item) => !item.read).length)
  },
  'POST /api/notifications/read': ownOnly,
  'GET /api/notifications/settings': ownOnly,
  'PATCH /api/notifications/settings': ownOnly,
  // Drafts: the caller's own, by slot; no route names another user's (tests/server/drafts).
  'GET /api/drafts': ownOnly,
  'GET /api/drafts/:slot': ownOnly,
  'PUT /api/drafts/:slot': ownOnly,
  'DELETE /api/drafts/:slot': ownOnly,
  'POST /api/reports': { reason: 'reporting stays open at every relation: the host must hear' },
  'GET /api/reports': hostOnly,
  'GET /api/reports/count': hostOnly,
  'DELETE /api/reports/:reportId': hostOnly,
  'DELETE /api/moderation/posts/:postId': hostOnly,
  'DELETE /api/moderation/comments/:commentId': hostOnly,
  'DELETE /api/moderation/messages/:messageId': hostOnly,
  'POST /api/moderation/suspend/:userId': hostOnly,
  'POST /api/moderation/unsuspend/:userId': hostOnly,
  'GET /api/moderation/suspended': hostOnly,
  'GET /api/moderation/users/:userId': hostOnly,
  'GET /api/moderation/hosts': hostOnly,
  'POST /api/moderation/hosts/:userId': hostOnly,
  'DELETE /api/moderation/hosts/:userId': hostOnly,
  'GET /api/moderation/audit': hostOnly,
  'GET /api/moderation/clip-limit': hostOnly,
  'PUT /api/moderation/clip-limit': hostOnly,
  'GET /api/search': async (w) => {
    const found = await read<SearchResponse>(w, `/api/search?q=${SECRET}`)
    expect(holdsSecret(found.posts)).toBe(rules(w.relation).listsShow)
    const people = await read<SearchResponse>(w, '/api/search?q=@xavier')
    expect(people.users?.items.some((user) => user.id === w.x.id)).toBe(rules(w.relation).listsShow)
  },
  'GET /api/me/presence': ownOnly,
  'PUT /api/me/presence': ownOnly,
  'PUT /api/me/status': ownOnly,
  'DELETE /api/me/status': ownOnly,
  'GET /api/presence': {
    reason: 'presence leaves out blocked and suspended users (tests/server/presence)',
  },
  'GET /api/presence/users': {
    reason: 'presence leaves out blocked and suspended users (tests/server/presence)',
  },
  'GET /api/games/:slug/playing': {
    reason: 'who plays now, from presence (tests/server/presence/game-playing.test.ts)',
  },
  'GET /api/games': { reason: "the server's game list, no person" },
  'GET /api/game-suggestions': {
    reason: "names of the server's games and of the shipped catalogue, no person",
  },
  'GET /api/trending': {
    reason:
      'tag and game names with counts; posts of authors hidden from the viewer are not counted (tests/server/routes/trending.test.ts)',
  },
  'GET /api/games/:slug': { reason: 'one game of the list, no person' },
  'GET /api/games/:slug/players': {
    reason: 'players hidden from the viewer are left out (services/reads/games.ts, games tests)',
  },
  'PATCH /api/games/:slug': hostOnly,
  'POST /api/games/:slug/merge': hostOnly,
  'PUT /api/games/:slug/cover': {
    reason:
      "a game's picture, no person: any player while it has none, then hosts (game covers tests)",
  },
  'DELETE /api/games/:slug/cover': hostOnly,
  'GET /api/users/:username/games': { reason: "a profile's game names, no writing" },
  'PUT /api/me/games': ownOnly,
  // Custom emoji: the server's own emoji, no person.
  'GET /api/emoji': { reason: "the server's custom emoji: shortcodes and images, no person" },
  'POST /api/emoji': hostOnly,
  'DELETE /api/emoji/:shortcode': hostOnly,
  // Conversations: members only, blocks hide either way
  // (tests/server/conversations/conversations.test.ts walks every route as a non-member).
  'ALL /api/conversations/*': middleware,
  'GET /api/conversations': ownConversations,
  'GET /api/conversations/unread': ownConversations,
  'POST /api/conversations/direct': async (w) => {
    const answer = await w.app.send('/api/conversations/direct', { userId: w.x.id }, w.v)
    if (w.relation === 'blocks' || w.relation === 'blocked-by') {
      expect((await answer.json()) as { code: string }).toMatchObject({ code: 'BLOCKED' })
    } else expect(answer.status).toBeLessThan(300)
  },
  'POST /api/conversations/group': ownConversations,
  'GET /api/conversations/:conversationId': ownConversations,
  'PATCH /api/conversations/:conversationId': ownConversations,
  'POST /api/conversations/:conversationId/members': ownConversations,
  'DELETE /api/conversations/:conversationId/members/:userId': ownConversations,
  'POST /api/conversations/:conversationId/leave': ownConversations,
  'PUT /api/conversations/:conversationId/mute': ownConversations,
  'POST /api/conversations/:conversationId/read': ownConversations,
  'GET /api/conversations/:conversationId/messages': async (w) => {
    // A's group with V and X: what X writes there shows to V unless one blocks the other.
    const group = await groupOfThree(w)
    const sent = await w.app.send(
      `/api/conversations/${group}/messages`,
      { text: `${SECRET} in a group` },
      w.x,
    )
    if (w.relation === 'suspended') {
      expect(sent.status).toBe(401)
      return
    }
    expect(sent.status).toBe(201)
    const page = await read<MessagesPage>(w, `/api/conversations/${group}/messages`)
    expect(holdsSecret(page.messages)).toBe(!blockedEitherWay(w))
    const list = await read<ConversationsPage>(w, '/api/conversations')
    expect(holdsSecret(list.conversations)).toBe(!blockedEitherWay(w))
  },
  'POST /api/conversations/:conversationId/messages': ownConversations,
  'POST /api/conversations/:conversationId/typing': ownConversations,
  'GET /api/conversations/:conversationId/messages/search': async (w) => {
    // X's words in A's group match V's search unless one blocks the other.
    const group = await groupOfThree(w)
    const sent = await w.app.send(
      `/api/conversations/${group}/messages`,
      { text: `${SECRET} searchable` },
      w.x,
    )
    if (w.relation === 'suspended') {
      expect(sent.status).toBe(401)
      return
    }
    expect(sent.status).toBe(201)
    const page = await read<MessageSearchPage>(
      w,
      `/api/conversations/${group}/messages/search?q=searchable`,
    )
    expect(holdsSecret(page.messages)).toBe(!blockedEitherWay(w))
  },
  'PATCH /api/conversations/:conversationId/messages/:messageId': ownConversations,
  'DELETE /api/conversations/:conversationId/messages/:messageId': ownConversations,
  'PUT /api/conversations/:conversationId/picture': ownConversations,
  'DELETE /api/conversations/:conversationId/picture': ownConversations,
  'PUT /api/conversations/:conversationId/messages/:messageId/reactions/:reaction': async (w) => {
    // X reacts to A's message in their group of three: V counts it unless one blocks the other.
    const group = await groupOfThree(w)
    const sent = await ok<MessageResponse>(
      w.app.send(`/api/conversations/${group}/messages`, { text: 'gg' }, w.a),
      201,
    )
    const path = `/api/conversations/${group}/messages/${sent.message._id}/reactions/fire`
    const reacted = await w.app.send(path, {}, { ...w.x, method: 'PUT' })
    if (w.relation === 'suspended') {
      expect(reacted.status).toBe(401)
      return
    }
    expect(reacted.status).toBe(200)
    const page = await read<MessagesPage>(w, `/api/conversations/${group}/messages`)
    const counts = page.messages.find((m) => m._id === sent.message._id)?.reactions.counts
    expect(counts).toEqual(blockedEitherWay(w) ? [] : [{ reaction: 'fire', count: 1 }])
  },
  'DELETE /api/conversations/:conversationId/messages/:messageId/reactions/:reaction':
    ownConversations,
  // Game nights: X's night is X's writing (tests/server/game-nights/game-nights.test.ts).
  'ALL /api/game-nights/*': middleware,
  'GET /api/game-nights': async (w) => {
    const page = await read<GameNightsPage>(w, '/api/game-nights')
    expect(holdsSecret(page.gameNights)).toBe(rules(w.relation).listsShow)
  },
  'POST /api/game-nights': { reason: "the caller's own new game night" },
  'GET /api/game-nights/:gameNightId': async (w) => {
    const answer = await w.app.get(`/api/game-nights/${w.xNightId}`, w.v.token)
    expect(answer.status).toBe(rules(w.relation).pageShows ? 200 : 404)
    expect(holdsSecret(await answer.text())).toBe(rules(w.relation).pageShows)
  },
  'GET /api/game-nights/:gameNightId/ics': async (w) => {
    const answer = await w.app.get(`/api/game-nights/${w.xNightId}/ics`, w.v.token)
    expect(answer.status).toBe(rules(w.relation).pageShows ? 200 : 404)
    expect(holdsSecret(await answer.text())).toBe(rules(w.relation).pageShows)
  },
  'PATCH /api/game-nights/:gameNightId': { reason: "the host's own game night only (NOT_OWNER)" },
  'PUT /api/game-nights/:gameNightId/rsvp': async (w) => {
    const answer = await w.app.send(
      `/api/game-nights/${w.xNightId}/rsvp`,
      { answer: 'going' },
      { ...w.v, method: 'PUT' },
    )
    const text = await answer.text()
    expect(answer.status, text).toBe(rules(w.relation).pageShows ? 200 : 404)
    expect(holdsSecret(text)).toBe(rules(w.relation).pageShows)
  },
  // Squad calls: X's call is X's writing (tests/server/squad-calls/squad-calls.test.ts).
  'ALL /api/squad-calls/*': middleware,
  'GET /api/squad-calls': async (w) => {
    const list = await read<SquadCallsList>(w, '/api/squad-calls')
    expect(holdsSecret(list.squadCalls)).toBe(rules(w.relation).listsShow)
  },
  'POST /api/squad-calls': { reason: "the caller's own new squad call" },
  'GET /api/squad-calls/:squadCallId': async (w) => {
    const answer = await w.app.get(`/api/squad-calls/${w.xCallId}`, w.v.token)
    expect(answer.status).toBe(rules(w.relation).pageShows ? 200 : 404)
    expect(holdsSecret(await answer.text())).toBe(rules(w.relation).pageShows)
  },
  'PUT /api/squad-calls/:squadCallId/join': (w) => squadCallWrite(w, 'PUT'),
  'DELETE /api/squad-calls/:squadCallId/join': (w) => squadCallWrite(w, 'DELETE'),
  'POST /api/squad-calls/:squadCallId/close': {
    reason: "the creator's own squad call only (NOT_OWNER)",
  },
}

/** V joins or leaves X's squad call: as its page, refused (404) where the page is. */
async function squadCallWrite(w: World, method: 'PUT' | 'DELETE') {
  const answer = await w.app.send(`/api/squad-calls/${w.xCallId}/join`, {}, { ...w.v, method })
  const text = await answer.text()
  expect(answer.status, text).toBe(rules(w.relation).pageShows ? 200 : 404)
  expect(holdsSecret(text)).toBe(rules(w.relation).pageShows)
}

/** How long to wait for an event that must not come (the hub delivers in the same turn). */
const QUIET_MS = 150
/** How long an event that must come may take to be read from the stream. */
const ARRIVAL_MS = 3000

/** Whether V's stream got an event of `type` since `from` (an index into its events). */
const got = (stream: EventReader, type: string, from: number, match: (data: unknown) => boolean) =>
  stream.events.slice(from).some((event) => event.type === type && match(event.data))

type EventCheck = (w: World, stream: EventReader) => Promise<void>
type EventLine = EventCheck | { reason: string }

/** Runs `act`, waits for the stream, and asserts whether V got a matching event. */
async function expectEvent(
  stream: EventReader,
  type: string,
  act: () => Promise<unknown>,
  match: (data: unknown) => boolean,
  expected: boolean,
) {
  const from = stream.events.length
  await act()
  // One that must come is waited for (a loaded machine reads the stream late); one that must
  // not is given QUIET_MS (the hub sends in the command's own turn, before it answers).
  const deadline = Date.now() + (expected ? ARRIVAL_MS : QUIET_MS)
  while (!got(stream, type, from, match) && Date.now() < deadline) await stream.settle(20)
  expect(got(stream, type, from, match), `a "${type}" event`).toBe(expected)
}

const about = (postId: string) => (data: unknown) => (data as { postId?: string }).postId === postId

const EVENTS: Record<keyof LiveEventMap, EventLine> = {
  ready: { reason: 'the stream is live: names nobody' },
  reset: { reason: 'the stream cannot be replayed: names nobody' },
  'custom-emoji': { reason: 'the server’s emoji list changed: names nobody, only its version' },
  post: async (w, stream) => {
    // A edits the quote: the event carries the quote presented as V may see it.
    await ok(
      w.app.send(`/api/posts/edit/${w.aQuote._id}`, { postData: { content: 'edited' } }, w.a),
    )
    const event = await stream.next('post')
    expect(event.data.post._id).toBe(w.aQuote._id)
    expectQuoteFor(w, event.data.post, 'the post event of the quote')
    if (w.relation === 'suspended') return
    // X's own new post reaches V only when V may see X.
    await expectEvent(
      stream,
      'post',
      () => newPost(w.app, w.x, { content: `${SECRET} the third` }),
      (data) => holdsSecret(data),
      rules(w.relation).listsShow,
    )
  },
  repost: async (w, stream) => {
    await ok(w.app.send(`/api/posts/${w.aQuote._id}/repost`, {}, w.a))
    const event = await stream.next('repost')
    expect(event.data.postId).toBe(w.aQuote._id)
    expectQuoteFor(w, event.data.post, 'the repost event of the quote')
    if (w.relation === 'suspended') {
      await expectInteraction(
        { ...w, v: w.a },
        w.app.send(`/api/posts/${w.xPost2._id}/repost`, {}, w.a),
        "A reposting the suspended author's post",
      )
      return
    }
    await expectEvent(
      stream,
      'repost',
      () => ok(w.app.send(`/api/posts/${w.xPost2._id}/repost`, {}, w.a)),
      about(w.xPost2._id),
      rules(w.relation).listsShow,
    )
  },
  reaction: async (w, stream) => {
    if (w.relation === 'suspended') {
      const refused = await w.app.send(`/api/posts/like/${w.xPost2._id}`, {}, minimal(w.a))
      expect(refused.status).toBe(403)
      return
    }
    await expectEvent(
      stream,
      'reaction',
      () => ok(w.app.send(`/api/posts/like/${w.xPost2._id}`, {}, minimal(w.a))),
      about(w.xPost2._id),
      rules(w.relation).countsReach,
    )
  },
  'emoji-reaction': async (w, stream) => {
    const path = `/api/posts/${w.xPost2._id}/reactions/wow`
    if (w.relation === 'suspended') {
      expect((await w.app.send(path, {}, { ...w.a, method: 'PUT' })).status).toBe(403)
      return
    }
    await expectEvent(
      stream,
      'emoji-reaction',
      () => ok(w.app.send(path, {}, { ...w.a, method: 'PUT' })),
      about(w.xPost2._id),
      rules(w.relation).countsReach,
    )
  },
  poll: async (w, stream) => {
    const optionId = w.xPost.poll?.options[1]?.id
    const vote = () => w.app.send(`/api/posts/${w.xPost._id}/poll/vote`, { optionId }, w.a)
    if (w.relation === 'suspended') {
      expect((await vote()).status).toBe(403)
      return
    }
    // Like a `post`: only to those who may see X's post.
    await expectEvent(
      stream,
      'poll',
      () => ok(vote()),
      about(w.xPost._id),
      rules(w.relation).listsShow,
    )
  },
  comment: async (w, stream) => {
    if (w.relation === 'suspended') {
      const refused = await w.app.send(
        `/api/comments/add/${w.xPost2._id}`,
        { commentData: { text: 'hi' } },
        minimal(w.a),
      )
      expect(refused.status).toBe(403)
      return
    }
    await expectEvent(
      stream,
      'comment',
      () =>
        ok(
          w.app.send(
            `/api/comments/add/${w.aPost._id}`,
            { commentData: { text: `${SECRET} again` } },
            minimal(w.x),
          ),
          201,
        ),
      (data) => holdsSecret(data),
      rules(w.relation).listsShow,
    )
  },
  vote: async (w, stream) => {
    const path = `/api/comments/upvote/${w.aPost._id}/${w.xCommentId}`
    if (w.relation === 'suspended') {
      expect((await w.app.send(path, {}, minimal(w.a))).status).toBe(403)
      return
    }
    await expectEvent(
      stream,
      'vote',
      () => ok(w.app.send(path, {}, minimal(w.a))),
      (data) => (data as { commentId: string }).commentId === w.xCommentId,
      rules(w.relation).countsReach,
    )
  },
  follow: async (w, stream) => {
    const follow = () => w.app.send(`/api/users/follow/${w.x.id}`, {}, minimal(w.a))
    if (w.relation === 'suspended') {
      expect((await follow()).status).toBe(403)
      return
    }
    await expectEvent(
      stream,
      'follow',
      () => ok(follow()),
      (data) => (data as { followee: { _id: string } }).followee._id === w.x.id,
      rules(w.relation).countsReach,
    )
  },
  user: async (w, stream) => {
    const edit = () => w.app.send('/api/users/edit', { userData: { bio: 'new bio' } }, w.x)
    if (w.relation === 'suspended') {
      // A suspension ended X's sessions: X cannot act at all.
      expect((await edit()).status).toBe(401)
      return
    }
    await expectEvent(
      stream,
      'user',
      () => ok(edit()),
      (data) => (data as { user: { _id: string } }).user._id === w.x.id,
      rules(w.relation).countsReach,
    )
  },
  games: async (w, stream) => {
    const set = () => w.app.send('/api/me/games', { games: ['Quake'] }, { ...w.x, method: 'PUT' })
    if (w.relation === 'suspended') {
      expect((await set()).status).toBe(401)
      return
    }
    await expectEvent(
      stream,
      'games',
      () => ok(set()),
      (data) => (data as { userId: string }).userId === w.x.id,
      rules(w.relation).countsReach,
    )
  },
  status: async (w, stream) => {
    const set = () =>
      w.app.send('/api/me/status', { game: 'Quake', expiresIn: 'never' }, { ...w.x, method: 'PUT' })
    if (w.relation === 'suspended') {
      expect((await set()).status).toBe(401)
      return
    }
    await expectEvent(
      stream,
      'status',
      () => ok(set()),
      (data) => (data as { userId: string }).userId === w.x.id,
      rules(w.relation).countsReach,
    )
  },
  presence: {
    reason: 'the audience of `status` (checked above), from streams opening and closing',
  },
  presences: {
    reason:
      "each user's `presence` audience within one batch: tests/server/presence/presence-batches.test.ts",
  },
  notification: async (w, stream) => {
    const mine = await newPost(w.app, w.v, { content: 'another of the viewer' })
    const like = () => w.app.send(`/api/posts/like/${mine._id}`, {}, minimal(w.x))
    if (w.relation === 'suspended') {
      expect((await like()).status).toBe(401)
      return
    }
    await expectEvent(
      stream,
      'notification',
      // Blocked either way, X cannot like V's post at all.
      () => like(),
      (data) =>
        (data as { notification: { actor: { _id: string } } }).notification.actor._id === w.x.id,
      w.relation === 'mute-expired',
    )
  },
  'unread-count': { reason: "the recipient's own count, naming nobody" },
  'post-deleted': { reason: 'ids and counts only, to everyone: a copy loaded earlier must go' },
  'comment-deleted': { reason: 'ids and counts only, to everyone: a copy loaded earlier must go' },
  bookmark: { reason: "to the user's own streams only, presented for them" },
  relations: { reason: "to the user's own streams only: their own lists" },
  'open-reports': hostOnly,
  message: async (w, stream) => {
    // X writes in A's group of the three: V hears of it unless one blocks the other.
    const group = await groupOfThree(w)
    const send = () =>
      w.app.send(`/api/conversations/${group}/messages`, { text: 'squad up at nine' }, w.x)
    if (w.relation === 'suspended') {
      expect((await send()).status).toBe(401)
      return
    }
    await expectEvent(
      stream,
      'message',
      () => ok(send(), 201),
      (data) => (data as { conversationId: string }).conversationId === group,
      !blockedEitherWay(w),
    )
  },
  'conversation-typing': async (w, stream) => {
    // X types in A's group of the three: V hears of it unless one blocks the other.
    const group = await groupOfThree(w)
    const type = () => w.app.send(`/api/conversations/${group}/typing`, {}, w.x)
    if (w.relation === 'suspended') {
      expect((await type()).status).toBe(401)
      return
    }
    await expectEvent(
      stream,
      'conversation-typing',
      () => ok(type()),
      (data) => (data as { conversationId: string }).conversationId === group,
      !blockedEitherWay(w),
    )
  },
  conversation: { reason: "to the conversation's members only (conversations.test.ts)" },
  'message-reactions': async (w, stream) => {
    // X reacts to A's message in their group: V hears of it unless one blocks the other.
    const group = await groupOfThree(w)
    const sent = await ok<MessageResponse>(
      w.app.send(`/api/conversations/${group}/messages`, { text: 'gg' }, w.a),
      201,
    )
    const react = () =>
      w.app.send(
        `/api/conversations/${group}/messages/${sent.message._id}/reactions/gg`,
        {},
        { ...w.x, method: 'PUT' },
      )
    if (w.relation === 'suspended') {
      expect((await react()).status).toBe(401)
      return
    }
    await expectEvent(
      stream,
      'message-reactions',
      () => ok(react()),
      (data) => (data as { messageId: string }).messageId === sent.message._id,
      !blockedEitherWay(w),
    )
  },
  'conversation-left': { reason: "to the user's own streams only" },
  'conversation-read': { reason: "to the user's own streams only: their read position" },
  'game-night': async (w, stream) => {
    // X moves its night: V hears of it as the lists show it (not when blocked or muting).
    const edit = () =>
      w.app.send(`/api/game-nights/${w.xNightId}`, { place: 'online' }, { ...w.x, method: 'PATCH' })
    if (w.relation === 'suspended') {
      expect((await edit()).status).toBe(401)
      return
    }
    await expectEvent(
      stream,
      'game-night',
      () => ok(edit()),
      (data) => (data as { gameNight: { _id: string } }).gameNight._id === w.xNightId,
      rules(w.relation).listsShow,
    )
  },
  'squad-call': async (w, stream) => {
    // X makes another call: V hears of it as the lists show it (not when blocked or muting).
    const make = () => w.app.send('/api/squad-calls', { game: 'doom', needed: 1 }, w.x)
    if (w.relation === 'suspended') {
      expect((await make()).status).toBe(401)
      return
    }
    await expectEvent(
      stream,
      'squad-call',
      () => ok(make(), 201),
      (data) => (data as SquadCallResponse).squadCall.creator.username === w.xName,
      rules(w.relation).listsShow,
    )
  },
}

const routeKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`

describe('every path keeps what a relation hides', () => {
  it.override({ appOptions: { demo: false, admins: ['host_one'] } })

  it('names every route of the app in its table, and no route the app lacks', async ({ app }) => {
    const registered = [...new Set(app.routes.map(routeKey))].sort()
    expect(Object.keys(ROUTES).sort()).toEqual(registered)
  })

  it('names every kind of live event in its table', () => {
    expect(Object.keys(EVENTS).sort()).toEqual([...LIVE_EVENT_TYPES].sort())
  })

  it("brings a muted player's reposts back to Home the moment the mute runs out", async ({
    app,
  }) => {
    const v = await quickUser(app, 'viewer_v')
    const x = await quickUser(app, 'xavier_hidden')
    const a = await quickUser(app, 'third_a')
    await ok(app.send(`/api/users/follow/${x.id}`, {}, v))
    const aPost = await newPost(app, a, { content: 'a post of the third player' })
    await ok(app.send(`/api/users/me/mute/${x.id}`, { duration: '1h' }, v))
    await ok(app.send(`/api/posts/${aPost._id}/repost`, {}, x))
    // While the mute lasts, Home holds no repost at all (and the read cache learns so).
    const muted = await ok<PostsPage>(app.get('/api/feed?limit=10', v.token))
    expect(muted.posts.map((post) => post._id)).toEqual([])
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
    vi.setSystemTime(Date.now() + 61 * 60 * 1000)
    const after = await ok<PostsPage>(app.get('/api/feed?limit=10', v.token))
    expect(after.posts.map((post) => [post._id, post.repostedBy?.user.id])).toEqual([
      [aPost._id, x.id],
    ])
  })

  it.for(RELATIONS)('walks every route and event kind when %s', async (relation, { app }) => {
    const w = await build(app, relation)
    const stream = await connect(app, w.v)
    // Events first (their acts change little that the routes' checks read), then the routes.
    for (const [type, line] of Object.entries(EVENTS)) {
      if (typeof line !== 'function') continue
      try {
        await line(w, stream)
      } catch (error) {
        throw new Error(`event "${type}" when ${relation}: ${(error as Error).message}`)
      }
    }
    // What others did never brought V X's writing unless V may see X (V's own take-backs and
    // interactions below answer X's post as V may open it: a muted player's, whole).
    expect(holdsSecret(stream.events)).toBe(rules(relation).listsShow)
    for (const [route, line] of Object.entries(ROUTES)) {
      if (typeof line !== 'function') continue
      try {
        await line(w)
      } catch (error) {
        throw new Error(`${route} when ${relation}: ${(error as Error).message}`)
      }
    }
    // Nor did V's own acts, where the page is closed to V (a block, a suspension).
    if (!rules(relation).pageShows) expect(holdsSecret(stream.events)).toBe(false)
  })
})
