/**
 * The JSON shapes of the Gamerstage API (docs/API.md).
 * Timestamps are strings formatted `YYYY-MM-DDTHH:mm:ss±hh:mm`; ids are strings and `id === _id`.
 */
import type { ServerFeature } from './features'
import type {
  OwnPresenceResponse,
  PresenceListResponse,
  PresenceLookupResponse,
  PresenceState,
  StatusResponse,
  UserStatus,
} from './presence'
export type * from './presence'
export type * from './presence-schemas'
export type { ServerFeature } from './features'
export type { SearchType } from './search'
import type { ErrorCode, SessionEndReason } from './error-codes'
import type { POST_SORTS } from './schemas'
import type { DraftListResponse, DraftResponse } from './drafts'
import type { Reaction } from './reactions'
import type { ReportCategory } from './report-categories'
import type {
  ConversationEventMap,
  ConversationReadResponse,
  ConversationResponse,
  ConversationsPage,
  ConversationUnreadResponse,
  MessageReactionsEvent,
  MessageResponse,
  MessagesPage,
  MessageSearchPage,
} from './conversation-types'
import type { GameNightEventMap, GameNightResponse, GameNightsPage } from './game-night-types'
import type { SquadCallEventMap, SquadCallResponse, SquadCallsList } from './squad-call-types'
import type { SearchType } from './search'
import type { NotificationSettingsResponse } from './notification-kinds'

export type { ErrorCode } from './error-codes'

/** A user as it appears inside other objects: followers, following, post and comment authors. */
export interface UserSummary {
  _id: string
  id: string
  username: string
  firstName: string
  lastName: string
  profileImg: string
}

/** A user in a page of `/api/users?limit=`: the summary plus what a list row shows. */
export interface UserListItem extends UserSummary {
  bio: string
  followerCount: number
  followingCount: number
}

/** A whole user: what login, signup, `/users/{username}` and `/users/edit` answer. */
export interface User extends UserSummary {
  bio: string
  createdAt: string
  updatedAt: string
  followers: UserSummary[]
  following: UserSummary[]
  bookmarks: Post[]
  followerCount: number
  followingCount: number
  postCount: number
  /**
   * Set on a profile (`GET /users/:username`) closed to its viewer by a block:
   * `blocking` (the viewer blocked them) or `blocked-by` (they blocked the viewer). Its counts are
   * then 0 and its lists empty, and the app shows no posts, counts or Follow (docs/API.md,
   * "Blocking"). Absent otherwise.
   */
  blockRelation?: ProfileBlockRelation
  /** Extra sign-up fields are stored as given (docs/decisions.md) and returned beside the rest. */
  [extra: string]: unknown
}

/** How a profile closed by a block stands to its viewer (User.blockRelation). */
export type ProfileBlockRelation = 'blocking' | 'blocked-by'

/** Someone in a likedBy, dislikedBy, upvotedBy or downvotedBy list. */
export interface Reactor {
  _id: string
  username: string
}

export interface PostLikes {
  likeCount: number
  /**
   * In the spec's whole-list answers: everyone. In a page (`?limit=`) or a minimal answer: only
   * the viewer, when the viewer is in it, so a page does not grow with a post's popularity.
   */
  likedBy: Reactor[]
  dislikedBy: Reactor[]
}

export interface Post {
  _id: string
  id: string
  content: string
  /** The author's username. */
  username: string
  author: UserSummary
  createdAt: string
  updatedAt: string
  likes: PostLikes
  /** The post's comments in the spec's whole-list answers; empty in pages (use commentCount). */
  comments: Comment[]
  commentCount: number
  /** When the text was last edited, or null (likes do not count as edits). */
  editedAt: string | null
  /** Up to four images, in the order the author attached them (docs/API.md "Images in posts"). */
  media: PostMediaItem[]
  /**
   * The `@usernames` of `content` that name existing users, spelled as stored, each once: the
   * app links only these (docs/API.md "Mentions and tags").
   */
  mentions: string[]
  /** The post's poll, if it has one (docs/API.md "Polls"); an older server sends none. */
  poll?: PostPoll | null
  // ---- Reposts, quotes and emoji reactions (absent from a server without the
  // 'reposts' or 'reactions' feature: src/shared/features.ts) ----
  /** How many users repost it now. */
  repostCount?: number
  /** How many posts quote it now. */
  quoteCount?: number
  /** Whether the viewer reposts it (false for a reader without a token, and in live events). */
  reposted?: boolean
  /** The post this one quotes, or null when it quotes none. */
  quoteOf?: QuoteEmbed | null
  /** In the home feed only: the followed user (or the viewer) whose repost brought it there. */
  repostedBy?: RepostReason | null
  /** Its emoji reactions: counts above 0, and the viewer's own. */
  reactions?: PostEmojiReactions
  // ---- end of reposts, quotes and emoji reactions ----
  /**
   * True when the post is answered to a viewer who may not see it (a block either way,
   * a suspended author), as taking back a bookmark, repost or reaction of it does: its id, author
   * and counts only; `content` is empty and nothing it holds (media, poll, mentions, quote,
   * comments) is sent. The app shows "This post isn't available to you". Absent otherwise.
   */
  unavailable?: true
}

/* Polls (docs/API.md "Polls"). */

export interface PollOption {
  id: string
  text: string
  /** Votes for this option now. */
  votes: number
}

export interface PostPoll {
  options: PollOption[]
  /** When voting stops. */
  endsAt: string
  /** True once `endsAt` has passed, on the server's clock: the results are final. */
  ended: boolean
  /** How many people voted (one vote each). */
  voterCount: number
  /** The option the viewer voted for, or null (nobody signed in, or not voted yet). */
  ownVote: string | null
  /**
   * Grows by one with each vote cast or changed (issue 44): of two copies of a poll, the one with
   * the higher revision has the newer counts. Absent from a server before it.
   */
  revision?: number
}

/** `POST /api/posts/:postId/poll/vote`: the post's poll after the vote, as the voter sees it. */
export interface PollVoteResponse {
  poll: PostPoll
}

/* Autocomplete (docs/API.md "Autocomplete"). */

/** One tag of `GET /api/tags?prefix=`: the tag (normalized, without `#`) and its visible posts. */
export interface TagSuggestion {
  tag: string
  postCount: number
}

export interface TagSuggestionsResponse {
  tags: TagSuggestion[]
}

/* ---- Reposts, quotes and emoji reactions (docs/API.md) ---- */

/**
 * The post inside a quote, one level deep. `visible`: `post` holds it (its own `quoteOf` is
 * `nested`, never embedded further). `deleted`: it was deleted. `unavailable`: hidden from the
 * viewer (a suspended, blocked or muted author), `post` null. `nested`: a quote inside a quote,
 * not embedded (`post` null; open it by `postId`).
 */
export interface QuoteEmbed {
  postId: string
  state: 'visible' | 'deleted' | 'unavailable' | 'nested'
  post: Post | null
}

/** "X reposted": who, and when (the feed orders the post by this time). */
export interface RepostReason {
  user: UserSummary
  createdAt: string
}

/** One emoji's count on a post (only those above 0 are sent), in compareReactions order. */
export interface ReactionCount {
  reaction: Reaction
  count: number
}

export interface PostEmojiReactions {
  counts: ReactionCount[]
  /** The viewer's own reactions (empty for a reader without a token, and in live events). */
  mine: Reaction[]
}

/** `GET /posts/{postId}/reactions/{reaction}`: who reacted so, newest first. */
export interface ReactorsPage extends Page {
  users: UserSummary[]
}
/* ---- end of reposts, quotes and emoji reactions ---- */

/** An image attached to a post. `url` is the full image, `thumbUrl` a small version of it. */
export interface PostMediaItem {
  id: string
  url: string
  thumbUrl: string
  width: number
  height: number
  /** Text for people who cannot see the image; may be empty. */
  alt: string
  // --- clips ---
  /**
   * What `url` is: a still image, a GIF (which may move: `thumbUrl` is its first frame), or a
   * clip (a video: `url` is the MP4 or WebM, `thumbUrl` its poster). Absent from older servers:
   * read as `image`.
   */
  kind?: PostMediaKind
  // --- end clips ---
}
// --- clips ---
export type PostMediaKind = 'image' | 'gif' | 'clip'
/** `POST /media/clips`: the clip as posts show it (`kind: 'clip'`). */
export interface PostClipResponse {
  media: PostMediaItem
}
/** `GET`/`PUT /moderation/clip-limit`: the largest clip the server takes, in bytes. */
export interface ClipLimitResponse {
  maxBytes: number
  /** The bounds a host may choose between, in bytes. */
  minBytes: number
  limitBytes: number
}
// --- end clips ---

export interface CommentVotes {
  upvotedBy: Reactor[]
  downvotedBy: Reactor[]
  upvoteCount: number
  downvoteCount: number
}

/** The orders of `GET /posts?sort=`: newest first, or most liked first. */
export type PostSort = (typeof POST_SORTS)[number]

export interface Comment {
  _id: string
  id: string
  postId: string
  /** The author's username. */
  username: string
  author: UserSummary
  text: string
  votes: CommentVotes
  createdAt: string
  updatedAt: string
  /** The `@usernames` of `text` that name existing users, as in Post. */
  mentions: string[]
  // --- threads (docs/API.md "Threads"); absent from an older server ---
  /** The top-level comment of its thread; null for a top-level comment. */
  parentId?: string | null
  /** The comment this reply answers (its root or a reply in the thread); null once deleted. */
  replyToId?: string | null
  /** The author of the comment answered, kept when that comment goes. */
  replyToUsername?: string | null
  /** A top-level comment deleted while it had replies: a placeholder (empty text) keeps them. */
  deleted?: boolean
  /** Top-level comments in pages and deep links: the replies the viewer may see. */
  replyCount?: number
  /** The first few replies, oldest first (a deep link: up to the linked one). */
  replies?: Comment[]
  /** Where `GET /comments/:postId/replies/:commentId` continues; null when all are here. */
  repliesCursor?: string | null
  // --- end threads ---
}

/** Pages answer the list under its usual key plus where to continue; null at the end. */
export interface Page {
  nextCursor: string | null
}

export interface PostsResponse {
  posts: Post[]
}
export type PostsPage = PostsResponse & Page
export interface PostResponse {
  post: Post
}
export interface UsersResponse {
  users: User[]
}
export interface UsersPage extends Page {
  users: UserListItem[]
}
/**
 * `/users/{username}/followers` and `/users/{username}/following`: a page of people, newest
 * follow first (docs/API.md, "Follower and following lists").
 */
export type FollowListPage = UsersPage
export interface UserResponse {
  user: User
}
export interface FollowResponse {
  user: User
  followUser: User
}
/**
 * A follow or unfollow with `Prefer: return=minimal`: both users as list items, so the answer
 * does not grow with a popular user's followers.
 */
export interface FollowMinimalResponse {
  user: UserListItem
  followUser: UserListItem
}
export interface CommentsResponse {
  comments: Comment[]
}
export type CommentsPage = CommentsResponse & Page
export interface CommentResponse {
  comment: Comment
}
/** threads: `GET /comments/:postId/thread/:commentId`, a deep link's thread. */
export interface CommentThreadResponse {
  /** The thread's top-level comment with its replies up to the linked one. */
  comment: Comment
  /** The linked comment (the root or one of `comment.replies`). */
  commentId: string
}
export interface BookmarksResponse {
  bookmarks: Post[]
}
export type BookmarksPage = BookmarksResponse & Page
export interface SignupResponse {
  createdUser: User
  encodedToken: string
}
export interface LoginResponse {
  foundUser: User
  encodedToken: string
  /**
   * Present (true) when the account still has the one-time password the server made for it
   * (`--admin`): the app asks for a password of the user's own before anything else, and the
   * server refuses other writes until then (CHOOSE_PASSWORD_FIRST).
   */
  passwordChangeRequired?: true
}
export interface MediaResponse {
  url: string
}
/** `POST /media/post-images`: the image as posts show it. */
export interface PostImageResponse {
  media: PostMediaItem
}
export interface MetaResponse {
  name: string
  version: string
  demoAccount: { username: string; password: string } | null
  /**
   * What this server supports beyond the first version (src/shared/features.ts). Absent from
   * older servers: a client treats that as an empty list.
   */
  features: ServerFeature[]
}
export interface HealthResponse {
  status: 'ok'
}

/** One day's figure of the server page's charts: `day` is `YYYY-MM-DD` (UTC). */
export interface DayCount {
  day: string
  count: number
}

/** `GET /api/server/stats` (hosts only): what the host's server page shows. */
export interface ServerStatsResponse {
  version: string
  /** Seconds this instance has run. */
  uptimeSeconds: number
  database: 'sqlite' | 'postgres'
  /** Instances with a recent heartbeat (1 without a cluster). */
  instances: number
  members: number
  onlineNow: number
  /** The last 30 days, oldest first, today last; days without any are 0. */
  postsPerDay: DayCount[]
  commentsPerDay: DayCount[]
  /** Members who posted or commented that day. */
  activePlayersPerDay: DayCount[]
  images: { count: number; bytes: number }
  clips: { count: number; bytes: number }
}

/** `GET /api/health/ready`: each configured dependency, `ok` or why not. */
export interface ReadinessResponse {
  status: 'ready'
  checks: Partial<Record<'database' | 'redis' | 'bucket', 'ok' | string>>
}

/**
 * Every 4xx answer (and a 503). `errors[0]` is the sentence to show; `code` is what a client
 * decides on (src/shared/error-codes.ts, docs/API.md "Errors").
 */
export interface ErrorResponse {
  errors: string[]
  code: ErrorCode
  /**
   * Only on a 401 `INVALID_TOKEN` of the token check: why the token was refused, so that a
   * client can tell its user (docs/API.md, "Why a session ended"). `errors[0]` stays the spec's.
   */
  reason?: SessionEndReason
  /**
   * Only on a 422 `MEDIA_GONE` of a new post: the ids of its `media` that cannot be attached, in
   * the order sent (docs/API.md, "Images in posts").
   */
  missingMedia?: string[]
  /** Only on a 503 `NOT_READY` of `GET /api/health/ready`: each dependency, `ok` or why not. */
  checks?: ReadinessResponse['checks']
}
/** A 500 answer: never a stack trace. */
export interface ServerErrorResponse {
  error: { message: string }
  code: 'INTERNAL'
}

/* ---- Live events and notifications (docs/API.md, "Live events" and "Notifications") ---- */

export type NotificationType =
  | 'like'
  | 'comment'
  | 'upvote'
  | 'follow'
  | 'mention'
  | 'report'
  | 'report-handled'
  // threads: `actor` replied to the recipient's comment
  | 'reply'
  // `repost` names the reposted post, `quote` the new post that quotes yours.
  | 'repost'
  | 'quote'
  // `actor` reacted to the recipient's post with one emoji or more: one per person and post.
  | 'reaction'
  // Game nights (`gameNightId` names it): its host changed it (`changed` says what) or cancelled
  // it; the recipient moved up from the waiting list; it starts in 15 minutes.
  | 'game-night-changed'
  | 'game-night-cancelled'
  | 'game-night-promoted'
  | 'game-night-reminder'
  // A poll ended: `actor` wrote it (the recipient, for their own poll), `postId` is its post.
  | 'poll-ended'

/** Something someone did to the recipient's things; never caused by the recipient themself. */
export interface Notification {
  id: string
  /**
   * like: `actor` liked your post. comment: commented on your post. upvote: upvoted your
   * comment. follow: followed you. mention: mentioned you in a post (commentId null) or a
   * comment. report (to every host): `actor` reported the post or comment. report-handled (to
   * the reporter): a host (`actor`) handled their report; it names no post, comment or action.
   */
  type: NotificationType
  actor: UserSummary
  /** The post concerned (for a comment, upvote or comment mention: the comment's post); null for follow. */
  postId: string | null
  /** The comment concerned (comment, upvote, mention in a comment), else null. */
  commentId: string | null
  /** The start of the comment's or post's text (up to 100 characters); empty for follow. */
  snippet: string
  /** Game nights' notifications only: the night concerned (its title is the snippet). */
  gameNightId?: string
  /** Game nights' notifications only: what a `game-night-changed` changed (GameNightField names). */
  changed?: string[]
  createdAt: string
  read: boolean
}

export interface NotificationsPage extends Page {
  notifications: Notification[]
}
export interface UnreadCountResponse {
  unreadCount: number
}
/** `POST /notifications/read`: everything, or everything up to and including one id. */
export interface MarkReadRequest {
  upTo?: string
}

/** Someone in a live event: who liked, voted or followed. */
export type LiveActor = Reactor

/** A user's counts as they changed with a follow or unfollow. */
export interface FollowCounts {
  _id: string
  username: string
  followerCount: number
  followingCount: number
}

/**
 * The `data:` of each event of `GET /api/events`, by its `event:` name. Posts and comments are in
 * the page shape, presented for nobody: `likedBy`/`dislikedBy`/`upvotedBy`/`downvotedBy` are empty
 * (the viewer's own state comes from their own requests).
 */
/** Conversations' events are ConversationEventMap's (conversation-types.ts). */
export interface LiveEventMap extends ConversationEventMap, GameNightEventMap, SquadCallEventMap {
  /**
   * First on every connection, after any replay: the stream is live. Its id is the latest
   * event's, so a client that reconnects with it misses nothing.
   */
  ready: Record<string, never>
  /**
   * A new or edited post, with its author's post count now (a profile shows it; set it, never
   * add to it, so an event seen twice or one's own post counts once).
   */
  post: { post: Post; authorPostCount: number }
  /** A deleted post, with its author's post count after the delete. */
  'post-deleted': { postId: string; authorId: string; authorPostCount: number }
  /** `reaction` is the user's reaction now; `none` is never sent today (there is no "unlike"). */
  reaction: {
    postId: string
    likeCount: number
    user: LiveActor
    reaction: 'like' | 'dislike' | 'none'
  }
  /**
   * A vote on a poll: the counts now, for everyone who may see the post (not who voted, nor
   * for what; the voter's own vote comes from their own answer).
   */
  poll: {
    postId: string
    options: { id: string; votes: number }[]
    voterCount: number
    /** As PostPoll's: absent from a server before issue 44. */
    revision?: number
  }
  /** A new or edited comment, with its post's comment count. */
  /**
   * `commentCount` is the count hiding only suspended authors; threads: `created` says whether
   * it is new (the count of a viewer, who sees it, goes up by one) or an edit.
   */
  comment: { comment: Comment; commentCount: number; created?: boolean }
  /**
   * threads: `placeholder` when a top-level comment with replies became a placeholder;
   * `countDelta` what the count of anyone who saw it loses (-1, or 0 for a placeholder's end).
   */
  'comment-deleted': {
    postId: string
    commentId: string
    commentCount: number
    placeholder?: boolean
    countDelta?: number
  }
  vote: {
    postId: string
    commentId: string
    upvoteCount: number
    downvoteCount: number
    user: LiveActor
    vote: 'up' | 'down' | 'none'
  }
  follow: { follower: FollowCounts; followee: FollowCounts; following: boolean }
  /** A profile edit. */
  user: { user: UserListItem }
  /** To its recipient only, with their unread count after it. */
  notification: { notification: Notification; unreadCount: number }
  /** To one user only, when their unread count fell (read, or a notification's cause undone). */
  'unread-count': UnreadCountResponse
  /** The server cannot replay what was missed: refetch everything, then go on from this id. */
  reset: { reason: 'unknown-id' | 'too-old' }
  /**
   * To one user only, on every stream of theirs: they bookmarked a post (`bookmarked: true`) or
   * took the bookmark back, on any device. The post is presented for them.
   */
  bookmark: { post: Post; bookmarked: boolean }
  /**
   * To one user only, on every stream of theirs: whom they block and mute now, after a block,
   * unblock, mute or unmute on any device (the answer of those calls).
   */
  relations: RelationsResponse
  /** To every host only: how many reports are open now, after one was filed or handled. */
  'open-reports': OpenReportsResponse
  /* Presence and "now playing" (docs/API.md, "Presence and now playing"). */
  /**
   * A user's presence changed. Never to users blocked either way, never about a user who
   * appears offline (turning it on sends `offline` once).
   */
  presence: { userId: string; presence: PresenceState }
  /**
   * Several users' presence changed within the same second (the server tells presence in
   * batches, docs/API.md "Presence and now playing"): each user's presence now, with the
   * audience of `presence` for each of them.
   */
  presences: { users: Record<string, PresenceState> }
  /** A user's status was set, cleared or ran out (null), with the same audience as presence. */
  status: { userId: string; status: UserStatus | null }
  /**
   * A user's games changed (PUT /me/games): the profile's list now, for profiles open elsewhere.
   * The audience of profile edits (`user`): never to users blocked either way.
   */
  games: { userId: string; username: string; games: Game[] }
  // ---- Reposts, quotes and emoji reactions ----
  /**
   * Someone reposted a post (`action: 'repost'`, with the post for their followers' home feeds,
   * `repostedBy` set), took a repost back (`undo`), quoted it (`quote`: the quote itself travels as
   * a `post` event) or deleted a quote of it (`unquote`); with its counts now.
   */
  repost: {
    postId: string
    repostCount: number
    quoteCount: number
    user: LiveActor
    action: 'repost' | 'undo' | 'quote' | 'unquote'
    post: Post | null
  }
  /** Someone added (`reacted: true`) or took back an emoji reaction; the post's counts now. */
  'emoji-reaction': {
    postId: string
    counts: ReactionCount[]
    user: LiveActor
    reaction: Reaction
    reacted: boolean
  }
  // ---- end of reposts, quotes and emoji reactions ----
  /** To everyone: the server's custom emoji changed (one added or deleted); its list's version now. */
  'custom-emoji': { version: string }
}

export type LiveEventType = keyof LiveEventMap

/** One parsed event of the stream. */
export type LiveEvent = {
  [Type in LiveEventType]: { type: Type; data: LiveEventMap[Type] }
}[LiveEventType]
/* Sessions, accounts and moderation (docs/API.md "Sessions and accounts", "Moderation"). */

/** `POST /auth/logout`, `DELETE /users/me`, and the host's moderation calls. */
export interface OkResponse {
  ok: true
}
/** `POST /auth/password`: the fresh token for this session (every other one has ended). */
export interface PasswordChangeResponse {
  encodedToken: string
}
/** `GET /auth/session`: who the token stands for, and whether they host this server. */
export interface SessionResponse {
  user: User
  isHost: boolean
  /** Whether the user appears offline (PUT /me/presence); absent from older servers. */
  appearOffline?: boolean
  /** As LoginResponse's: the account still has its one-time password. Absent from older servers. */
  passwordChangeRequired?: boolean
}
/** `GET /users/me/relations` and the block/mute calls: whom the user blocked and muted. */
/** Someone the user mutes, and until when (a timestamp as `createdAt`; null: for good). */
export interface MutedUser extends UserSummary {
  mutedUntil: string | null
}

/** `POST /users/me/mute/:userId`'s body: for how long (`MUTE_DURATIONS` in schemas.ts). */
export interface MuteRequest {
  duration?: '1h' | '1d' | '1w' | 'forever'
}

/** Whom the user blocks and mutes now (expired mutes left out), in the order they did it. */
export interface RelationsResponse {
  blocked: UserSummary[]
  muted: MutedUser[]
}
/** What a report is about, as the host's list shows it. */
export type ReportTarget =
  | {
      kind: 'post' | 'comment'
      /** The post's id, or the comment's. */
      _id: string
      /** The post the comment belongs to (for a post, its own id). */
      postId: string
      text: string
      author: UserSummary & { suspended: boolean }
    }
  | {
      /**
       * A conversation's message, with a few of its neighbours as its reporter could see them,
       * and the conversation's kind and name: nothing else of the conversation.
       */
      kind: 'message'
      /** The message's id. */
      _id: string
      conversation: { _id: string; kind: 'direct' | 'group'; name: string | null }
      text: string
      deleted: boolean
      createdAt: string
      author: UserSummary & { suspended: boolean }
      /** Up to 3 messages before it and 3 after, oldest first. */
      before: ReportedMessageContext[]
      after: ReportedMessageContext[]
    }
  | {
      /** A person reported from their profile or a list of people. */
      kind: 'user'
      /** The person's id. */
      _id: string
      author: UserSummary & { suspended: boolean }
    }
/** A message beside a reported one, as the host's list shows it. */
export interface ReportedMessageContext {
  _id: string
  author: UserSummary
  /** '' once deleted. */
  text: string
  deleted: boolean
  createdAt: string
}
export interface Report {
  _id: string
  /** What kind of problem the reporter chose. */
  category: ReportCategory
  /** The reporter's note, '' when they wrote none. */
  reason: string
  createdAt: string
  reporter: UserSummary
  target: ReportTarget
}
export interface ReportResponse {
  report: Report
}
export interface ReportsResponse {
  reports: Report[]
}
/** `POST /moderation/suspend/:userId` and `unsuspend`: the account as it now is. */
export interface SuspensionResponse {
  user: UserSummary
  suspended: boolean
}
/** `GET /reports/count` and the `open-reports` live event (hosts only). */
export interface OpenReportsResponse {
  openReports: number
}
/** A suspended account, as the host's list shows it. */
export interface SuspendedAccount {
  user: UserSummary
  suspendedAt: string
}
/** `GET /moderation/suspended`: suspended accounts, the latest suspended first. */
export interface SuspendedAccountsResponse {
  suspended: SuspendedAccount[]
}
/**
 * Why an account hosts: `owner` (the desktop app's owner), `admin` (named with `--admin`), or
 * `made` (made host from the app by another host). Only `made` hosts can be removed.
 */
export type HostKind = 'owner' | 'admin' | 'made'
export interface HostEntry {
  user: UserSummary
  kind: HostKind
}
/** `GET /moderation/hosts` and the make/remove host calls: every host now. */
export interface HostsResponse {
  hosts: HostEntry[]
}
/** `GET /moderation/users/:userId` (hosts only): what a host's menu on a profile needs. */
export interface ModerationStatusResponse {
  suspended: boolean
  /** The account's host kind, or null when it does not host. */
  host: HostKind | null
}
export type HostActionKind =
  | 'suspend'
  | 'unsuspend'
  | 'delete-post'
  | 'delete-comment'
  /** A reported message of a conversation (its text gone, its place kept). */
  | 'delete-message'
  | 'dismiss-report'
  | 'make-host'
  | 'remove-host'
  /** Clips: `target` is the new limit, e.g. "80 MB". */
  | 'set-clip-limit'
  | 'rename-game'
  | 'merge-game'
/** One line of the audit list: which host did what to whom, and when. */
export interface HostAction {
  id: string
  host: string
  action: HostActionKind
  /** The account acted on (for a deleted post or comment, its author; for a report, its reporter). */
  target: string
  createdAt: string
}
/** `GET /moderation/audit`: the latest host actions, newest first. */
export interface HostActionsResponse {
  actions: HostAction[]
}

// --- Search (docs/API.md, "Search") ---

/** A tag found by search, with how many of its posts the viewer may see. */
export interface TagResult {
  /** Without `#`, lowercase (as `/api/posts?tag=` takes it). */
  tag: string
  postCount: number
}

/** One section of a search's answer: a page of what it found. */
export interface SearchSection<Item> {
  items: Item[]
  nextCursor: string | null
}

/**
 * `GET /api/search?q=&type=&limit=&cursor=`: the sections searched (all that apply to the query
 * without `type`; only that one with it), each a page.
 */
export interface SearchResponse {
  /** The words the posts were searched for: none when the query holds no letter or digit. */
  words: string[]
  posts?: SearchSection<Post>
  tags?: SearchSection<TagResult>
  users?: SearchSection<UserListItem>
  /** The server's games whose name (or a word of it, or the slug) starts with the query. */
  games?: SearchSection<Game>
  /**
   * With `counts=true` (no `type`): how many each searched section holds, up to
   * `SEARCH_LIMITS.countCap` (that number meaning "that many or more"). The search page's tabs.
   */
  counts?: Partial<Record<SearchType, number>>
}

/**
 * Every success answer of the API. The renderer's client and the server tests read answers only
 * as one of these, so a changed shape fails to compile where its fields are used.
 */
export type ApiAnswer =
  | UsersResponse
  // Conversations.
  | ConversationsPage
  | ConversationResponse
  | MessagesPage
  | MessageSearchPage
  | MessageResponse
  | MessageReactionsEvent
  | ConversationUnreadResponse
  | ConversationReadResponse
  // Drafts.
  | DraftListResponse
  | DraftResponse
  // Game nights.
  | GameNightsPage
  | GameNightResponse
  | SquadCallsList
  | SquadCallResponse
  // Notification settings.
  | NotificationSettingsResponse
  | UsersPage
  | UserResponse
  | FollowResponse
  | FollowMinimalResponse
  | PostsResponse
  | PostsPage
  | PostResponse
  | CommentsResponse
  | CommentsPage
  | CommentResponse
  | BookmarksResponse
  | BookmarksPage
  | SignupResponse
  | LoginResponse
  | MediaResponse
  | PostImageResponse
  | MetaResponse
  | HealthResponse
  | ReadinessResponse
  | ServerStatsResponse
  | NotificationsPage
  | UnreadCountResponse
  | OkResponse
  | PasswordChangeResponse
  | SessionResponse
  | RelationsResponse
  | ReportResponse
  | ReportsResponse
  | SuspensionResponse
  | OpenReportsResponse
  | SuspendedAccountsResponse
  | HostsResponse
  | ModerationStatusResponse
  | HostActionsResponse
  | PostClipResponse
  | ClipLimitResponse
  | SearchResponse
  // Presence and "now playing".
  | OwnPresenceResponse
  | StatusResponse
  | PresenceListResponse
  | PresenceLookupResponse
  | PollVoteResponse
  | TagSuggestionsResponse
  // Reposts, quotes and emoji reactions.
  | ReactorsPage
  // Games
  | GameResponse
  | GamesPage
  | GamesResponse
  | GamePlayersPage
  | GameSuggestionsResponse
  | TrendingResponse
  // Custom emoji
  | CustomEmojiList
  | CustomEmojiResponse

/** Every error answer: a refusal (4xx, 503) or an unexpected failure (500). */
export type ApiErrorAnswer = ErrorResponse | ServerErrorResponse

// ---- Games (docs/API.md, "Games") ----

/** A game of the server's list. `slug` is its address (`/games/<slug>`) and its `#tag`. */
export interface Game {
  id: string
  slug: string
  name: string
  /** How many profiles list it. */
  playerCount: number
  createdAt: string
  /** The uploaded cover's address (`/api/media/…`), or null: the app draws a placeholder. */
  coverUrl: string | null
  /** `GET /games?sort=playing` only: how many statuses name it now. */
  playingNow?: number
}
/** `GET /games/{slug}` (an old slug of a merged or renamed game answers the game it became), the host's rename and merge. */
export interface GameResponse {
  game: Game
}
/** `GET /games?search=`: the catalogue, most-played first. */
export interface GamesPage {
  games: Game[]
  nextCursor: string | null
}
/**
 * One answer of `GET /game-suggestions`: a game of the server's list (`listed`, with its players),
 * or one of the catalogue the server ships that nobody added yet (playerCount 0). Adding its name
 * to a profile (PUT /me/games) puts it on the list.
 */
export interface GameSuggestion {
  name: string
  slug: string
  playerCount: number
  listed: boolean
  /** The catalogue's platform families (`pc`, `playstation`, `xbox`, `nintendo`, `mobile`); none for a game only players added. */
  platforms: string[]
  /** The search is this game's name, one of its short names or its slug ("cs2"): no new game is needed. */
  exact: boolean
}
/** `GET /game-suggestions?q=&limit=`: the server's games and the catalogue's, best first. */
export interface GameSuggestionsResponse {
  games: GameSuggestion[]
}
/** A game of `GET /trending`: what its last days held. */
export interface TrendingGame extends Game {
  /** Posts of the last days tagged with the game's slug. */
  recentPosts: number
  /** Profiles that added it in the last days. */
  recentPlayers: number
}
/** `GET /trending`: Explore's tags and games of the last `days` days, the busiest first. */
export interface TrendingResponse {
  days: number
  tags: TagSuggestion[]
  games: TrendingGame[]
}
/** `GET /users/{username}/games` and `PUT /me/games`: a profile's games, in the order added. */
export interface GamesResponse {
  games: Game[]
}
/** `GET /games/{slug}/players`: who lists the game, the latest to add it first. */
export type GamePlayersPage = UsersPage
/** `PUT /me/games`: the whole list, each a game's name or slug (an unknown name adds the game). */
export interface SetMyGamesRequest {
  games: string[]
}
/** `PATCH /games/{slug}` (hosts). */
export interface RenameGameRequest {
  name: string
}
/** `POST /games/{slug}/merge` (hosts): the slug of the game it goes into. */
export interface MergeGameRequest {
  into: string
}
// ---- end of games ----

// ---- Custom emoji (docs/API.md, "Custom emoji") ----
/** One of the server's own emoji: written `:shortcode:`, drawn with the image at `url`. */
export interface CustomEmoji {
  shortcode: string
  url: string
}
/** `GET /emoji`: every custom emoji, by shortcode, and the list's version (also its ETag). */
export interface CustomEmojiList {
  emoji: CustomEmoji[]
  version: string
}
/** `POST /emoji` (hosts): the emoji added. */
export interface CustomEmojiResponse {
  emoji: CustomEmoji
}
// ---- end of custom emoji ----
