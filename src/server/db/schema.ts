/**
 * The whole database schema. Relations (likes, votes, follows, bookmarks) are tables, never JSON;
 * the counts that lists show are columns kept in the same transaction as the change.
 * Times are milliseconds since the epoch.
 */
import {
  type AnySQLiteColumn,
  blob,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core'

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    username: text('username').notNull(),
    /** The username lowercased: usernames are unique whatever their case and searched by prefix. */
    usernameKey: text('username_key').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    bio: text('bio').notNull().default(''),
    profileImg: text('profile_img').notNull(),
    /** Extra sign-up fields, stored as given (docs/decisions.md): a JSON object of plain values. */
    extra: text('extra').notNull().default('{}'),
    followerCount: integer('follower_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    postCount: integer('post_count').notNull().default(0),
    /**
     * Raised to end every session of the user at once (password change, suspension, demo
     * accounts when sharing starts): a token carrying an older version is refused.
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Set while the host has suspended the account: no sign-in, posts hidden from lists. */
    suspendedAt: integer('suspended_at'),
    /**
     * Set when the server made the account with a one-time password (`--admin`): until its owner
     * chooses their own, every call but the password change, the session and logout is refused
     * (CHOOSE_PASSWORD_FIRST). Cleared by the change.
     */
    oneTimePasswordAt: integer('one_time_password_at'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('users_username_key_idx').on(table.usernameKey),
    index('users_suspended_idx').on(table.suspendedAt),
    // "Some amazing people": the most followed first.
    index('users_popular_idx').on(table.followerCount, table.id),
  ],
)

export const posts = sqliteTable(
  'posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    /** When the text was last edited (likes change updated_at, not this); null if never. */
    editedAt: integer('edited_at'),
    // ---- reposts and quotes (docs/API.md "Reposts and quotes") ----
    /** How many users repost this post now (rows of `reposts`). */
    repostCount: integer('repost_count').notNull().default(0),
    /** How many posts quote this one now. */
    quoteCount: integer('quote_count').notNull().default(0),
    /**
     * The post this one quotes, or null. No foreign key on purpose: once the original is deleted
     * the id stays, and the quote shows it as deleted.
     */
    quoteOfId: integer('quote_of_id'),
    // ---- end of reposts and quotes ----
  },
  (table) => [
    // author_id makes it covering for the home feed's newest-first scan (services/reads/posts.ts).
    index('posts_recent_idx').on(table.createdAt, table.id, table.authorId),
    index('posts_author_recent_idx').on(table.authorId, table.createdAt, table.id),
    index('posts_likes_idx').on(table.likeCount, table.createdAt, table.id),
  ],
)

/** One row per user who liked or disliked a post: liking and disliking exclude each other. */
export const postReactions = sqliteTable(
  'post_reactions',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['like', 'dislike'] }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    index('post_reactions_user_idx').on(table.userId),
  ],
)

export const comments = sqliteTable(
  'comments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    upvoteCount: integer('upvote_count').notNull().default(0),
    downvoteCount: integer('downvote_count').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    // --- threads: replies two levels deep (docs/API.md, "Threads") ---
    /** The root comment of the thread this reply is in; null for a top-level comment. */
    parentId: integer('parent_id').references((): AnySQLiteColumn => comments.id, {
      onDelete: 'cascade',
    }),
    /** The comment this reply answers (the root or a reply in its thread); null once deleted. */
    replyToId: integer('reply_to_id').references((): AnySQLiteColumn => comments.id, {
      onDelete: 'set null',
    }),
    /** The author of the comment answered, kept when that comment goes. */
    replyToUserId: integer('reply_to_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set when a comment with replies is deleted: a placeholder keeps its thread. */
    deletedAt: integer('deleted_at'),
    // --- end threads ---
  },
  (table) => [
    index('comments_post_recent_idx').on(table.postId, table.createdAt, table.id),
    index('comments_author_idx').on(table.authorId),
    // threads: a thread's replies oldest first
    index('comments_thread_idx').on(table.parentId, table.createdAt, table.id),
  ],
)

/** One row per user who voted on a comment: an upvote and a downvote exclude each other. */
export const commentVotes = sqliteTable(
  'comment_votes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['up', 'down'] }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.commentId, table.userId] }),
    index('comment_votes_user_idx').on(table.userId),
  ],
)

export const follows = sqliteTable(
  'follows',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: integer('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.followerId, table.followeeId] }),
    index('follows_followee_idx').on(table.followeeId, table.followerId),
    // The paged follower and following lists, newest follow first (docs/API.md).
    index('follows_followee_recent_idx').on(table.followeeId, table.createdAt, table.followerId),
    index('follows_follower_recent_idx').on(table.followerId, table.createdAt, table.followeeId),
  ],
)

export const bookmarks = sqliteTable(
  'bookmarks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.postId] }),
    index('bookmarks_user_recent_idx').on(table.userId, table.createdAt, table.postId),
    index('bookmarks_post_idx').on(table.postId),
  ],
)

/**
 * Uploaded images. Their bytes are kept in the row by default (the desktop app, one headless
 * process), so that a backup of the file holds everything; a server given an S3 bucket
 * (`--s3-bucket`, src/server/storage) keeps them there as the object `media/<id>` and leaves
 * `bytes` null. `size` is the image's length in bytes wherever they are.
 */
export const media = sqliteTable(
  'media',
  {
    id: text('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    bytes: blob('bytes', { mode: 'buffer' }),
    size: integer('size').notNull().default(0),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('media_owner_idx').on(table.ownerId)],
)

/**
 * The images and clips of a post or of a conversation's message, in order. Each points at two `media` rows: the full image (metadata
 * stripped) and its thumbnail. An image uploaded for a post but not attached yet has no row
 * here. Deleting a post deletes its media rows with it (services/reads/posts.ts `deletePost`).
 */
export const postMedia = sqliteTable(
  'post_media',
  {
    mediaId: text('media_id')
      .primaryKey()
      .references(() => media.id, { onDelete: 'cascade' }),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    /**
     * Or the conversation message it is attached to (docs/API.md, "Conversations"): an upload
     * goes to one post or one message, never both, and goes with it.
     */
    messageId: integer('message_id').references((): AnySQLiteColumn => messages.id, {
      onDelete: 'cascade',
    }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    thumbId: text('thumb_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull().default(''),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    index('post_media_post_idx').on(table.postId, table.position),
    index('post_media_owner_idx').on(table.ownerId),
    // Deleting a thumbnail's media row looks its post_media row up by thumb_id (the foreign key).
    index('post_media_thumb_idx').on(table.thumbId),
    index('post_media_message_idx').on(table.messageId, table.position),
  ],
)

/** Small server-wide values, e.g. the demo account's state. */
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

/**
 * What happened to a user's things (docs/API.md, "Notifications"). Rows go with the post, comment
 * or user that caused them (ON DELETE CASCADE), and the code removes them when their cause is
 * undone (a like turned into a dislike, an unfollow, an upvote turned into a downvote).
 */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id')
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
        // Game nights (docs/API.md, "Game nights").
        'game-night-changed',
        'game-night-cancelled',
        'game-night-promoted',
        'game-night-reminder',
        // Polls: a poll the recipient wrote or voted in ended (`post_id` names its post).
        'poll-ended',
      ],
    }).notNull(),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    /** Game nights: the game night concerned (changed, cancelled, a place freed, a reminder). */
    gameNightId: integer('game_night_id').references((): AnySQLiteColumn => gameNights.id, {
      onDelete: 'cascade',
    }),
    /** Game nights: what an edit changed, a comma-separated list of fields ("startsAt,place"). */
    detail: text('detail'),
    read: integer('read', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    // A user's list, newest first, and their unread count.
    index('notifications_recipient_idx').on(table.recipientId, table.id),
    index('notifications_unread_idx').on(table.recipientId, table.read),
    // Undoing an action finds what it caused; deleting a user, post or comment cascades here.
    index('notifications_actor_idx').on(table.actorId, table.type),
    index('notifications_post_idx').on(table.postId),
    index('notifications_comment_idx').on(table.commentId),
    index('notifications_game_night_idx').on(table.gameNightId),
  ],
)

/** The `#tags` of each post (src/shared/rich-text.ts), recomputed on every edit. */
export const postTags = sqliteTable(
  'post_tags',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** Normalized: without `#`, NFC, lowercase. */
    tag: text('tag').notNull(),
    /** The post's createdAt, so that a tag's page is one index range, newest first. */
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.tag] }),
    index('post_tags_tag_recent_idx').on(table.tag, table.createdAt, table.postId),
  ],
)

/**
 * Tokens logged out before their expiry (a SHA-256 of the token), kept until they would have
 * expired anyway. Ending all of a user's sessions goes through users.token_version instead.
 */
export const revokedTokens = sqliteTable(
  'revoked_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    expiresAt: integer('expires_at').notNull(),
  },
  (table) => [index('revoked_tokens_expiry_idx').on(table.expiresAt)],
)

/** A block hides each user's posts and comments from the other and forbids following. */
export const blocks = sqliteTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index('blocks_blocked_idx').on(table.blockedId, table.blockerId),
  ],
)

/**
 * A mute hides the muted user's posts, comments and notifications from the muter everywhere but
 * the muted user's own profile, until `expires_at` (services/reads/visibility.ts).
 */
export const mutes = sqliteTable(
  'mutes',
  {
    muterId: integer('muter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedId: integer('muted_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    /** When the mute ends (milliseconds); null for a mute for good. Checked at read time. */
    expiresAt: integer('expires_at'),
  },
  (table) => [
    primaryKey({ columns: [table.muterId, table.mutedId] }),
    index('mutes_muted_idx').on(table.mutedId),
  ],
)

/** A user's report of a post, a comment or a person, for the host's Server page. */
export const reports = sqliteTable(
  'reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    /** A report about a person (from their profile), rather than a post or comment. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * A conversation's message, reported by a member who could see it: the host then sees it with
     * a few messages around it (services/reads/reported-messages.ts), nothing else of the chat.
     */
    messageId: integer('message_id').references((): AnySQLiteColumn => messages.id, {
      onDelete: 'cascade',
    }),
    /** What kind of problem (shared/report-categories.ts); "other" for reports from before. */
    category: text('category').notNull().default('other'),
    /** The reporter's optional note ('' when none). */
    reason: text('reason').notNull(),
    createdAt: integer('created_at').notNull(),
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

/**
 * Accounts a host made host from the app (services/reads/hosting.ts). The desktop app's owner and the
 * `--admin` accounts are hosts without a row here, and stay hosts.
 */
export const hostGrants = sqliteTable('host_grants', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The host who made it host; null once that account is deleted. */
  grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: integer('created_at').notNull(),
})

/**
 * What hosts did (suspend, lift, delete, dismiss, make host…), for the Server page's audit list.
 * Names are kept as they were, so an entry still reads after an account is deleted.
 */
export const hostActions = sqliteTable(
  'host_actions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    hostId: integer('host_id').references(() => users.id, { onDelete: 'set null' }),
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
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetName: text('target_name').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    index('host_actions_recent_idx').on(table.createdAt, table.id),
    index('host_actions_host_idx').on(table.hostId),
    index('host_actions_target_idx').on(table.targetUserId),
  ],
)

/* ---- Presence and "now playing" (services/reads/presence.ts, services/writes/statuses.ts) ---- */

/**
 * What a user chose about their presence. Presence itself is never stored: it is derived from
 * live connections (presence/tracker.ts). No row: the defaults.
 */
export const presenceSettings = sqliteTable('presence_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Hides the user's presence and status from everyone, the live stream included. */
  appearOffline: integer('appear_offline', { mode: 'boolean' }).notNull().default(false),
  updatedAt: integer('updated_at').notNull(),
})

/**
 * What a user chose per kind of notification (shared/notification-kinds.ts): `in_app` off, none of
 * that kind is written for them; `desktop` on, the app shows a system notification of a new one
 * while its window is not in front. No row for a kind: both on.
 */
export const notificationSettings = sqliteTable(
  'notification_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    inApp: integer('in_app', { mode: 'boolean' }).notNull().default(true),
    desktop: integer('desktop', { mode: 'boolean' }).notNull().default(true),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
)

/** A user's "now playing" status: at most one, until `expires_at` (checked at read time). */
export const userStatuses = sqliteTable(
  'user_statuses',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    game: text('game').notNull(),
    note: text('note').notNull().default(''),
    /** 'manual' (set by hand) or 'detected' (the desktop app saw the game running). */
    source: text('source', { enum: ['manual', 'detected'] }).notNull(),
    since: integer('since').notNull(),
    /** Milliseconds; null until cleared. */
    expiresAt: integer('expires_at'),
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

/** A post's poll (docs/API.md, "Polls"): at most one per post, gone with the post. */
export const polls = sqliteTable(
  'polls',
  {
    postId: integer('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** Votes are taken while the time is before this; after it the results are final. */
    endsAt: integer('ends_at').notNull(),
    createdAt: integer('created_at').notNull(),
    /**
     * Raised by each vote cast or changed: the live `poll` event and the post carry it, so that a
     * client keeps the newest counts whatever order they reach it in (a change keeps the totals).
     */
    revision: integer('revision').notNull().default(0),
    /**
     * When its end was told to its author and voters (startup/poll-ends.ts): set by the one UPDATE
     * that claims the telling, so that of several instances only one tells it. Null until then.
     */
    endToldAt: integer('end_told_at'),
  },
  // The polls whose end is still to be told, soonest first (startup/poll-ends.ts).
  (table) => [index('polls_end_idx').on(table.endToldAt, table.endsAt)],
)

/** A poll's 2–4 options, in the author's order (`position` 0…3). */
export const pollOptions = sqliteTable(
  'poll_options',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: integer('post_id')
      .notNull()
      .references(() => polls.postId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
  },
  (table) => [uniqueIndex('poll_options_post_position_idx').on(table.postId, table.position)],
)

/**
 * One vote per user per poll, which they may move until the end (docs/API.md, "Polls"); `created_at`
 * is when it was cast or last moved. Counts are read from these
 * rows (one grouped look-up per page), so a deleted account's votes leave the counts with it.
 */
export const pollVotes = sqliteTable(
  'poll_votes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => polls.postId, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    optionId: integer('option_id')
      .notNull()
      .references(() => pollOptions.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    index('poll_votes_option_idx').on(table.optionId),
    index('poll_votes_user_idx').on(table.userId),
  ],
)

/* ---- Reposts and emoji reactions (docs/API.md "Reposts and quotes", "Emoji reactions") ---- */

/** One row per user who reposts a post (to their followers' home feeds): one repost per user and post. */
export const reposts = sqliteTable(
  'reposts',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
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
export const postEmojiReactions = sqliteTable(
  'post_emoji_reactions',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reaction: text('reaction').notNull(),
    createdAt: integer('created_at').notNull(),
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
export const postEmojiCounts = sqliteTable(
  'post_emoji_counts',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    reaction: text('reaction').notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.postId, table.reaction] })],
)
/* ---- end of reposts and emoji reactions ---- */

// ---- Games: the server's game list, its aliases, and who plays what. ----

/**
 * The server's game list (services/reads/games.ts). It grows from what players add to their profiles;
 * hosts rename and merge entries. `slug` is the game's address (`/games/<slug>`) and its `#tag`:
 * lowercase a–z and 0–9 (rich-text.ts isValidTag accepts it), derived from the name.
 */
export const games = sqliteTable(
  'games',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** The name lowercased (NFC), for the catalogue's prefix and word match. */
    nameKey: text('name_key').notNull(),
    /** How many profiles list it, kept in the transaction of each change: "most played first". */
    playerCount: integer('player_count').notNull().default(0),
    /** Who first added it; null once that account is deleted. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    /**
     * The uploaded cover's media id, or null: the renderer draws the generated placeholder.
     * Gone with the media row (its uploader's account deleted): the placeholder again.
     */
    coverMediaId: text('cover_media_id').references(() => media.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('games_slug_idx').on(table.slug),
    index('games_popular_idx').on(table.playerCount, table.id),
  ],
)

/** The slugs of games merged into another (or renamed): they answer the game they point at. */
export const gameAliases = sqliteTable(
  'game_aliases',
  {
    slug: text('slug').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('game_aliases_game_idx').on(table.gameId)],
)

/** The games a profile lists, in the order its owner added them. */
export const userGames = sqliteTable(
  'user_games',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.gameId] }),
    index('user_games_game_recent_idx').on(table.gameId, table.createdAt, table.userId),
  ],
)
// ---- end of games ----

// ---- conversations ----
/**
 * A conversation: a one-to-one (`direct`) between two users, or a named group of up to
 * CONVERSATION_LIMITS.membersMax members. Private to its members (docs/API.md, "Conversations").
 */
export const conversations = sqliteTable(
  'conversations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: ['direct', 'group'] }).notNull(),
    /** A group's name; null for a one-to-one, which shows the other member's name. */
    name: text('name'),
    /** Who started it, who alone manages a group's members and name; null once gone. */
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A one-to-one's two user ids, lower first ("3:8"): one conversation per pair, which starting
     * it again reopens (`ON CONFLICT`). Null for a group.
     */
    pairKey: text('pair_key'),
    /** The latest message's id (0 before the first): the list shows it. */
    lastMessageId: integer('last_message_id').notNull().default(0),
    /** When it started or last had a message: the list's order, latest first. */
    activityAt: integer('activity_at').notNull(),
    createdAt: integer('created_at').notNull(),
    /** A group's picture (its creator's upload), or null: the app draws the members' initials. */
    pictureMediaId: text('picture_media_id').references(() => media.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('conversations_pair_idx').on(table.pairKey),
    // Deleting a media row looks up the group it pictures (the foreign key's SET NULL).
    index('conversations_picture_idx').on(table.pictureMediaId),
  ],
)

/** Who is in a conversation, how far each has read, and whether they muted it. */
export const conversationMembers = sqliteTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The id of the last message the member read (on any device of theirs); 0: none. */
    lastReadId: integer('last_read_id').notNull().default(0),
    muted: integer('muted', { mode: 'boolean' }).notNull().default(false),
    joinedAt: integer('joined_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    // A user's conversations (their list, their unread counts).
    index('conversation_members_user_idx').on(table.userId, table.conversationId),
  ],
)

/**
 * A message of a conversation. Stored as written (not encrypted: the host's database holds it,
 * docs/hosting.md). An edit keeps `edited_at`; a deletion empties `text` and keeps `deleted_at`,
 * so the history shows where it was.
 */
export const messages = sqliteTable(
  'messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** The message it answers, in the same conversation; null once that one is gone. */
    replyToId: integer('reply_to_id').references((): AnySQLiteColumn => messages.id, {
      onDelete: 'set null',
    }),
    editedAt: integer('edited_at'),
    deletedAt: integer('deleted_at'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    // A conversation's history, newest first, and its unread messages past a read position.
    index('messages_conversation_idx').on(table.conversationId, table.id),
    index('messages_author_idx').on(table.authorId),
  ],
)
/**
 * One row per member, message and emoji (src/shared/reactions.ts, as posts' emoji reactions):
 * each member may add each emoji once. Counted when read (a message has few members), so that a
 * reader leaves out the reactions of those they block or who block them.
 */
export const messageReactions = sqliteTable(
  'message_reactions',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reaction: text('reaction').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.reaction, table.userId] }),
    index('message_reactions_user_idx').on(table.userId),
  ],
)
// ---- end of conversations ----

// ---- game nights ----
/**
 * A game night (docs/API.md, "Game nights"): a game of the server's list at a time, hosted by a
 * player; others answer going, maybe or can't. `starts_at` is UTC milliseconds: each viewer's app
 * shows it in their own time zone.
 */
export const gameNights = sqliteTable(
  'game_nights',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    hostId: integer('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    startsAt: integer('starts_at').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** "at Sam's", "online"; null when not said. */
    place: text('place'),
    /** How many may be going; null: no limit. Past it, "going" waits in line. */
    slots: integer('slots'),
    /** `open`, `closed` (no new answers) or `cancelled`. */
    status: text('status', { enum: ['open', 'closed', 'cancelled'] })
      .notNull()
      .default('open'),
    /**
     * When the 15-minutes reminder went out (null: not yet): the one instance whose UPDATE set it
     * sends it (startup/game-night-reminders.ts). An edit of the start clears it.
     */
    remindedAt: integer('reminded_at'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    /**
     * The night's thread: the host's post announcing it, written with the night, whose comments
     * are the night's comments (docs/API.md, "Game nights"). Null once that post is deleted.
     */
    threadPostId: integer('thread_post_id').references(() => posts.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('game_nights_starts_idx').on(table.startsAt, table.id),
    index('game_nights_game_idx').on(table.gameId, table.startsAt),
    index('game_nights_host_idx').on(table.hostId),
    uniqueIndex('game_nights_thread_idx').on(table.threadPostId),
  ],
)

/**
 * A player's answer to a game night: `going`, `maybe`, `cant`, or `waiting` (going, past the
 * slots). The waiting list is in `answered_at` order (then user id): the first moves up.
 */
export const gameNightRsvps = sqliteTable(
  'game_night_rsvps',
  {
    gameNightId: integer('game_night_id')
      .notNull()
      .references(() => gameNights.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answer: text('answer', { enum: ['going', 'maybe', 'cant', 'waiting'] }).notNull(),
    answeredAt: integer('answered_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.gameNightId, table.userId] }),
    index('game_night_rsvps_user_idx').on(table.userId, table.gameNightId),
  ],
)
// ---- end of game nights ----

// ---- Drafts: what a player was writing, kept on the server so every device opens it. ----

/**
 * One unsent post or comment of a user, by the composer's slot (`newPost`, `comment:<postId>`):
 * `body` is what the composer holds (DraftBody in src/shared/drafts.ts: text, uploads, poll) as
 * JSON, checked on the way in. The newest write wins (`updated_at`, the device's clock).
 */
export const drafts = sqliteTable(
  'drafts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slot: text('slot').notNull(),
    body: text('body').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.slot] })],
)
// ---- end of drafts ----
// ---- squad calls ----
/**
 * A squad call (docs/API.md, "Squad calls"): "need two more" for a game, open for a short while.
 * Others join (and may leave) until it holds `needed` players besides its creator; then it is
 * `full` and its players get a group conversation (`conversation_id`). It ends `closed` when its
 * creator closes it, or `expired` at `expires_at`: the one instance whose UPDATE moved it off
 * `open` tells everyone (startup/squad-call-expiry.ts).
 */
export const squadCalls = sqliteTable(
  'squad_calls',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** How many players are missing besides the creator (1–9). */
    needed: integer('needed').notNull(),
    note: text('note'),
    /** "Gold 2", "any": what the creator asks for, as free text; null when not said. */
    rank: text('rank'),
    status: text('status', { enum: ['open', 'full', 'closed', 'expired'] })
      .notNull()
      .default('open'),
    expiresAt: integer('expires_at').notNull(),
    /** When it stopped being open (full, closed or expired); null while open. */
    endedAt: integer('ended_at'),
    /** The group conversation it opened when full; null before, or once deleted. */
    conversationId: integer('conversation_id').references(() => conversations.id, {
      onDelete: 'set null',
    }),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    index('squad_calls_open_idx').on(table.status, table.expiresAt),
    index('squad_calls_game_idx').on(table.gameId, table.status),
    index('squad_calls_creator_idx').on(table.creatorId),
  ],
)

/** Who joined a squad call (its creator is not a row), in the order they joined. */
export const squadCallMembers = sqliteTable(
  'squad_call_members',
  {
    squadCallId: integer('squad_call_id')
      .notNull()
      .references(() => squadCalls.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: integer('joined_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.squadCallId, table.userId] }),
    index('squad_call_members_user_idx').on(table.userId, table.squadCallId),
  ],
)
// ---- end of squad calls ----

// ---- custom emoji ----
/**
 * The server's own emoji, uploaded by a host (services/reads/custom-emoji.ts): written
 * `:shortcode:` in text and as a reaction. The image is an ordinary media row; an emoji goes
 * with it (its uploader's account deleted takes their uploads). `added_by` is who uploaded it.
 */
export const customEmoji = sqliteTable(
  'custom_emoji',
  {
    shortcode: text('shortcode').primaryKey(),
    mediaId: text('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('custom_emoji_media_idx').on(table.mediaId)],
)
// ---- end of custom emoji ----
