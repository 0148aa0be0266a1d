/**
 * The whole database schema for PostgreSQL: the same tables, columns (under the same names and
 * keys), defaults, keys and indexes as `schema.ts`, which says what each one is for.
 * `tests/server/db/schema-parity.test.ts` compares the two column by column, so a change to one
 * goes into the other, then `npm run db:generate` and `npm run db:generate:pg`.
 *
 * Types: ids are `integer` identities (values stay far below 2^31), times are milliseconds in
 * `bigint` read as numbers (postgres.ts), counts are `integer`, `notifications.read` is a
 * `boolean`, image bytes are `bytea`.
 */
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
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

/** A time in milliseconds since the epoch, answered as a number (postgres.ts parses int8). */
const millis = (name: string) => bigint(name, { mode: 'number' })

/** An id the database hands out: 1, 2, 3… like SQLite's AUTOINCREMENT. */
const serialId = () => integer('id').primaryKey().generatedAlwaysAsIdentity()

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
    followerCount: integer('follower_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    postCount: integer('post_count').notNull().default(0),
    tokenVersion: integer('token_version').notNull().default(0),
    suspendedAt: millis('suspended_at'),
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
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: millis('created_at').notNull(),
    updatedAt: millis('updated_at').notNull(),
    editedAt: millis('edited_at'),
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
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
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
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    upvoteCount: integer('upvote_count').notNull().default(0),
    downvoteCount: integer('downvote_count').notNull().default(0),
    createdAt: millis('created_at').notNull(),
    updatedAt: millis('updated_at').notNull(),
  },
  (table) => [
    index('comments_post_recent_idx').on(table.postId, table.createdAt, table.id),
    index('comments_author_idx').on(table.authorId),
  ],
)

export const commentVotes = pgTable(
  'comment_votes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
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
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: integer('followee_id')
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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
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
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
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
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
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
    createdAt: millis('created_at').notNull(),
  },
  (table) => [
    index('post_media_post_idx').on(table.postId, table.position),
    index('post_media_owner_idx').on(table.ownerId),
    index('post_media_thumb_idx').on(table.thumbId),
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
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['like', 'comment', 'upvote', 'follow', 'mention'] }).notNull(),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    read: boolean('read').notNull().default(false),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [
    index('notifications_recipient_idx').on(table.recipientId, table.id),
    index('notifications_unread_idx').on(table.recipientId, table.read),
    index('notifications_actor_idx').on(table.actorId, table.type),
    index('notifications_post_idx').on(table.postId),
    index('notifications_comment_idx').on(table.commentId),
  ],
)

export const postTags = pgTable(
  'post_tags',
  {
    postId: integer('post_id')
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
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
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
    muterId: integer('muter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedId: integer('muted_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: millis('created_at').notNull(),
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
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [
    index('reports_recent_idx').on(table.createdAt, table.id),
    index('reports_reporter_idx').on(table.reporterId),
    index('reports_post_idx').on(table.postId),
    index('reports_comment_idx').on(table.commentId),
  ],
)
