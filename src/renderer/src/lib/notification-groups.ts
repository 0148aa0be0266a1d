import type { Notification, NotificationType, UserSummary } from '../../../shared/api-types'

/**
 * How the notifications page groups (docs/hosting.md, "Live LAN", "Notifications"): likes, reposts
 * and emoji reactions of the same post, upvotes of the same comment, and follows of the viewer, that came within this long of
 * the group's newest, show as one entry ("player2 and 3 others liked your post") at the place of the newest.
 * Comments, replies, mentions and reports are never grouped: each has its own text to show.
 */
export const GROUP_WINDOW_MS = 24 * 60 * 60 * 1000

export interface NotificationGroup {
  /** The newest notification's id: stable while older ones join the group. */
  key: string
  type: NotificationType
  /** Newest first, as the server lists them. */
  items: Notification[]
  /** Who did it, newest first, each once. */
  actors: UserSummary[]
  newest: Notification
  /** True while any of its notifications is unread. */
  unread: boolean
}

/** What a notification is grouped by, or null when it stands alone. */
function groupKey(notification: Notification): string | null {
  switch (notification.type) {
    case 'like':
      return notification.postId === null ? null : `like:${notification.postId}`
    case 'upvote':
      return notification.commentId === null ? null : `upvote:${notification.commentId}`
    case 'follow':
      return 'follow'
    // Reposts and emoji reactions of the same post group as likes do; each quote has its own text.
    case 'repost':
    case 'reaction':
      return notification.postId === null ? null : `${notification.type}:${notification.postId}`
    default:
      return null
  }
}

/** Groups a newest-first list of notifications; the groups keep that order. */
export function groupNotifications(
  notifications: readonly Notification[],
  windowMs = GROUP_WINDOW_MS,
): NotificationGroup[] {
  const groups: NotificationGroup[] = []
  /** The latest open group of each key: an older notification may still join it. */
  const open = new Map<string, NotificationGroup>()
  for (const notification of notifications) {
    const key = groupKey(notification)
    const group = key === null ? undefined : open.get(key)
    const age = group
      ? Date.parse(group.newest.createdAt) - Date.parse(notification.createdAt)
      : Number.NaN
    // A time that cannot be read never joins a group (NaN fails the comparison).
    if (group && age >= 0 && age <= windowMs) {
      group.items.push(notification)
      if (!group.actors.some((actor) => actor._id === notification.actor._id)) {
        group.actors.push(notification.actor)
      }
      if (!notification.read) group.unread = true
      continue
    }
    const fresh: NotificationGroup = {
      key: notification.id,
      type: notification.type,
      items: [notification],
      actors: [notification.actor],
      newest: notification,
      unread: !notification.read,
    }
    groups.push(fresh)
    if (key !== null) open.set(key, fresh)
  }
  return groups
}

/** What the group's actors did, after their names: "liked your post". */
export function actionText(group: NotificationGroup): string {
  switch (group.type) {
    case 'like':
      return 'liked your post'
    case 'comment':
      return 'commented on your post'
    case 'upvote':
      return 'upvoted your comment'
    case 'follow':
      return 'followed you'
    case 'mention':
      return group.newest.commentId === null
        ? 'mentioned you in a post'
        : 'mentioned you in a comment'
    case 'report':
      // A person reported from their profile names no post.
      if (group.newest.postId === null) return 'reported a player'
      return group.newest.commentId === null ? 'reported a post' : 'reported a comment'
    case 'report-handled':
      // Never what the host did to the member reported: only that it was seen to.
      return 'handled your report'
    // threads: never grouped, like comments (each reply has its own text)
    case 'reply':
      return 'replied to your comment'
    case 'repost':
      return 'reposted your post'
    case 'quote':
      return 'quoted your post'
    case 'reaction':
      return 'reacted to your post'
    // Game nights: the snippet is the night's title.
    case 'game-night-changed':
      return `changed ${changedText(group.newest.changed ?? [])} of “${group.newest.snippet}”`
    case 'game-night-cancelled':
      return `cancelled “${group.newest.snippet}”`
    case 'game-night-promoted':
      return `has a place for you at “${group.newest.snippet}”: you are going`
    case 'game-night-reminder':
      return `reminds you: “${group.newest.snippet}” starts in 15 minutes`
    // The actor wrote the poll; pollEndedText says it better when the viewer is known.
    case 'poll-ended':
      return 'wrote a poll that has ended'
  }
}

/** A poll's end, said to its author ("Your poll has ended") or to a voter. */
export function pollEndedText(own: boolean): { before: string; after: string } {
  return own
    ? { before: 'Your poll has ended', after: '' }
    : { before: 'The poll by ', after: ' has ended' }
}

/** The names of the fields an edit of a game night changed, for people: "the time and place". */
function changedText(fields: readonly string[]): string {
  const names: Record<string, string> = {
    game: 'the game',
    title: 'the title',
    startsAt: 'the time',
    durationMinutes: 'the length',
    place: 'the place',
    slots: 'the slots',
    status: 'the status',
  }
  const said = fields.map((field) => names[field] ?? field)
  if (said.length === 0) return 'details'
  if (said.length === 1) return said[0] ?? ''
  return `${said.slice(0, -1).join(', ')} and ${said[said.length - 1]}`
}

/**
 * The whole sentence, e.g. for a name: "player2 and 3 others liked your post". `viewerId` (the
 * signed-in user) tells a poll's author from its voters.
 */
export function groupSentence(group: NotificationGroup, viewerId?: string): string {
  const [first, second] = group.actors
  if (group.type === 'poll-ended' && viewerId !== undefined) {
    const { before, after } = pollEndedText(first?._id === viewerId)
    return first?._id === viewerId ? before : `${before}${first?.username ?? ''}${after}`
  }
  const others = group.actors.length - 1
  const who =
    others === 0
      ? first?.username
      : others === 1
        ? `${first?.username} and ${second?.username}`
        : `${first?.username} and ${others} others`
  return `${who} ${actionText(group)}`
}

/**
 * Where the entry leads: the post (of the comment), or for a follow the newest follower (and for
 * a handled report, the host who handled it: it names no post).
 */
export function groupTarget(group: NotificationGroup): {
  kind: 'post' | 'profile' | 'game-night'
  id: string
  /** threads: the comment to show on the post's page (a deep link), if any */
  commentId?: string
} {
  const { postId, commentId, gameNightId } = group.newest
  if (gameNightId) return { kind: 'game-night', id: gameNightId }
  if (group.type !== 'follow' && postId !== null) {
    return commentId === null
      ? { kind: 'post', id: postId }
      : { kind: 'post', id: postId, commentId }
  }
  return { kind: 'profile', id: group.newest.actor.username }
}
