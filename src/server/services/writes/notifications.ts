/**
 * Notifications written in the transaction of the change that causes them, and removed when
 * it is undone (docs/API.md, "Notifications"). The pages and counts are ../reads/notifications.ts.
 */
import type { NotificationType } from '../../../shared/api-types'
import type { SqlParam, Store } from '../../db/store'
import type { NotificationChanges, NewNotification } from '../reads/notifications'
import { usernameKey } from '../reads/users'
import { isBlockedEitherWay, isMuting } from '../reads/visibility'
import { wantsInApp } from '../reads/notification-settings'

/**
 * Adds a notification unless the actor is the recipient, and notes it in `changes`; answers
 * whether it was written.
 */
export async function notify(
  db: Store,
  changes: NotificationChanges,
  input: NewNotification,
  now = Date.now(),
): Promise<boolean> {
  const toSelf = input.recipientId === input.actorId
  if (toSelf && !input.evenToActor) return false
  // Nobody hears from someone they blocked or who blocked them (docs/API.md, "Notifications").
  if (!toSelf && (await isBlockedEitherWay(db, input.recipientId, input.actorId))) return false
  // Nor from someone they mute, while the mute lasts (docs/API.md, "Muting").
  if (!toSelf && (await isMuting(db, input.recipientId, input.actorId, now))) return false
  // Nor of a kind they turned off (docs/API.md, "Notification settings"): never written, so the
  // list and the unread count agree without a filter of their own.
  if (!(await wantsInApp(db, input.recipientId, input.type))) return false
  const row = await db.get<{ id: number }>(
    `INSERT INTO notifications
       (recipient_id, actor_id, type, post_id, comment_id, game_night_id, detail, read, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    input.recipientId,
    input.actorId,
    input.type,
    input.postId ?? null,
    input.commentId ?? null,
    input.gameNightId ?? null,
    input.detail ?? null,
    false,
    now,
  )
  if (row) changes.created.push(row.id)
  return row !== undefined
}

/** What an undone action caused: one actor's notifications of one type about one target. */
export interface NotificationCause {
  actorId: number
  type: NotificationType
  recipientId?: number
  postId?: number
  commentId?: number
}

/** Removes what a cause made (e.g. a like that became a dislike). */
export async function removeNotifications(
  db: Store,
  changes: NotificationChanges,
  cause: NotificationCause,
): Promise<void> {
  const conditions = ['actor_id = ?', 'type = ?']
  const params: SqlParam[] = [cause.actorId, cause.type]
  for (const [column, value] of [
    ['recipient_id', cause.recipientId],
    ['post_id', cause.postId],
    ['comment_id', cause.commentId],
  ] as const) {
    if (value !== undefined) {
      conditions.push(`${column} = ?`)
      params.push(value)
    }
  }
  // `read` is a boolean column: SQLite answers 0 or 1, PostgreSQL true or false.
  const removed = await db.all<{ recipientId: number; read: boolean | number }>(
    `DELETE FROM notifications WHERE ${conditions.join(' AND ')}
     RETURNING recipient_id AS "recipientId", read`,
    ...params,
  )
  for (const row of removed) if (!row.read) changes.lowered.push(row.recipientId)
}

/**
 * Before a post or comment is deleted (its notifications go with it by cascade): notes whose
 * unread count is about to fall.
 */
export async function noteCascade(
  db: Store,
  changes: NotificationChanges,
  target: { postId: number } | { commentId: number },
): Promise<void> {
  const [column, id] =
    'postId' in target ? ['post_id', target.postId] : ['comment_id', target.commentId]
  const recipients = await db.ids(
    `SELECT DISTINCT recipient_id FROM notifications WHERE ${column} = ? AND read = ?`,
    id,
    false,
  )
  changes.lowered.push(...recipients)
}

/**
 * Makes the mention notifications of one post or comment match the users its text mentions now
 * (existing users only, never the author). `skip` names users this sync leaves alone, neither
 * told nor untold (on an edit, those who heard of the comment by its creation). Mentions that stay
 * keep their notification and its read state. Answers who holds a mention of it now: the caller
 * tells the others named otherwise (a comment on their post), so that one write makes one
 * notification per person.
 */
export async function syncMentions(
  db: Store,
  changes: NotificationChanges,
  source: { authorId: number; postId: number; commentId: number | null },
  mentioned: string[],
  {
    skip = [] as number[],
    now = Date.now(),
    fresh = false,
  }: {
    skip?: number[]
    now?: number
    /**
     * The post or comment was created in this transaction: it has no mention notifications yet,
     * so none are read to compare (one statement less a new post).
     */
    fresh?: boolean
  } = {},
): Promise<Set<number>> {
  const found =
    mentioned.length === 0
      ? []
      : await db.ids(
          `SELECT id FROM users WHERE username_key IN ${db.sql.textSet}`,
          db.sql.texts(mentioned.map(usernameKey)),
        )
  const wanted = new Set(found.filter((id) => id !== source.authorId && !skip.includes(id)))
  const holding = new Set<number>()
  // A post's own mentions have no comment: `comment_id IS NULL`, as PostgreSQL takes no
  // `IS ?`.
  const existing = fresh
    ? []
    : await db.ids(
        `SELECT recipient_id FROM notifications
     WHERE actor_id = ? AND type = 'mention' AND post_id = ?
       AND ${source.commentId === null ? 'comment_id IS NULL' : 'comment_id = ?'}`,
        source.authorId,
        source.postId,
        ...(source.commentId === null ? [] : [source.commentId]),
      )
  for (const recipientId of existing) {
    if (skip.includes(recipientId)) holding.add(recipientId)
    else if (wanted.has(recipientId)) {
      wanted.delete(recipientId)
      holding.add(recipientId)
    } else {
      await removeNotifications(db, changes, {
        actorId: source.authorId,
        type: 'mention',
        recipientId,
        postId: source.postId,
        ...(source.commentId === null ? {} : { commentId: source.commentId }),
      })
    }
  }
  for (const recipientId of wanted) {
    const told = await notify(
      db,
      changes,
      {
        recipientId,
        actorId: source.authorId,
        type: 'mention',
        postId: source.postId,
        commentId: source.commentId,
      },
      now,
    )
    if (told) holding.add(recipientId)
  }
  return holding
}

/** Marks everything read, or everything up to and including `upTo`; answers how many changed. */
export function markRead(db: Store, userId: number, upTo: number | null): Promise<number> {
  return db.run(
    'UPDATE notifications SET read = ? WHERE recipient_id = ? AND read = ? AND id <= ?',
    true,
    userId,
    false,
    upTo ?? Number.MAX_SAFE_INTEGER,
  )
}
