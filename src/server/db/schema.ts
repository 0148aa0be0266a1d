/**
 * The whole database schema. Relations (likes, votes, follows, bookmarks) are tables, never JSON;
 * the counts that lists show are columns kept in the same transaction as the change.
 * Times are milliseconds since the epoch.
 */
import {
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
    /** Extra sign-up fields, stored as given (SPEC section 3): a JSON object of plain values. */
    extra: text('extra').notNull().default('{}'),
    followerCount: integer('follower_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    postCount: integer('post_count').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('users_username_key_idx').on(table.usernameKey),
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
  },
  (table) => [
    // author_id makes it covering for the home feed's newest-first scan (services/posts.ts).
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
  },
  (table) => [
    index('comments_post_recent_idx').on(table.postId, table.createdAt, table.id),
    index('comments_author_idx').on(table.authorId),
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

/** Uploaded images, kept in the database so a backup of the file holds everything. */
export const media = sqliteTable(
  'media',
  {
    id: text('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    bytes: blob('bytes', { mode: 'buffer' }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('media_owner_idx').on(table.ownerId)],
)

/**
 * The images of a post, in order. Each points at two `media` rows: the full image (metadata
 * stripped) and its thumbnail. An image uploaded for a post but not attached yet has no row
 * here. Deleting a post deletes its media rows with it (services/posts.ts `deletePost`).
 */
export const postMedia = sqliteTable(
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
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    index('post_media_post_idx').on(table.postId, table.position),
    index('post_media_owner_idx').on(table.ownerId),
    // Deleting a thumbnail's media row looks its post_media row up by thumb_id (the foreign key).
    index('post_media_thumb_idx').on(table.thumbId),
  ],
)

/** Small server-wide values, e.g. the demo account's state. */
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})
