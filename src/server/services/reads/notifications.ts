/**
 * Notifications (docs/API.md, "Notifications"): written in the same transaction as the change
 * that causes them, never for one's own actions, and removed when their cause is undone.
 * Deleting a post, comment or user removes its notifications through ON DELETE CASCADE.
 */
import type { Notification, NotificationsPage, NotificationType } from '../../../shared/api-types'
import type { Store } from '../../db/store'
import { visibleAuthor } from './visibility'
import { cursorOrStart, finishPage, LIST_START, type PageRequest } from './pagination'
import { toUserSummary } from '../presenting/embedded'
import { formatTimestamp } from '../presenting/time'

export interface NewNotification {
  recipientId: number
  actorId: number
  type: NotificationType
  postId?: number | null
  commentId?: number | null
  /** Game nights: the night concerned, and what an edit changed (`startsAt,place`). */
  gameNightId?: number | null
  detail?: string | null
  /**
   * Game nights: the recipient hears of it even when they are its actor (a reminder of the
   * host's own night names the host as its actor).
   */
  evenToActor?: boolean
}

/** What a route publishes after the commit: new notifications and whose unread count fell. */
export interface NotificationChanges {
  created: number[]
  /** Recipients who lost an unread notification. */
  lowered: number[]
}

export const noChanges = (): NotificationChanges => ({ created: [], lowered: [] })

/** Characters of the post or comment text a notification carries. */
const SNIPPET_LENGTH = 100

interface NotificationRow {
  id: number
  recipientId: number
  type: NotificationType
  postId: number | null
  commentId: number | null
  gameNightId: number | null
  detail: string | null
  /** A boolean column: 0 or 1 from SQLite, false or true from PostgreSQL. */
  read: boolean | number
  createdAt: number
  actorId: number
  username: string
  firstName: string
  lastName: string
  profileImg: string
  snippet: string
}

const NOTIFICATION_SELECT = `SELECT n.id AS id, n.recipient_id AS "recipientId", n.type AS type,
  n.post_id AS "postId", n.comment_id AS "commentId", n.game_night_id AS "gameNightId",
  n.detail AS detail, n.read AS read, n.created_at AS "createdAt",
  u.id AS "actorId", u.username AS username, u.first_name AS "firstName",
  u.last_name AS "lastName", u.profile_img AS "profileImg",
  substr(coalesce(c.text, p.content, g.title, ''), 1, ${SNIPPET_LENGTH}) AS snippet
  FROM notifications n JOIN users u ON u.id = n.actor_id
  LEFT JOIN posts p ON p.id = n.post_id LEFT JOIN comments c ON c.id = n.comment_id
  LEFT JOIN game_nights g ON g.id = n.game_night_id`

function present(row: NotificationRow): Notification {
  return {
    id: String(row.id),
    type: row.type,
    actor: toUserSummary({
      id: row.actorId,
      username: row.username,
      firstName: row.firstName,
      lastName: row.lastName,
      profileImg: row.profileImg,
    }),
    postId: row.postId === null ? null : String(row.postId),
    commentId: row.commentId === null ? null : String(row.commentId),
    snippet: row.type === 'follow' ? '' : row.snippet,
    // Game nights' own fields, only on theirs: the other types keep their shape.
    ...(row.gameNightId === null
      ? {}
      : { gameNightId: String(row.gameNightId), changed: row.detail ? row.detail.split(',') : [] }),
    createdAt: formatTimestamp(row.createdAt),
    read: Boolean(row.read),
  }
}

/** A user's notifications, newest first, a page at a time. */
export async function pageNotifications(
  db: Store,
  userId: number,
  page: PageRequest,
): Promise<NotificationsPage> {
  const [before = LIST_START] = cursorOrStart(page.cursor, 1)
  // Not from those hidden from the user by a block or a suspension since (services/reads/visibility.ts);
  // a mute only stops new ones.
  const visible = await visibleAuthor(db, 'n.actor_id', userId, { mutes: false })
  const rows = await db.all<NotificationRow>(
    `${NOTIFICATION_SELECT} WHERE n.recipient_id = ? AND n.id < ?${visible.and}
     ORDER BY n.id DESC LIMIT ?`,
    userId,
    before,
    ...visible.params,
    page.limit + 1,
  )
  const finished = finishPage(rows, page.limit, (row) => [row.id])
  return { notifications: finished.rows.map(present), nextCursor: finished.nextCursor }
}

/** Notifications by id, with their recipients (for publishing after a commit). */
export async function notificationsById(
  db: Store,
  ids: number[],
): Promise<{ recipientId: number; notification: Notification }[]> {
  if (ids.length === 0) return []
  const rows = await db.all<NotificationRow>(
    `${NOTIFICATION_SELECT} WHERE n.id IN ${db.sql.idSet} ORDER BY n.id`,
    db.sql.ids(ids),
  )
  return rows.map((row) => ({ recipientId: row.recipientId, notification: present(row) }))
}

export async function unreadCount(db: Store, userId: number): Promise<number> {
  // What the list shows (pageNotifications), so the badge never counts a hidden one.
  const visible = await visibleAuthor(db, 'actor_id', userId, { mutes: false })
  const row = await db.get<{ count: number }>(
    `SELECT count(*) AS count FROM notifications WHERE recipient_id = ? AND read = ?${visible.and}`,
    userId,
    false,
    ...visible.params,
  )
  return row?.count ?? 0
}
