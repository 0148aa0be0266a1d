/**
 * Who hosts a server, what they may do (delete any post or comment, suspend accounts, read
 * reports), and what every user may do about others (block, mute, report). See README
 * "Moderation" and docs/API.md "Moderation".
 */
import { randomBytes } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Report, UserSummary } from '../../shared/api-types'
import { hashPassword } from '../auth/password'
import type { Db } from '../db/client'
import { idList, runSql, selectAll, selectIds } from '../db/raw'
import { blocks, comments, follows, mutes, posts, reports, users } from '../db/schema'
import { HttpError } from '../errors/http-error'
import { ACCOUNT_MESSAGES, MESSAGES } from '../errors/messages'
import type { CommentRow, PostRow, UserRow } from '../db/rows'
import { toUserSummary } from './serialize'
import { endSessions } from './sessions'
import {
  deleteSetting,
  getDemoAccount,
  getDemoUserIds,
  getSetting,
  setDemoAccount,
  setDemoUserIds,
  setSetting,
} from './settings'
import { formatTimestamp } from './time'
import { createUser, findUserByUsername, getUserById, usernameKey } from './users'

const OWNER_KEY = 'ownerUserId'

/** The account that owns the desktop app's own server (see claimOwnership), if any yet. */
export function getOwnerId(db: Db): number | null {
  const value = getSetting(db, OWNER_KEY)
  return value ? Number(value) : null
}

/**
 * Makes `user` the owner of the server when it has none yet and the user is not a demo account
 * (whose password is public). Called for sign-ups and sign-ins from this computer on the desktop
 * app's own server only: friends on the LAN never come from a loopback address.
 */
export function claimOwnership(db: Db, user: UserRow): void {
  if (getOwnerId(db) !== null || getDemoUserIds(db).includes(user.id)) return
  setSetting(db, OWNER_KEY, String(user.id))
}

/** Forgets the owner: a restore brings someone else's accounts. */
export function clearOwner(db: Db): void {
  deleteSetting(db, OWNER_KEY)
}

/** An account named with `--admin`, as the server found or made it when it started. */
export interface HostAccount {
  id: number
  username: string
  /** Set when the account was made just now: its password, for the server to show once. */
  oneTimePassword?: string
}

/**
 * Finds the account of each `--admin` name (ignoring case), and makes the missing ones with a
 * random one-time password, before anything listens. Hosts are then these accounts, by id: when
 * the name alone made a host, whoever signed up first as `BOSS` after `--admin boss` hosted the
 * server (issue 25), and so would whoever took the name after its owner deleted the account.
 */
export async function ensureHostAccounts(db: Db, names: readonly string[]): Promise<HostAccount[]> {
  const hosts = new Map<string, HostAccount>()
  for (const name of names) {
    const key = usernameKey(name)
    if (hosts.has(key)) continue
    const existing = findUserByUsername(db, name)
    if (existing) {
      hosts.set(key, { id: existing.id, username: existing.username })
      continue
    }
    const oneTimePassword = randomBytes(12).toString('base64url')
    const user = createUser(db, {
      username: name.trim(),
      passwordHash: await hashPassword(oneTimePassword),
    })
    hosts.set(key, { id: user.id, username: user.username, oneTimePassword })
  }
  return [...hosts.values()]
}

/** True for the server's owner and the accounts named with `--admin` (ensureHostAccounts). */
export function isHost(db: Db, user: UserRow, hostIds: readonly number[] = []): boolean {
  return getOwnerId(db) === user.id || hostIds.includes(user.id)
}

export function assertHost(db: Db, user: UserRow, hostIds: readonly number[] = []): void {
  if (!isHost(db, user, hostIds)) throw new HttpError('HOST_ONLY', ACCOUNT_MESSAGES.hostOnly)
}

/* ---------------------------------------------------------------- what a viewer may not see */

/**
 * Authors whose posts and comments a list hides from `viewerId`: suspended accounts for
 * everyone; for a signed-in viewer also everyone they blocked or who blocked them; and in the
 * home feed (`feed`), everyone they muted.
 */
export function hiddenAuthors(db: Db, viewerId: number | null, { feed = false } = {}): Set<number> {
  const rows = selectAll<{ id: number }>(
    db,
    `SELECT id FROM users WHERE suspended_at IS NOT NULL
     UNION SELECT blocked_id FROM blocks WHERE blocker_id = ?
     UNION SELECT blocker_id FROM blocks WHERE blocked_id = ?
     UNION SELECT muted_id FROM mutes WHERE muter_id = ? AND ?`,
    viewerId ?? 0,
    viewerId ?? 0,
    viewerId ?? 0,
    feed ? 1 : 0,
  )
  return new Set(rows.map((row) => row.id))
}

/** The rows whose author the viewer may see (hiddenAuthors). */
export function visibleRows<Row extends PostRow | CommentRow>(
  db: Db,
  rows: Row[],
  viewerId: number | null,
  options: { feed?: boolean } = {},
): Row[] {
  if (rows.length === 0) return rows
  const hidden = hiddenAuthors(db, viewerId, options)
  return hidden.size === 0 ? rows : rows.filter((row) => !hidden.has(row.authorId))
}

/**
 * visibleRows for a list read in several steps (whole lists, a batch at a time): the hidden
 * authors are read once, at the first batch.
 */
export function visibilityFilter(
  db: Db,
  viewerId: number | null,
  options: { feed?: boolean } = {},
): <Row extends PostRow | CommentRow>(rows: Row[]) => Row[] {
  let hidden: Set<number> | undefined
  return (rows) => {
    if (rows.length === 0) return rows
    hidden ??= hiddenAuthors(db, viewerId, options)
    const skip = hidden
    return skip.size === 0 ? rows : rows.filter((row) => !skip.has(row.authorId))
  }
}

/**
 * Everyone blocked by or blocking any of `userIds` (one query, whatever their number): whom a
 * live event about those users must not reach (live-actions.ts, docs/API.md "Live events").
 */
export function blockedEitherWayWithAny(db: Db, userIds: readonly number[]): Set<number> {
  if (userIds.length === 0) return new Set()
  const ids = idList([...userIds])
  return new Set(
    selectIds(
      db,
      `SELECT blocked_id FROM blocks WHERE blocker_id IN (SELECT value FROM json_each(?))
       UNION SELECT blocker_id FROM blocks WHERE blocked_id IN (SELECT value FROM json_each(?))`,
      ids,
      ids,
    ),
  )
}

/**
 * Refuses an action on what `authorIds` wrote when the actor and any of them blocked the other
 * (docs/API.md, "Blocking"): lists already hide their posts, and a post opened before the block,
 * or by its address, must not let them reach each other either.
 */
export function refuseIfBlocked(db: Db, actorId: number, authorIds: readonly number[]): void {
  const others = authorIds.filter((id) => id !== actorId)
  if (others.length > 0 && blockedEitherWayWithAny(db, others).has(actorId)) {
    throw new HttpError('BLOCKED', ACCOUNT_MESSAGES.blockedInteraction)
  }
}

/** True when either user blocked the other. */
export function isBlockedEitherWay(db: Db, a: number, b: number): boolean {
  return (
    selectAll(
      db,
      `SELECT 1 FROM blocks WHERE (blocker_id = ? AND blocked_id = ?)
       OR (blocker_id = ? AND blocked_id = ?)`,
      a,
      b,
      b,
      a,
    ).length > 0
  )
}

/* ---------------------------------------------------------------- block and mute */

function otherUser(db: Db, userId: number, targetId: number, selfMessage: string): UserRow {
  const target = getUserById(db, targetId)
  if (target.id === userId) throw new HttpError('SELF_TARGET', selfMessage)
  return target
}

/** Removes a follow (if any) and its counts; true when there was one. */
function dropFollow(db: Db, followerId: number, followeeId: number): boolean {
  const removed = db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .run()
  if (removed.changes === 0) return false
  db.update(users)
    .set({ followingCount: sql`max(0, ${users.followingCount} - 1)` })
    .where(eq(users.id, followerId))
    .run()
  db.update(users)
    .set({ followerCount: sql`max(0, ${users.followerCount} - 1)` })
    .where(eq(users.id, followeeId))
    .run()
  return true
}

/** A follow a block ended: who followed whom. */
export interface EndedFollow {
  followerId: number
  followeeId: number
}

/**
 * Blocks the target: follows both ways end, and each stops seeing the other's posts and comments.
 * Answers the follows it ended, for the live stream to tell (events/live-actions.ts).
 */
export function block(db: Db, userId: number, targetId: number, now = Date.now()): EndedFollow[] {
  return db.transaction(() => {
    const target = otherUser(db, userId, targetId, ACCOUNT_MESSAGES.blockSelf)
    db.insert(blocks)
      .values({ blockerId: userId, blockedId: target.id, createdAt: now })
      .onConflictDoNothing()
      .run()
    const ended: EndedFollow[] = []
    for (const [followerId, followeeId] of [
      [userId, target.id],
      [target.id, userId],
    ] as const) {
      if (dropFollow(db, followerId, followeeId)) ended.push({ followerId, followeeId })
    }
    return ended
  })
}

export function unblock(db: Db, userId: number, targetId: number): void {
  const target = otherUser(db, userId, targetId, ACCOUNT_MESSAGES.blockSelf)
  db.delete(blocks)
    .where(and(eq(blocks.blockerId, userId), eq(blocks.blockedId, target.id)))
    .run()
}

export function mute(db: Db, userId: number, targetId: number, now = Date.now()): void {
  const target = otherUser(db, userId, targetId, ACCOUNT_MESSAGES.muteSelf)
  db.insert(mutes)
    .values({ muterId: userId, mutedId: target.id, createdAt: now })
    .onConflictDoNothing()
    .run()
}

export function unmute(db: Db, userId: number, targetId: number): void {
  const target = otherUser(db, userId, targetId, ACCOUNT_MESSAGES.muteSelf)
  db.delete(mutes)
    .where(and(eq(mutes.muterId, userId), eq(mutes.mutedId, target.id)))
    .run()
}

/** Whom the user blocked and muted, in the order they did it. */
export function relationsOf(
  db: Db,
  userId: number,
): { blocked: UserSummary[]; muted: UserSummary[] } {
  const listOf = (sqlText: string) =>
    selectAll<UserRow>(db, sqlText, userId).map((row) => toUserSummary(row))
  return {
    blocked: listOf(
      `SELECT users.id AS id, username, first_name AS firstName, last_name AS lastName,
       profile_img AS profileImg FROM blocks JOIN users ON users.id = blocks.blocked_id
       WHERE blocks.blocker_id = ? ORDER BY blocks.created_at, users.id`,
    ),
    muted: listOf(
      `SELECT users.id AS id, username, first_name AS firstName, last_name AS lastName,
       profile_img AS profileImg FROM mutes JOIN users ON users.id = mutes.muted_id
       WHERE mutes.muter_id = ? ORDER BY mutes.created_at, users.id`,
    ),
  }
}

/* ---------------------------------------------------------------- reports */

/** At most this many open reports are listed: the newest first. */
const REPORTS_LISTED = 200

interface ReportRow {
  id: number
  reason: string
  createdAt: number
  reporterId: number
  postId: number | null
  commentId: number | null
}

export function createReport(
  db: Db,
  reporterId: number,
  input: { postId: number; reason: string } | { commentId: number; reason: string },
  now = Date.now(),
): Report {
  return db.transaction(() => {
    let postId: number | null = null
    let commentId: number | null = null
    let authorId: number
    if ('postId' in input) {
      const post = db.select().from(posts).where(eq(posts.id, input.postId)).get()
      if (!post) throw new HttpError('POST_NOT_FOUND', MESSAGES.postNotFound)
      postId = post.id
      authorId = post.authorId
    } else {
      const comment = db.select().from(comments).where(eq(comments.id, input.commentId)).get()
      if (!comment) throw new HttpError('COMMENT_NOT_FOUND', MESSAGES.commentNotFound)
      commentId = comment.id
      authorId = comment.authorId
    }
    if (authorId === reporterId) throw new HttpError('SELF_TARGET', ACCOUNT_MESSAGES.reportOwn)
    const already = db
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          eq(reports.reporterId, reporterId),
          postId === null ? sql`post_id IS NULL` : eq(reports.postId, postId),
          commentId === null ? sql`comment_id IS NULL` : eq(reports.commentId, commentId),
        ),
      )
      .get()
    if (already) throw new HttpError('STATE_CONFLICT', ACCOUNT_MESSAGES.alreadyReported)
    const row = db
      .insert(reports)
      .values({ reporterId, postId, commentId, reason: input.reason, createdAt: now })
      .returning()
      .get()
    const [report] = presentReports(db, [row])
    if (!report) throw new Error('A new report vanished')
    return report
  })
}

/** The open reports, newest first. Deleting the post or comment closes its reports. */
export function listReports(db: Db): Report[] {
  const rows = selectAll<ReportRow>(
    db,
    `SELECT id, reason, created_at AS createdAt, reporter_id AS reporterId, post_id AS postId,
     comment_id AS commentId FROM reports ORDER BY created_at DESC, id DESC LIMIT ?`,
    REPORTS_LISTED,
  )
  return presentReports(db, rows)
}

export function dismissReport(db: Db, id: number): void {
  const removed = db.delete(reports).where(eq(reports.id, id)).run().changes
  if (removed === 0) throw new HttpError('REPORT_NOT_FOUND', ACCOUNT_MESSAGES.reportNotFound)
}

function presentReports(db: Db, rows: ReportRow[]): Report[] {
  const postIds = rows.flatMap((row) => (row.postId === null ? [] : [row.postId]))
  const commentIds = rows.flatMap((row) => (row.commentId === null ? [] : [row.commentId]))
  const postsById = new Map(
    (postIds.length ? db.select().from(posts).where(inArray(posts.id, postIds)).all() : []).map(
      (post) => [post.id, post],
    ),
  )
  const commentsById = new Map(
    (commentIds.length
      ? db.select().from(comments).where(inArray(comments.id, commentIds)).all()
      : []
    ).map((comment) => [comment.id, comment]),
  )
  const userIds = new Set<number>(rows.map((row) => row.reporterId))
  for (const post of postsById.values()) userIds.add(post.authorId)
  for (const comment of commentsById.values()) userIds.add(comment.authorId)
  const usersById = new Map(
    (userIds.size
      ? db
          .select()
          .from(users)
          .where(inArray(users.id, [...userIds]))
          .all()
      : []
    ).map((user) => [user.id, user]),
  )
  return rows.flatMap((row): Report[] => {
    const reporter = usersById.get(row.reporterId)
    const post = row.postId === null ? undefined : postsById.get(row.postId)
    const comment = row.commentId === null ? undefined : commentsById.get(row.commentId)
    const content = post ?? comment
    const author = content ? usersById.get(content.authorId) : undefined
    if (!reporter || !content || !author) return []
    return [
      {
        _id: String(row.id),
        reason: row.reason,
        createdAt: formatTimestamp(row.createdAt),
        reporter: toUserSummary(reporter),
        target: {
          kind: post ? 'post' : 'comment',
          _id: String(content.id),
          postId: String(post ? post.id : (comment as CommentRow).postId),
          text: post ? post.content : (comment as CommentRow).text,
          author: { ...toUserSummary(author), suspended: author.suspendedAt !== null },
        },
      },
    ]
  })
}

/* ---------------------------------------------------------------- the host's actions */

/** Deletes any post (host): its comments, reactions, bookmarks and reports go with it. */
export function hostDeletePost(db: Db, id: number): PostRow {
  return db.transaction(() => {
    const post = db.select().from(posts).where(eq(posts.id, id)).get()
    if (!post) throw new HttpError('POST_NOT_FOUND', MESSAGES.postNotFound)
    db.delete(posts).where(eq(posts.id, post.id)).run()
    db.update(users)
      .set({ postCount: sql`max(0, ${users.postCount} - 1)` })
      .where(eq(users.id, post.authorId))
      .run()
    return post
  })
}

/** Deletes any comment (host), keeping its post's comment count right. */
export function hostDeleteComment(db: Db, id: number): CommentRow {
  return db.transaction(() => {
    const comment = db.select().from(comments).where(eq(comments.id, id)).get()
    if (!comment) throw new HttpError('COMMENT_NOT_FOUND', MESSAGES.commentNotFound)
    db.delete(comments).where(eq(comments.id, comment.id)).run()
    db.update(posts)
      .set({ commentCount: sql`max(0, ${posts.commentCount} - 1)` })
      .where(eq(posts.id, comment.postId))
      .run()
    return comment
  })
}

/**
 * Suspends (or lifts the suspension of) an account: while suspended it cannot sign in, every
 * session has ended, and its posts and comments are hidden from lists.
 */
export function setSuspended(
  db: Db,
  userId: number,
  suspended: boolean,
  hostIds: readonly number[],
  now = Date.now(),
): UserRow {
  return db.transaction(() => {
    const target = getUserById(db, userId)
    if (suspended && isHost(db, target, hostIds)) {
      throw new HttpError('HOST_PROTECTED', ACCOUNT_MESSAGES.cannotSuspendHost)
    }
    db.update(users)
      .set({ suspendedAt: suspended ? now : null })
      .where(eq(users.id, target.id))
      .run()
    if (suspended) endSessions(db, [target.id])
    return getUserById(db, target.id)
  })
}

/* ---------------------------------------------------------------- deleting an account */

/**
 * Deletes a user and everything of theirs in one transaction, first taking their part out of
 * everyone else's counts: a post's likeCount loses their likes (a dislike took one like away
 * when made and is not given back, as the spec has no undo for it), its commentCount their
 * comments, a comment's vote counts their votes, and the people they followed or who followed
 * them one follower or following each. Their posts (with everyone's comments, reactions and
 * bookmarks on them), comments, reactions, votes, follows, bookmarks, blocks, mutes, reports
 * and uploaded media go with the row (ON DELETE CASCADE).
 */
export function deleteAccount(db: Db, userId: number): void {
  db.transaction(() => {
    const user = getUserById(db, userId)
    const run = (text: string, ...params: unknown[]) => runSql(db, text, ...params)
    run(
      `UPDATE posts SET like_count = max(0, like_count - (SELECT count(*) FROM post_reactions r
         WHERE r.post_id = posts.id AND r.user_id = ? AND r.kind = 'like'))
       WHERE id IN (SELECT post_id FROM post_reactions WHERE user_id = ? AND kind = 'like')
         AND author_id <> ?`,
      userId,
      userId,
      userId,
    )
    run(
      `UPDATE posts SET comment_count = max(0, comment_count - (SELECT count(*) FROM comments c
         WHERE c.post_id = posts.id AND c.author_id = ?))
       WHERE id IN (SELECT post_id FROM comments WHERE author_id = ?) AND author_id <> ?`,
      userId,
      userId,
      userId,
    )
    run(
      `UPDATE comments SET
         upvote_count = max(0, upvote_count - (SELECT count(*) FROM comment_votes v
           WHERE v.comment_id = comments.id AND v.user_id = ? AND v.kind = 'up')),
         downvote_count = max(0, downvote_count - (SELECT count(*) FROM comment_votes v
           WHERE v.comment_id = comments.id AND v.user_id = ? AND v.kind = 'down'))
       WHERE id IN (SELECT comment_id FROM comment_votes WHERE user_id = ?)`,
      userId,
      userId,
      userId,
    )
    run(
      `UPDATE users SET follower_count = max(0, follower_count - 1)
       WHERE id IN (SELECT followee_id FROM follows WHERE follower_id = ?)`,
      userId,
    )
    run(
      `UPDATE users SET following_count = max(0, following_count - 1)
       WHERE id IN (SELECT follower_id FROM follows WHERE followee_id = ?)`,
      userId,
    )
    db.delete(users).where(eq(users.id, userId)).run()
    const demoIds = getDemoUserIds(db)
    if (demoIds.includes(userId))
      setDemoUserIds(
        db,
        demoIds.filter((id) => id !== userId),
      )
    if (getOwnerId(db) === userId) clearOwner(db)
    // The login page must not offer credentials of an account that is gone.
    if (getDemoAccount(db)?.username.toLowerCase() === user.usernameKey) setDemoAccount(db, null)
  })
}
