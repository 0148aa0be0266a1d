/**
 * The whole database schema for PostgreSQL: the same tables, columns (under the same names and
 * keys), defaults, keys and indexes as `schema.ts`, which says what each one is for.
 * `tests/server/db/schema-parity.test.ts` compares the two column by column, so a change to one
 * goes into the other, then `npm run db:generate` and `npm run db:generate:pg`.
 *
 * Types: every whole number (ids, counts, times in milliseconds) is a `bigint`, read as a
 * JavaScript number (postgres.ts), `notifications.read` is a `boolean`, image bytes are `bytea`.
 * Not `integer` for ids and counts, although their values stay far below 2^31: SQLite's INTEGER
 * is 64-bit, and the code binds numbers past 2^31 in comparisons with them, which PostgreSQL
 * refuses for an `integer` column ("value out of range") where SQLite just compares: the first
 * page of a list starts at `LIST_START` (2^53 − 1, services/reads/pagination.ts) for ids, counts and
 * times alike, and an id from a path may have 16 digits (http/validate.ts `parseId`), naming
 * nothing rather than failing. The space it costs is a few bytes a row.
 */
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

/** Image bytes: `bytea`, which `pg` answers and takes as a Buffer (SQLite's blob). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
})

/**
 * Text compared by its bytes, as SQLite's BINARY collation does, whatever the database's own
 * collation (a server's default is often en_US.UTF-8, where 'a' < 'B' and punctuation is
 * ignored): a username prefix search reads `username_key >= key AND username_key < key ||
 * U+FFFF`, which only finds every name starting with the key in byte order, and pages ordered by
 * these columns must come in the order SQLite gives. drizzle-kit has no collation option, so the
 * type carries it (it writes the type into the migration as given).
 */
const bytewiseText = customType<{ data: string }>({
  dataType: () => 'text COLLATE "C"',
})

/** A whole number (an id, a count, a time in milliseconds), answered as a JavaScript number. */
const int = (name: string) => bigint(name, { mode: 'number' })

/** A time in milliseconds since the epoch. */
const millis = int

/** An id the database hands out: 1, 2, 3… like SQLite's AUTOINCREMENT. */
const serialId = () => int('id').primaryKey().generatedAlwaysAsIdentity()

export const users = pgTable(
  'users',
  {
    id: serialId(),
    username: text('username').notNull(),
    usernameKey: bytewiseText('username_key').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    bio: text('bio').notNull().default(''),
    profileImg: text('profile_img').notNull(),
    extra: text('extra').notNull().default('{}'),
    followerCount: int('follower_count').notNull().default(0),
    followingCount: int('following_count').notNull().default(0),
    postCount: int('post_count').notNull().default(0),
    tokenVersion: int('token_version').notNull().default(0),
    suspendedAt: millis('suspended_at'),
    oneTimePasswordAt: millis('one_time_password_at'),
    createdAt: millis('created_at').notNull(),
    updatedAt: millis('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('users_username_key_idx').on(table.usernameKey),
    index('users_suspended_idx').on(table.suspendedAt),
    index('users_popular_idx').on(table.followerCount, table.id),
  ],
)

export const posts = pgTable(
  'posts',
  {
    id: serialId(),
    authorId: int('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    likeCount: int('like_count').notNull().default(0),
    commentCount: int('comment_count').notNull().default(0),
    createdAt: millis('created_at').notNull(),
    updatedAt: millis('updated_at').notNull(),
    editedAt: millis('edited_at'),
    // ---- reposts and quotes (docs/API.md "Reposts and quotes") ----
    /** How many users repost this post now (rows of `reposts`). */
    repostCount: int('repost_count').notNull().default(0),
    /** How many posts quote this one now. */
    quoteCount: int('quote_count').notNull().default(0),
    /**
     * The post this one quotes, or null. No foreign key on purpose: once the original is deleted
     * the id stays, and the quote shows it as deleted.
     */
    quoteOfId: int('quote_of_id'),
    // ---- end of reposts and quotes ----
  },
  (table) => [
    index('posts_recent_idx').on(table.createdAt, table.id, table.authorId),
    index('posts_author_recent_idx').on(table.authorId, table.createdAt, table.id),
    index('posts_likes_idx').on(table.likeCount, table.createdAt, table.id),
  ],
)

export const postReactions = pgTable(
  'post_reactions',
  {
    postId: int('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: int('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['like', 'dislike'] }).notNull(),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    index('post_reactions_user_idx').on(table.userId),
  ],
)

export const comments = pgTable(
  'comments',
  {
    id: serialId(),
    postId: int('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: int('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    upvoteCount: int('upvote_count').notNull().default(0),
    downvoteCount: int('downvote_count').notNull().default(0),
    createdAt: millis('created_at').notNull(),
    updatedAt: millis('updated_at').notNull(),
    // --- threads: replies two levels deep (docs/API.md, "Threads") ---
    /** The root comment of the thread this reply is in; null for a top-level comment. */
    parentId: int('parent_id').references((): AnyPgColumn => comments.id, {
      onDelete: 'cascade',
    }),
    /** The comment this reply answers (the root or a reply in its thread); null once deleted. */
    replyToId: int('reply_to_id').references((): AnyPgColumn => comments.id, {
      onDelete: 'set null',
    }),
    /** The author of the comment answered, kept when that comment goes. */
    replyToUserId: int('reply_to_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set when a comment with replies is deleted: a placeholder keeps its thread. */
    deletedAt: millis('deleted_at'),
    // --- end threads ---
  },
  (table) => [
    index('comments_post_recent_idx').on(table.postId, table.createdAt, table.id),
    index('comments_author_idx').on(table.authorId),
    // threads: a thread's replies oldest first
    index('comments_thread_idx').on(table.parentId, table.createdAt, table.id),
  ],
)

export const commentVotes = pgTable(
  'comment_votes',
  {
    commentId: int('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: int('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['up', 'down'] }).notNull(),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.commentId, table.userId] }),
    index('comment_votes_user_idx').on(table.userId),
  ],
)

export const follows = pgTable(
  'follows',
  {
    followerId: int('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: int('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.followerId, table.followeeId] }),
    index('follows_followee_idx').on(table.followeeId, table.followerId),
    index('follows_followee_recent_idx').on(table.followeeId, table.createdAt, table.followerId),
    index('follows_follower_recent_idx').on(table.followerId, table.createdAt, table.followeeId),
  ],
)

export const bookmarks = pgTable(
  'bookmarks',
  {
    userId: int('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: int('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.postId] }),
    index('bookmarks_user_recent_idx').on(table.userId, table.createdAt, table.postId),
    index('bookmarks_post_idx').on(table.postId),
  ],
)

export const media = pgTable(
  'media',
  {
    id: text('id').primaryKey(),
    ownerId: int('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes'),
    size: int('size').notNull().default(0),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [index('media_owner_idx').on(table.ownerId)],
)

export const postMedia = pgTable(
  'post_media',
  {
    mediaId: text('media_id')
      .primaryKey()
      .references(() => media.id, { onDelete: 'cascade' }),
    postId: int('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    messageId: int('message_id').references((): AnyPgColumn => messages.id, {
      onDelete: 'cascade',
    }),
    ownerId: int('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    thumbId: text('thumb_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: int('position').notNull().default(0),
    width: int('width').notNull(),
    height: int('height').notNull(),
    alt: text('alt').notNull().default(''),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [
    index('post_media_post_idx').on(table.postId, table.position),
    index('post_media_owner_idx').on(table.ownerId),
    index('post_media_thumb_idx').on(table.thumbId),
    index('post_media_message_idx').on(table.messageId, table.position),
  ],
)

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

export const notifications = pgTable(
  'notifications',
  {
    id: serialId(),
    recipientId: int('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: int('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', {
      enum: [
        'like',
        'comment',
        'upvote',
        'follow',
        'mention',
        'report',
        'report-handled',
        // threads: someone answered the recipient's comment
        'reply',
        // Reposts and quotes.
        'repost',
        'quote',
        // Emoji reactions: one per person and post.
        'reaction',
        // Game nights.
        'game-night-changed',
        'game-night-cancelled',
        'game-night-promoted',
        'game-night-reminder',
        'poll-ended',
      ],
    }).notNull(),
    postId: int('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: int('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    gameNightId: int('game_night_id').references((): AnyPgColumn => gameNights.id, {
      onDelete: 'cascade',
    }),
    detail: text('detail'),
    read: boolean('read').notNull().default(false),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [
    index('notifications_recipient_idx').on(table.recipientId, table.id),
    index('notifications_unread_idx').on(table.recipientId, table.read),
    index('notifications_actor_idx').on(table.actorId, table.type),
    index('notifications_post_idx').on(table.postId),
    index('notifications_comment_idx').on(table.commentId),
    index('notifications_game_night_idx').on(table.gameNightId),
  ],
)

export const postTags = pgTable(
  'post_tags',
  {
    postId: int('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** Byte order, as in SQLite: a tag's rows are one range of post_tags_tag_recent_idx. */
    tag: bytewiseText('tag').notNull(),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.tag] }),
    index('post_tags_tag_recent_idx').on(table.tag, table.createdAt, table.postId),
  ],
)

export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    expiresAt: millis('expires_at').notNull(),
  },
  (table) => [index('revoked_tokens_expiry_idx').on(table.expiresAt)],
)

export const blocks = pgTable(
  'blocks',
  {
    blockerId: int('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: int('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index('blocks_blocked_idx').on(table.blockedId, table.blockerId),
  ],
)

export const mutes = pgTable(
  'mutes',
  {
    muterId: int('muter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedId: int('muted_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: millis('created_at').notNull(),
    /** When the mute ends (milliseconds); null for a mute for good. Checked at read time. */
    expiresAt: millis('expires_at'),
  },
  (table) => [
    primaryKey({ columns: [table.muterId, table.mutedId] }),
    index('mutes_muted_idx').on(table.mutedId),
  ],
)

export const reports = pgTable(
  'reports',
  {
    id: serialId(),
    reporterId: int('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: int('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: int('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    /** A report about a person (from their profile), rather than a post or comment. */
    userId: int('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * A conversation's message, reported by a member who could see it: the host then sees it with
     * a few messages around it (services/reads/reported-messages.ts), nothing else of the chat.
     */
    messageId: int('message_id').references((): AnyPgColumn => messages.id, {
      onDelete: 'cascade',
    }),
    /** What kind of problem (shared/report-categories.ts); "other" for reports from before. */
    category: text('category').notNull().default('other'),
    /** The reporter's optional note ('' when none). */
    reason: text('reason').notNull(),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [
    index('reports_recent_idx').on(table.createdAt, table.id),
    index('reports_reporter_idx').on(table.reporterId),
    index('reports_post_idx').on(table.postId),
    index('reports_comment_idx').on(table.commentId),
    index('reports_user_idx').on(table.userId),
    index('reports_message_idx').on(table.messageId),
  ],
)

export const hostGrants = pgTable('host_grants', {
  userId: int('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  grantedBy: int('granted_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: millis('created_at').notNull(),
})

export const hostActions = pgTable(
  'host_actions',
  {
    id: serialId(),
    hostId: int('host_id').references(() => users.id, { onDelete: 'set null' }),
    hostName: text('host_name').notNull(),
    action: text('action', {
      enum: [
        'suspend',
        'unsuspend',
        'delete-post',
        'delete-comment',
        // A reported conversation message (services/reads/reported-messages.ts).
        'delete-message',
        'dismiss-report',
        'make-host',
        'remove-host',
        // Clips: a host changed the clip size limit.
        'set-clip-limit',
        // Games: the target is the game, named as it was.
        'rename-game',
        'merge-game',
      ],
    }).notNull(),
    targetUserId: int('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetName: text('target_name').notNull(),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [
    index('host_actions_recent_idx').on(table.createdAt, table.id),
    index('host_actions_host_idx').on(table.hostId),
    index('host_actions_target_idx').on(table.targetUserId),
  ],
)

/* ---- Presence and "now playing": as in schema.ts ---- */

export const presenceSettings = pgTable('presence_settings', {
  userId: int('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  appearOffline: boolean('appear_offline').notNull().default(false),
  updatedAt: millis('updated_at').notNull(),
})

export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: int('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull().default(true),
    desktop: boolean('desktop').notNull().default(true),
    updatedAt: millis('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
)

export const userStatuses = pgTable(
  'user_statuses',
  {
    userId: int('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    game: text('game').notNull(),
    note: text('note').notNull().default(''),
    source: text('source', { enum: ['manual', 'detected'] }).notNull(),
    since: millis('since').notNull(),
    expiresAt: millis('expires_at'),
    /**
     * Where presence meets the game list: the slug of the status's game (the catalogue's game when
     * its name or slug names one, else the slug its name would have), for the game page's
     * "Playing now" (GET /games/{slug}/playing). Null only for rows older than the column.
     */
    gameSlug: text('game_slug'),
  },
  (table) => [
    index('user_statuses_expiry_idx').on(table.expiresAt),
    index('user_statuses_game_idx').on(table.gameSlug),
  ],
)
/* ---- end of presence and "now playing" ---- */
// ─── Polls ─────────────────────────────────────────────────────────────────────────────────────

export const polls = pgTable(
  'polls',
  {
    postId: int('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    endsAt: millis('ends_at').notNull(),
    createdAt: millis('created_at').notNull(),
    revision: int('revision').notNull().default(0),
    endToldAt: millis('end_told_at'),
  },
  (table) => [index('polls_end_idx').on(table.endToldAt, table.endsAt)],
)

export const pollOptions = pgTable(
  'poll_options',
  {
    id: serialId(),
    postId: int('post_id')
      .notNull()
      .references(() => polls.postId, { onDelete: 'cascade' }),
    position: int('position').notNull(),
    text: text('text').notNull(),
  },
  (table) => [uniqueIndex('poll_options_post_position_idx').on(table.postId, table.position)],
)

export const pollVotes = pgTable(
  'poll_votes',
  {
    postId: int('post_id')
      .notNull()
      .references(() => polls.postId, { onDelete: 'cascade' }),
    userId: int('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    optionId: int('option_id')
      .notNull()
      .references(() => pollOptions.id, { onDelete: 'cascade' }),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    index('poll_votes_option_idx').on(table.optionId),
    index('poll_votes_user_idx').on(table.userId),
  ],
)

/* ---- Reposts and emoji reactions (docs/API.md "Reposts and quotes", "Emoji reactions") ---- */

/** One row per user who reposts a post (to their followers' home feeds): one repost per user and post. */
export const reposts = pgTable(
  'reposts',
  {
    postId: int('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: int('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    // The home feed's reposts by the people one follows, newest first (services/reads/reposts.ts).
    index('reposts_user_recent_idx').on(table.userId, table.createdAt, table.postId),
  ],
)

/**
 * One row per user, post and emoji reaction (`REACTIONS` in src/shared/reactions.ts): beside
 * like and dislike, a user may add each emoji once.
 */
export const postEmojiReactions = pgTable(
  'post_emoji_reactions',
  {
    postId: int('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: int('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reaction: text('reaction').notNull(),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.reaction, table.userId] }),
    // "Who reacted": one emoji's users on one post, newest first.
    index('post_emoji_reactions_recent_idx').on(
      table.postId,
      table.reaction,
      table.createdAt,
      table.userId,
    ),
    index('post_emoji_reactions_user_idx').on(table.userId),
  ],
)

/** How many users reacted to a post with each emoji, kept with every change (only counts above 0). */
export const postEmojiCounts = pgTable(
  'post_emoji_counts',
  {
    postId: int('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    reaction: text('reaction').notNull(),
    count: int('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.postId, table.reaction] })],
)
/* ---- end of reposts and emoji reactions ---- */

// ---- Games: see schema.ts. ----

export const games = pgTable(
  'games',
  {
    id: serialId(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    playerCount: int('player_count').notNull().default(0),
    createdBy: int('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: millis('created_at').notNull(),
    coverMediaId: text('cover_media_id').references(() => media.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('games_slug_idx').on(table.slug),
    index('games_popular_idx').on(table.playerCount, table.id),
  ],
)

export const gameAliases = pgTable(
  'game_aliases',
  {
    slug: text('slug').primaryKey(),
    gameId: int('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [index('game_aliases_game_idx').on(table.gameId)],
)

export const userGames = pgTable(
  'user_games',
  {
    userId: int('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: int('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.gameId] }),
    index('user_games_game_recent_idx').on(table.gameId, table.createdAt, table.userId),
  ],
)
// ---- end of games ----

// ---- conversations ----
export const conversations = pgTable(
  'conversations',
  {
    id: serialId(),
    kind: text('kind', { enum: ['direct', 'group'] }).notNull(),
    name: text('name'),
    creatorId: int('creator_id').references(() => users.id, { onDelete: 'set null' }),
    pairKey: text('pair_key'),
    lastMessageId: int('last_message_id').notNull().default(0),
    activityAt: millis('activity_at').notNull(),
    createdAt: millis('created_at').notNull(),
    pictureMediaId: text('picture_media_id').references(() => media.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('conversations_pair_idx').on(table.pairKey),
    index('conversations_picture_idx').on(table.pictureMediaId),
  ],
)

export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: int('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: int('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadId: int('last_read_id').notNull().default(0),
    muted: boolean('muted').notNull().default(false),
    joinedAt: millis('joined_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    index('conversation_members_user_idx').on(table.userId, table.conversationId),
  ],
)

export const messages = pgTable(
  'messages',
  {
    id: serialId(),
    conversationId: int('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    authorId: int('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    replyToId: int('reply_to_id').references((): AnyPgColumn => messages.id, {
      onDelete: 'set null',
    }),
    editedAt: millis('edited_at'),
    deletedAt: millis('deleted_at'),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [
    index('messages_conversation_idx').on(table.conversationId, table.id),
    index('messages_author_idx').on(table.authorId),
  ],
)
export const messageReactions = pgTable(
  'message_reactions',
  {
    messageId: int('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: int('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reaction: text('reaction').notNull(),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.reaction, table.userId] }),
    index('message_reactions_user_idx').on(table.userId),
  ],
)
// ---- end of conversations ----

// ---- game nights: see schema.ts. ----
export const gameNights = pgTable(
  'game_nights',
  {
    id: serialId(),
    hostId: int('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: int('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    startsAt: millis('starts_at').notNull(),
    durationMinutes: int('duration_minutes').notNull(),
    place: text('place'),
    slots: int('slots'),
    status: text('status', { enum: ['open', 'closed', 'cancelled'] })
      .notNull()
      .default('open'),
    remindedAt: millis('reminded_at'),
    createdAt: millis('created_at').notNull(),
    updatedAt: millis('updated_at').notNull(),
    threadPostId: int('thread_post_id').references(() => posts.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('game_nights_starts_idx').on(table.startsAt, table.id),
    index('game_nights_game_idx').on(table.gameId, table.startsAt),
    index('game_nights_host_idx').on(table.hostId),
    uniqueIndex('game_nights_thread_idx').on(table.threadPostId),
  ],
)

export const gameNightRsvps = pgTable(
  'game_night_rsvps',
  {
    gameNightId: int('game_night_id')
      .notNull()
      .references(() => gameNights.id, { onDelete: 'cascade' }),
    userId: int('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answer: text('answer', { enum: ['going', 'maybe', 'cant', 'waiting'] }).notNull(),
    answeredAt: millis('answered_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.gameNightId, table.userId] }),
    index('game_night_rsvps_user_idx').on(table.userId, table.gameNightId),
  ],
)
// ---- end of game nights ----

// ---- Drafts: see schema.ts. ----

export const drafts = pgTable(
  'drafts',
  {
    userId: int('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slot: text('slot').notNull(),
    body: text('body').notNull(),
    updatedAt: millis('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.slot] })],
)
// ---- end of drafts ----
// ---- squad calls: see schema.ts. ----
export const squadCalls = pgTable(
  'squad_calls',
  {
    id: serialId(),
    creatorId: int('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: int('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    needed: int('needed').notNull(),
    note: text('note'),
    rank: text('rank'),
    status: text('status', { enum: ['open', 'full', 'closed', 'expired'] })
      .notNull()
      .default('open'),
    expiresAt: millis('expires_at').notNull(),
    endedAt: millis('ended_at'),
    conversationId: int('conversation_id').references(() => conversations.id, {
      onDelete: 'set null',
    }),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [
    index('squad_calls_open_idx').on(table.status, table.expiresAt),
    index('squad_calls_game_idx').on(table.gameId, table.status),
    index('squad_calls_creator_idx').on(table.creatorId),
  ],
)

export const squadCallMembers = pgTable(
  'squad_call_members',
  {
    squadCallId: int('squad_call_id')
      .notNull()
      .references(() => squadCalls.id, { onDelete: 'cascade' }),
    userId: int('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: millis('joined_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.squadCallId, table.userId] }),
    index('squad_call_members_user_idx').on(table.userId, table.squadCallId),
  ],
)
// ---- end of squad calls ----

// ---- custom emoji ----
export const customEmoji = pgTable(
  'custom_emoji',
  {
    shortcode: text('shortcode').primaryKey(),
    mediaId: text('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    addedBy: int('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [index('custom_emoji_media_idx').on(table.mediaId)],
)
// ---- end of custom emoji ----
