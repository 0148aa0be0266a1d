/**
 * What the app checks a server's answers against before showing them (docs/security.md). A
 * friend's server may be hostile: a username that breaks the username rule could become a link
 * off the app, a name could carry bidi overrides, a picture address could track every viewer.
 * Invalid items of a list are dropped (the rest still shows); an invalid single object fails
 * the call. Unknown keys are kept, so a newer server's extras pass through.
 *
 * Written with zod's mini build: these checks run on every answer, so they are part of the app's
 * first load (docs/desktop.md, "The build that ships"), where the full build would weigh a third of it.
 */
import * as z from 'zod/mini'
import type {
  CommentThreadResponse,
  ReactorsPage,
  BookmarksPage,
  CommentResponse,
  CommentsPage,
  FollowResponse,
  GameResponse,
  GamesPage,
  GamesResponse,
  GameSuggestionsResponse,
  LoginResponse,
  TrendingResponse,
  NotificationsPage,
  PollVoteResponse,
  PostResponse,
  PostsPage,
  SearchResponse,
  TagSuggestionsResponse,
  SignupResponse,
  UnreadCountResponse,
  UserResponse,
  UsersPage,
} from './api-types'
import type { GameNightResponse, GameNightsPage } from './game-night-types'
import type { CustomEmojiList, CustomEmojiResponse } from './api-types'
import { LIMITS, USERNAME_PATTERN } from './limits'
import { OUR_MEDIA } from './media-paths'
import { stripInvisible } from './text'
import { TAG_MAX_LENGTH } from './rich-text'
import { MAX_REACTION_LENGTH } from './reactions'
import { SHORTCODE_PATTERN } from './custom-emoji'

const DEFAULT_PICTURE = '/api/media/default-avatar.svg'

/** Ids end up in paths: letters, digits, `_` and `-` only. */
const idSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/))
const usernameSchema = z.string().check(z.maxLength(LIMITS.usernameMax), z.regex(USERNAME_PATTERN))
const oneLine = z.pipe(
  z.string(),
  z.transform((text: string) => stripInvisible(text).trim()),
)
const multiLine = z.pipe(
  z.string(),
  z.transform((text: string) => stripInvisible(text, { multiline: true }).trim()),
)
/** A picture that is not one of the server's own images shows as the default one. */
const pictureSchema = z.pipe(
  z.unknown(),
  z.transform((value: unknown) =>
    typeof value === 'string' && OUR_MEDIA.test(value) ? value : DEFAULT_PICTURE,
  ),
)
const count = z.int().check(z.nonnegative())

/** The items of a list that pass `item`; the others are left out. */
function listOf<T extends z.ZodMiniType>(item: T) {
  return z.pipe(
    z.array(z.unknown()),
    z.transform((values: unknown[]) =>
      values.flatMap((value) => {
        const parsed = item.safeParse(value)
        return parsed.success ? [parsed.data as z.output<T>] : []
      }),
    ),
  )
}

export const userSummarySchema = z.looseObject({
  _id: idSchema,
  username: usernameSchema,
  firstName: z.catch(oneLine, ''),
  lastName: z.catch(oneLine, ''),
  profileImg: pictureSchema,
})

const reactorSchema = z.looseObject({ _id: idSchema, username: usernameSchema })

/** The mentions that name existing users; an older server sends none, and none are linked. */
const mentionsSchema = z.catch(listOf(usernameSchema), [])

export const commentSchema = z.looseObject({
  _id: idSchema,
  postId: idSchema,
  username: usernameSchema,
  author: userSummarySchema,
  text: z.string(),
  votes: z.looseObject({
    upvotedBy: listOf(reactorSchema),
    downvotedBy: listOf(reactorSchema),
    upvoteCount: count,
    downvoteCount: count,
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
  mentions: mentionsSchema,
  // threads (docs/API.md "Threads"); an older server sends none
  parentId: z.catch(z.nullable(idSchema), null),
  replyToId: z.catch(z.nullable(idSchema), null),
  replyToUsername: z.catch(z.nullable(usernameSchema), null),
  // Sent only for a deleted comment that keeps its replies; absent otherwise, and stays so.
  deleted: z.optional(z.catch(z.boolean(), false)),
})

/** threads: a top-level comment of a page, with its first replies (each checked as a comment). */
const threadSchema = z.extend(commentSchema, {
  replyCount: z.catch(count, 0),
  replies: z.catch(listOf(commentSchema), []),
  repliesCursor: z.catch(z.nullable(z.string()), null),
})

/** An image of a post: only the server's own images are shown. */
const ownImage = z.string().check(z.regex(OUR_MEDIA))
const postMediaSchema = z.looseObject({
  id: idSchema,
  url: ownImage,
  thumbUrl: ownImage,
  width: count,
  height: count,
  alt: z.catch(oneLine, ''),
})

/* Polls (docs/API.md "Polls"): a poll that does not check out shows as no poll. */
const pollOptionSchema = z.looseObject({
  id: idSchema,
  text: oneLine,
  votes: count,
})
export const pollSchema = z.looseObject({
  options: z.array(pollOptionSchema).check(z.minLength(2), z.maxLength(LIMITS.pollOptionsMax)),
  endsAt: z.string(),
  ended: z.boolean(),
  voterCount: count,
  ownVote: z.catch(z.nullable(idSchema), null),
  revision: z.catch(z.optional(count), undefined),
})

const basePostSchema = z.looseObject({
  _id: idSchema,
  content: z.string(),
  username: usernameSchema,
  author: userSummarySchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  likes: z.looseObject({
    likeCount: count,
    likedBy: listOf(reactorSchema),
    dislikedBy: listOf(reactorSchema),
  }),
  comments: z.catch(listOf(commentSchema), []),
  commentCount: z.catch(count, 0),
  // An older server sends neither: no images, no edit mark.
  editedAt: z.catch(z.nullable(z.string()), null),
  media: z.catch(listOf(postMediaSchema), []),
  mentions: mentionsSchema,
  // An older server sends none.
  poll: z.catch(z.nullable(pollSchema), null),
})

/* What a post carries of reposts, quotes and emoji reactions; checked like the rest. */
/**
 * A quick reaction's key, a custom emoji's `:shortcode:`, or an emoji itself: no spaces, not all
 * ASCII (keycaps hold a digit).
 */
const reactionKeySchema = z
  .string()
  .check(
    z.maxLength(MAX_REACTION_LENGTH),
    z.regex(/^(?:fire|laugh|wow|sad|clap|gg|:[a-z0-9_]{2,30}:|(?=.*[^ -~])\S+)$/u),
  )
const shareFields = {
  repostCount: z.catch(count, 0),
  quoteCount: z.catch(count, 0),
  reposted: z.catch(z.boolean(), false),
  reactions: z.catch(
    z.looseObject({
      counts: listOf(z.looseObject({ reaction: reactionKeySchema, count: count })),
      mine: listOf(reactionKeySchema),
    }),
    { counts: [], mine: [] },
  ),
  // Only the home feed says why a post is there; elsewhere the field is absent and stays so.
  repostedBy: z.optional(
    z.catch(z.nullable(z.looseObject({ user: userSummarySchema, createdAt: z.string() })), null),
  ),
}
const quoteStateSchema = z.string().check(z.regex(/^(?:visible|deleted|unavailable|nested)$/))
/** The quoted post: checked as a post, its own quote named only (one level, docs/API.md). */
const innerPostSchema = z.extend(basePostSchema, {
  ...shareFields,
  quoteOf: z.catch(
    z.nullable(z.looseObject({ postId: idSchema, state: quoteStateSchema, post: z.null() })),
    null,
  ),
})
export const postSchema = z.extend(basePostSchema, {
  ...shareFields,
  quoteOf: z.catch(
    z.nullable(
      z.looseObject({
        postId: idSchema,
        state: quoteStateSchema,
        post: z.catch(z.nullable(innerPostSchema), null),
      }),
    ),
    null,
  ),
})

export const userListItemSchema = z.extend(userSummarySchema, {
  bio: z.catch(multiLine, ''),
  followerCount: z.catch(count, 0),
  followingCount: z.catch(count, 0),
})

export const userSchema = z.extend(userListItemSchema, {
  followers: listOf(userSummarySchema),
  following: listOf(userSummarySchema),
  bookmarks: z.catch(listOf(postSchema), []),
  postCount: z.catch(count, 0),
})

const cursor = z.catch(z.nullable(z.string()), null)

/** A notification of a type this app does not know (a newer server's) is left out of the list. */
export const notificationSchema = z.looseObject({
  id: idSchema,
  // A regex rather than z.enum: the regex check is in the first load already, an enum is not.
  type: z
    .string()
    .check(
      z.regex(
        /^(?:like|comment|upvote|follow|mention|report|report-handled|reply|repost|quote|reaction|game-night-changed|game-night-cancelled|game-night-promoted|game-night-reminder|poll-ended)$/,
      ),
    ),
  actor: userSummarySchema,
  postId: z.catch(z.nullable(idSchema), null),
  commentId: z.catch(z.nullable(idSchema), null),
  gameNightId: z.catch(z.optional(idSchema), undefined),
  changed: z.catch(z.optional(z.array(z.string())), undefined),
  snippet: z.catch(multiLine, ''),
  createdAt: z.string(),
  read: z.boolean(),
})

// --- Search (docs/API.md, "Search") ---

/** A tag as `/api/posts?tag=` takes it (rich-text.ts): it ends up in a path. */
const tagResultSchema = z.looseObject({
  tag: z.string().check(z.maxLength(50), z.regex(/^[\p{L}\p{M}\p{N}_]+$/u)),
  postCount: count,
})
const searchSection = (item: z.ZodMiniType) =>
  z.optional(z.looseObject({ items: listOf(item), nextCursor: cursor }))
const searchSchema = z.looseObject({
  words: z.catch(z.array(z.string()), []),
  posts: searchSection(postSchema),
  tags: searchSection(tagResultSchema),
  users: searchSection(userListItemSchema),
})

/** What the API client needs of a check: zod's safeParse. */
export interface AnswerCheck<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false }
}

/**
 * Each answer's schema, typed with the answer type it checks: the call sites keep the shared
 * types of src/shared/api-types.ts.
 */
const answer = <T>(schema: z.ZodMiniType) => schema as unknown as AnswerCheck<T>

export const ANSWERS = {
  user: answer<UserResponse>(z.looseObject({ user: userSchema })),
  login: answer<LoginResponse>(z.looseObject({ foundUser: userSchema, encodedToken: z.string() })),
  signup: answer<SignupResponse>(
    z.looseObject({ createdUser: userSchema, encodedToken: z.string() }),
  ),
  follow: answer<FollowResponse>(z.looseObject({ user: userSchema, followUser: userSchema })),
  usersPage: answer<UsersPage>(
    z.looseObject({ users: listOf(userListItemSchema), nextCursor: cursor }),
  ),
  post: answer<PostResponse>(z.looseObject({ post: postSchema })),
  postsPage: answer<PostsPage>(z.looseObject({ posts: listOf(postSchema), nextCursor: cursor })),
  bookmarksPage: answer<BookmarksPage>(
    z.looseObject({ bookmarks: listOf(postSchema), nextCursor: cursor }),
  ),
  comment: answer<CommentResponse>(z.looseObject({ comment: commentSchema })),
  commentsPage: answer<CommentsPage>(
    z.looseObject({ comments: listOf(threadSchema), nextCursor: cursor }),
  ),
  commentThread: answer<CommentThreadResponse>(
    z.looseObject({ comment: threadSchema, commentId: idSchema }),
  ),
  notificationsPage: answer<NotificationsPage>(
    z.looseObject({ notifications: listOf(notificationSchema), nextCursor: cursor }),
  ),
  unreadCount: answer<UnreadCountResponse>(z.looseObject({ unreadCount: count })),
  search: answer<SearchResponse>(searchSchema),
  pollVote: answer<PollVoteResponse>(z.looseObject({ poll: pollSchema })),
  tagSuggestions: answer<TagSuggestionsResponse>(
    z.looseObject({
      tags: listOf(
        z.looseObject({
          tag: z.string().check(z.maxLength(TAG_MAX_LENGTH), z.regex(/^[\p{L}\p{M}\p{N}_]+$/u)),
          postCount: count,
        }),
      ),
    }),
  ),
  // Who reacted with an emoji.
  reactorsPage: answer<ReactorsPage>(
    z.looseObject({ users: listOf(userSummarySchema), nextCursor: cursor }),
  ),
}

// ---- Games: a game's slug ends up in a path (`/games/<slug>`), its name on screen. ----

const gameSlugSchema = z.string().check(z.regex(/^[\p{L}\p{M}\p{N}_]{1,50}$/u))
const gameNameSchema = z.pipe(oneLine, z.string().check(z.minLength(1), z.maxLength(200)))

export const gameSchema = z.looseObject({
  id: idSchema,
  slug: gameSlugSchema,
  name: gameNameSchema,
  playerCount: z.catch(count, 0),
  createdAt: z.string(),
  playingNow: z.optional(z.catch(count, 0)),
  // Only an image of the server's own; anything else (or an older server's nothing) is no cover.
  coverUrl: z.catch(z.nullable(z.string().check(z.regex(OUR_MEDIA))), null),
})

export const gameSuggestionSchema = z.looseObject({
  slug: gameSlugSchema,
  name: gameNameSchema,
  playerCount: z.catch(count, 0),
  listed: z.catch(z.boolean(), false),
  exact: z.catch(z.boolean(), false),
  platforms: z.catch(listOf(z.string().check(z.maxLength(20))), []),
})

const trendingTagSchema = z.looseObject({
  tag: z.string().check(z.maxLength(TAG_MAX_LENGTH), z.regex(/^[\p{L}\p{M}\p{N}_]+$/u)),
  postCount: count,
})

export const GAME_ANSWERS = {
  trending: answer<TrendingResponse>(
    z.looseObject({
      days: count,
      tags: listOf(trendingTagSchema),
      games: listOf(
        z.looseObject({
          ...gameSchema.def.shape,
          recentPosts: z.catch(count, 0),
          recentPlayers: z.catch(count, 0),
        }),
      ),
    }),
  ),
  gameSuggestions: answer<GameSuggestionsResponse>(
    z.looseObject({ games: listOf(gameSuggestionSchema) }),
  ),
  game: answer<GameResponse>(z.looseObject({ game: gameSchema })),
  games: answer<GamesResponse>(z.looseObject({ games: listOf(gameSchema) })),
  gamesPage: answer<GamesPage>(z.looseObject({ games: listOf(gameSchema), nextCursor: cursor })),
}
// ---- end of games ----

// ---- Custom emoji: a shortcode goes into text and a path, an image only of the server's own. ----
const customEmojiSchema = z.looseObject({
  shortcode: z.string().check(z.regex(SHORTCODE_PATTERN)),
  url: ownImage,
})

export const EMOJI_ANSWERS = {
  customEmojiList: answer<CustomEmojiList>(
    z.looseObject({
      // One that fails its check is left out; the rest still show.
      emoji: listOf(customEmojiSchema),
      version: z.string(),
    }),
  ),
  customEmoji: answer<CustomEmojiResponse>(z.looseObject({ emoji: customEmojiSchema })),
}
// ---- end of custom emoji ----

// ---- Game nights (docs/API.md, "Game nights"): a night that does not check out is left out of
// a list, and fails the call of its own page. ----

/** A night's start and its other times: instants the app can read. */
const instant = z.string().check(z.refine((text) => !Number.isNaN(Date.parse(text))))

export const gameNightSharedSchema = z.looseObject({
  _id: idSchema,
  host: userSummarySchema,
  game: z.looseObject({ slug: gameSlugSchema, name: gameNameSchema }),
  title: z.pipe(oneLine, z.string().check(z.minLength(1), z.maxLength(200))),
  startsAt: instant,
  durationMinutes: z.int().check(z.positive()),
  place: z.catch(z.nullable(z.pipe(oneLine, z.string().check(z.maxLength(200)))), null),
  slots: z.catch(z.nullable(count), null),
  status: z.string().check(z.regex(/^(?:open|closed|cancelled)$/)),
  counts: z.looseObject({
    going: z.catch(count, 0),
    maybe: z.catch(count, 0),
    cant: z.catch(count, 0),
    waiting: z.catch(count, 0),
  }),
  // An older server sends no thread: the night shows no comments.
  threadPostId: z.catch(z.nullable(idSchema), null),
  createdAt: z.string(),
  updatedAt: z.string(),
})

const gameNightSchema = z.extend(gameNightSharedSchema, {
  going: z.catch(listOf(userSummarySchema), []),
  maybe: z.catch(listOf(userSummarySchema), []),
  waiting: z.catch(listOf(userSummarySchema), []),
  myAnswer: z.catch(z.nullable(z.string().check(z.regex(/^(?:going|maybe|cant|waiting)$/))), null),
  isHost: z.catch(z.boolean(), false),
})

export const GAME_NIGHT_ANSWERS = {
  gameNight: answer<GameNightResponse>(z.looseObject({ gameNight: gameNightSchema })),
  gameNightsPage: answer<GameNightsPage>(
    z.looseObject({ gameNights: listOf(gameNightSharedSchema), nextCursor: cursor }),
  ),
}
// ---- end of game nights ----
