/**
 * Turns database rows into the API's JSON shapes (src/shared/api-types.ts), loading what they
 * embed (authors, reactions, comments) in one query each, for all rows at once, never one per row.
 */
import type {
  Comment,
  Post,
  PostMediaItem,
  Reactor,
  User,
  UserSummary,
} from '../../../shared/api-types'
import type { Store } from '../../db/store'
import { canSee, hiddenAuthors, visibleAuthor } from '../reads/visibility'
import { visibleCommentCounts, visibleCommentSql } from '../reads/comment-counts'
import { COMMENT_COLUMNS, POST_COLUMNS } from '../../db/raw'
import type { CommentRow, PostRow, UserRow } from '../../db/rows'
import { resolveMentions } from '../reads/mentions'
import { publicExtras } from './sign-up-extras'
import { loadPostImages } from '../media/post-images'
import { loadPostShared, loadViewerState, sharedEmoji, viewerPoll } from './post-shared'
import { formatTimestamp } from './time'
import { shareFields } from './share-presentation'
import { readCacheOf, type PostShared } from '../../caches/read-cache'

/**
 * `full`: the spec's whole-list shape, every reactor and every comment.
 * `page`: sized for pages (docs/API.md): reactor lists hold only the viewer, no embedded comments.
 */
export type Detail = 'full' | 'page'

export interface PresentOptions {
  detail: Detail
  /** The user making the request, if any: pages show only this user in reactor lists. */
  viewerId: number | null
  /** Issue 29: these posts are quoted inside others, so their own quotes are not embedded. */
  nested?: boolean
  /**
   * Issue 37: the rows were written by the command presenting them, just now, without images or a
   * poll, and these are their authors as the writing statement answered them. Nothing refers to
   * such a post yet (no reaction, repost, emoji, vote, comment or bookmark), so nothing of that
   * is read: only the names it mentions and the post it quotes.
   */
  freshAuthors?: ReadonlyMap<number, UserSummary>
}

function groupBy<Row, Key>(rows: Row[], key: (row: Row) => Key): Map<Key, Row[]> {
  const groups = new Map<Key, Row[]>()
  for (const row of rows) {
    const group = groups.get(key(row))
    if (group) group.push(row)
    else groups.set(key(row), [row])
  }
  return groups
}

type SummaryRow = Pick<UserRow, 'id' | 'username' | 'firstName' | 'lastName' | 'profileImg'>

/** The columns of a SummaryRow, of the `users` table under the alias `u`. */
const SUMMARY_COLUMNS = `u.id AS id, u.username AS username, u.first_name AS "firstName",
  u.last_name AS "lastName", u.profile_img AS "profileImg"`

export function toUserSummary(row: SummaryRow): UserSummary {
  const id = String(row.id)
  return {
    _id: id,
    id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImg: row.profileImg,
  }
}

/**
 * The summaries of these users: those the read cache keeps (caches/read-cache.ts), the rest in
 * one query for all of them, then kept.
 */
export async function loadSummaries(
  db: Store,
  userIds: number[],
): Promise<Map<number, UserSummary>> {
  const cache = readCacheOf(db)
  const found = new Map<number, UserSummary>()
  const missing: number[] = []
  for (const id of new Set(userIds)) {
    const kept = cache?.summaries.get(id)
    if (kept) found.set(id, kept)
    else missing.push(id)
  }
  if (missing.length === 0) return found
  const generation = cache?.generation ?? 0
  const rows = await db.all<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM users u WHERE u.id IN ${db.sql.idSet}`,
    db.sql.ids(missing),
  )
  const keep = cache?.keeps(generation) === true
  for (const row of rows) {
    const summary = toUserSummary(row)
    found.set(row.id, summary)
    if (keep) cache?.summaries.set(row.id, summary)
  }
  return found
}

/** A post's images (post-images.ts), kept as loadSummaries keeps summaries. */
async function loadImages(db: Store, postIds: number[]): Promise<Map<number, PostMediaItem[]>> {
  const cache = readCacheOf(db)
  if (!cache) return loadPostImages(db, postIds)
  const found = new Map<number, PostMediaItem[]>()
  const missing: number[] = []
  for (const id of postIds) {
    const kept = cache.postImages.get(id)
    if (kept) found.set(id, kept)
    else missing.push(id)
  }
  if (missing.length === 0) return found
  const generation = cache.generation
  const loaded = await loadPostImages(db, missing)
  const keep = cache.keeps(generation)
  for (const id of missing) {
    const images = loaded.get(id) ?? []
    found.set(id, images)
    if (keep) cache.postImages.set(id, images)
  }
  return found
}

interface ReactionRow {
  targetId: number
  userId: number
  username: string
  kind: string
}

const toReactor = (row: ReactionRow): Reactor => ({
  _id: String(row.userId),
  username: row.username,
})

/**
 * Who liked or disliked (`post_reactions`), or voted on (`comment_votes`), each target: everyone
 * in `full` detail, only the viewer in a page.
 */
async function loadReactions(
  db: Store,
  table: 'post_reactions' | 'comment_votes',
  targetIds: number[],
  options: PresentOptions,
): Promise<ReactionRow[]> {
  if (targetIds.length === 0 || (options.detail === 'page' && options.viewerId === null)) {
    return []
  }
  const target = table === 'post_reactions' ? 'post_id' : 'comment_id'
  const onlyViewer = options.detail === 'page'
  return db.all<ReactionRow>(
    `SELECT r.${target} AS "targetId", r.user_id AS "userId", u.username AS username,
       r.kind AS kind
     FROM ${table} r JOIN users u ON u.id = r.user_id
     WHERE r.${target} IN ${db.sql.idSet}${onlyViewer ? ' AND r.user_id = ?' : ''}
     ORDER BY r.created_at, r.user_id`,
    db.sql.ids(targetIds),
    ...(onlyViewer ? [options.viewerId] : []),
  )
}

/**
 * Presents comment rows in the order given. The queries run one after another: `db` may be a
 * transaction's handle (db/README.md, rule 2).
 */
export async function presentComments(
  db: Store,
  rows: CommentRow[],
  options: PresentOptions,
): Promise<Comment[]> {
  if (rows.length === 0) return []
  const authors = await loadSummaries(db, [
    ...rows.map((row) => row.authorId),
    // threads: whom replies answer
    ...rows.flatMap((row) => (row.replyToUserId === null ? [] : [row.replyToUserId])),
  ])
  const votes = groupBy(
    await loadReactions(
      db,
      'comment_votes',
      rows.map((row) => row.id),
      options,
    ),
    (vote) => vote.targetId,
  )
  const mentions = await resolveMentions(
    db,
    rows.map((row) => row.text),
  )
  return rows.map((row, index) => {
    const id = String(row.id)
    const author = authors.get(row.authorId)
    if (!author) throw new Error(`Comment ${row.id} has no author`)
    const own = votes.get(row.id) ?? []
    return {
      _id: id,
      id,
      postId: String(row.postId),
      username: author.username,
      author,
      text: row.text,
      votes: {
        upvotedBy: own.filter((vote) => vote.kind === 'up').map(toReactor),
        downvotedBy: own.filter((vote) => vote.kind === 'down').map(toReactor),
        upvoteCount: row.upvoteCount,
        downvoteCount: row.downvoteCount,
      },
      createdAt: formatTimestamp(row.createdAt),
      updatedAt: formatTimestamp(row.updatedAt),
      mentions: mentions[index] ?? [],
      // threads (services/reads/threads.ts): a deleted top-level comment's placeholder shows no text
      ...(row.deletedAt === null ? {} : { text: '', mentions: [], deleted: true }),
      parentId: row.parentId === null ? null : String(row.parentId),
      replyToId: row.replyToId === null ? null : String(row.replyToId),
      replyToUsername:
        row.replyToUserId === null ? null : (authors.get(row.replyToUserId)?.username ?? null),
    }
  })
}

/**
 * The comments a full answer embeds in these posts, newest first: those the viewer may see, as
 * the comment lists show them (services/reads/visibility.ts: not of suspended, blocked or muted
 * authors).
 */
async function visibleComments(
  db: Store,
  postIds: number[],
  viewer: number | null,
): Promise<CommentRow[]> {
  // threads: replies too (flat), not placeholders, not under a hidden author's root
  const hidden = db.sql.ids(await hiddenAuthors(db, viewer))
  return db.all<CommentRow>(
    `SELECT ${COMMENT_COLUMNS} FROM comments
     WHERE post_id IN ${db.sql.idSet} AND deleted_at IS NULL AND ${visibleCommentSql(db)}
     ORDER BY created_at DESC, id DESC`,
    db.sql.ids(postIds),
    hidden,
    hidden,
  )
}

/** Presents post rows in the order given (one query after another, as presentComments). */
export async function presentPosts(
  db: Store,
  rows: PostRow[],
  options: PresentOptions,
): Promise<Post[]> {
  if (rows.length === 0) return []
  const postIds = rows.map((row) => row.id)
  const fresh = options.freshAuthors
  const authors =
    fresh ??
    (await loadSummaries(
      db,
      rows.map((row) => row.authorId),
    ))
  // Issue 31 (services/presenting/post-shared.ts): the viewer's own state in one query; in a page it holds
  // the reactor lists too (only the viewer), a full answer reads every reactor. None yet of a
  // fresh post (the state of no viewer).
  const state = await loadViewerState(db, postIds, fresh ? null : options.viewerId)
  const reactions =
    options.detail === 'full'
      ? groupBy(
          fresh ? [] : await loadReactions(db, 'post_reactions', postIds, options),
          (row) => row.targetId,
        )
      : null
  const images = fresh ? new Map<number, PostMediaItem[]>() : await loadImages(db, postIds)
  // Polls (docs/API.md "Polls") and emoji counts: shared, kept (services/presenting/post-shared.ts).
  const shared = fresh ? new Map<number, PostShared>() : await loadPostShared(db, postIds)
  const now = Date.now()
  // threads: the count the viewer sees (services/reads/comment-counts.ts)
  const commentCounts = await visibleCommentCounts(db, rows, options.viewerId)
  const mentions = await resolveMentions(
    db,
    rows.map((row) => row.content),
  )
  const commentsByPost =
    options.detail === 'full'
      ? groupBy(
          await presentComments(db, await visibleComments(db, postIds, options.viewerId), options),
          (comment) => Number(comment.postId),
        )
      : new Map<number, Comment[]>()
  // Issue 29: reposts, quotes and emoji reactions, for the whole page at once.
  const emojiCounts = new Map(postIds.map((id) => [id, sharedEmoji(shared.get(id))]))
  const shares = await shareFields(
    db,
    rows,
    options.viewerId,
    options.nested ?? false,
    (quoted) =>
      presentPosts(db, quoted, { detail: 'page', viewerId: options.viewerId, nested: true }),
    { reposted: state.reposted, counts: emojiCounts, mine: state.emoji },
  )
  const viewerReactor = (kind: string, row: PostRow): Reactor[] => {
    const own = state.reactions.get(row.id)
    return own && own.kind === kind && options.viewerId !== null
      ? [{ _id: String(options.viewerId), username: own.username }]
      : []
  }
  return rows.map((row, index) => {
    const id = String(row.id)
    const author = authors.get(row.authorId)
    if (!author) throw new Error(`Post ${row.id} has no author`)
    const own = reactions?.get(row.id) ?? []
    return {
      _id: id,
      id,
      content: row.content,
      username: author.username,
      author,
      createdAt: formatTimestamp(row.createdAt),
      updatedAt: formatTimestamp(row.updatedAt),
      likes: {
        likeCount: row.likeCount,
        likedBy: reactions
          ? own.filter((reaction) => reaction.kind === 'like').map(toReactor)
          : viewerReactor('like', row),
        dislikedBy: reactions
          ? own.filter((reaction) => reaction.kind === 'dislike').map(toReactor)
          : viewerReactor('dislike', row),
      },
      comments: commentsByPost.get(row.id) ?? [],
      commentCount: commentCounts.get(row.id) ?? row.commentCount,
      editedAt: row.editedAt === null ? null : formatTimestamp(row.editedAt),
      media: images.get(row.id) ?? [],
      mentions: mentions[index] ?? [],
      poll: viewerPoll(shared.get(row.id), state.pollVotes.get(row.id), now),
      ...shares(row),
    }
  })
}

/**
 * One post as a minimal answer (`Prefer: return=minimal`) shows it: trimmed like a page. To a
 * viewer who may not see it (services/reads/visibility.ts: a block either way, a suspended author; an
 * answer to taking back a bookmark, repost or reaction of it, or that change's event) it is
 * withheld: its id, author and counts only, marked `unavailable`.
 */
export async function presentPost(db: Store, row: PostRow, viewerId: number | null): Promise<Post> {
  const [post] = await presentPosts(db, [row], { detail: 'page', viewerId })
  if (!post) throw new Error(`Post ${row.id} could not be presented`)
  if (await canSee(db, viewerId, row.authorId, { mutes: false })) return post
  return withheld(post)
}

/** A post as shown to a viewer who may not see it: its id, author and counts only. */
const withheld = (post: Post): Post => ({
  ...post,
  content: '',
  media: [],
  mentions: [],
  poll: null,
  comments: [],
  quoteOf: null,
  unavailable: true,
})

/** The author of a post just written, as the statement that wrote it answered (services/writes/new-posts.ts). */
export type FreshAuthor = SummaryRow & Pick<UserRow, 'suspendedAt'>

/**
 * As presentPost, for a post its command just wrote without images or a poll, right after the
 * commit (issue 37: its live event, `viewerId` null, and its author's answer): its author as the
 * writing statement answered, and nothing read of what refers to it, since nothing does yet
 * (`freshAuthors`). Withheld as presentPost withholds it: from a reader without a token only when
 * the author is suspended (services/reads/visibility.ts: such a reader blocks and mutes nobody).
 */
export async function presentNewPost(
  db: Store,
  row: PostRow,
  author: FreshAuthor,
  viewerId: number | null,
): Promise<Post> {
  const freshAuthors = new Map([[author.id, toUserSummary(author)]])
  const [post] = await presentPosts(db, [row], { detail: 'page', viewerId, freshAuthors })
  if (!post) throw new Error(`Post ${row.id} could not be presented`)
  const seen =
    viewerId === null
      ? author.suspendedAt === null
      : await canSee(db, viewerId, row.authorId, { mutes: false })
  return seen ? post : withheld(post)
}

/** One comment as a minimal answer shows it: trimmed like a page. */
export async function presentComment(
  db: Store,
  row: CommentRow,
  viewerId: number | null,
): Promise<Comment> {
  const [comment] = await presentComments(db, [row], { detail: 'page', viewerId })
  if (!comment) throw new Error(`Comment ${row.id} could not be presented`)
  return comment
}

function parseExtra(extra: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(extra)
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? publicExtras(parsed as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}

interface FollowRow extends SummaryRow {
  /** The user whose followers (or following) this row is one of. */
  ownerId: number
}

/**
 * The followers (`follows.followee_id` is the owner) or the following (`follower_id` is) of a
 * batch of users, each list in the order they followed, grouped by user: one query.
 */
async function loadFollows(
  db: Store,
  userIds: number[],
  side: 'followers' | 'following',
): Promise<Map<number, UserSummary[]>> {
  const [owner, other] =
    side === 'followers' ? ['followee_id', 'follower_id'] : ['follower_id', 'followee_id']
  const rows = await db.all<FollowRow>(
    `SELECT f.${owner} AS "ownerId", ${SUMMARY_COLUMNS}
     FROM follows f JOIN users u ON u.id = f.${other}
     WHERE f.${owner} IN ${db.sql.idSet}
     ORDER BY f.${owner}, f.created_at, f.${other}`,
    db.sql.ids(userIds),
  )
  const byOwner = new Map<number, UserSummary[]>()
  for (const [ownerId, group] of groupBy(rows, (row) => row.ownerId)) {
    byOwner.set(ownerId, group.map(toUserSummary))
  }
  return byOwner
}

/**
 * Whole users, in the order given: followers and following as summaries, two queries for the
 * whole batch. Bookmarks are private, so these answer an empty list of them (presentUser).
 */
export async function presentUsers(db: Store, rows: UserRow[]): Promise<User[]> {
  if (rows.length === 0) return []
  const userIds = rows.map((row) => row.id)
  const followers = await loadFollows(db, userIds, 'followers')
  const following = await loadFollows(db, userIds, 'following')
  return rows.map((row) => ({
    // Extra sign-up fields first, so that no stored extra can shadow a real field.
    ...parseExtra(row.extra),
    ...toUserSummary(row),
    bio: row.bio,
    createdAt: formatTimestamp(row.createdAt),
    updatedAt: formatTimestamp(row.updatedAt),
    followers: followers.get(row.id) ?? [],
    following: following.get(row.id) ?? [],
    bookmarks: [],
    followerCount: row.followerCount,
    followingCount: row.followingCount,
    postCount: row.postCount,
  }))
}

/**
 * One whole user (presentUsers). Bookmarks are private: only the user themself gets them
 * (`withBookmarks`), as posts trimmed like a page, the most recently saved first; everyone else
 * sees an empty list.
 */
export async function presentUser(
  db: Store,
  row: UserRow,
  { withBookmarks = false } = {},
): Promise<User> {
  const [user] = await presentUsers(db, [row])
  if (!user) throw new Error(`User ${row.id} could not be presented`)
  if (!withBookmarks) return user
  // Like every list, not the posts hidden from their owner (services/reads/visibility.ts).
  const visible = await visibleAuthor(db, 'posts.author_id', row.id)
  const bookmarkedPosts = await db.all<PostRow>(
    `SELECT ${POST_COLUMNS} FROM bookmarks JOIN posts ON posts.id = bookmarks.post_id
     WHERE bookmarks.user_id = ?${visible.and}
     ORDER BY bookmarks.created_at DESC, bookmarks.post_id DESC`,
    row.id,
    ...visible.params,
  )
  return {
    ...user,
    bookmarks: await presentPosts(db, bookmarkedPosts, { detail: 'page', viewerId: row.id }),
  }
}
