/**
 * What every command of `actions/` shares. A command is one write as a user or the host makes it:
 * its rows (the services' row changes), in the same transaction the notifications it causes, and
 * only after the commit the live events that tell others (docs/API.md, "Live events"), so nobody
 * hears of a change that rolled back. Routes call commands for every write; the services below
 * stay unaware of events and nest in the command's transaction as a savepoint.
 */
import type { Db } from '../db/client'
import type { UserRow } from '../db/rows'
import type { Audience, EventHub } from '../events/hub'
import {
  noChanges,
  notificationsById,
  unreadCount,
  type NotificationChanges,
} from '../services/notifications'
import { blockedEitherWayWithAny } from '../services/visibility'

/** What commands write to and publish on: the app's database and its live event hub. */
export interface Live {
  db: Db
  hub: EventHub
}

/** Who acts: the signed-in user. */
export type Actor = Pick<UserRow, 'id' | 'username'>

/** The commands' view of an app; createApp always gives its routes a hub. */
export function liveOf(deps: { db: Db; events?: EventHub }): Live {
  if (!deps.events) throw new Error('createApp gives every app an event hub.')
  return { db: deps.db, hub: deps.events }
}

/** Runs `work` in one transaction, then publishes what it reports and the notifications it made. */
export function commit<Result>(
  live: Live,
  work: (tx: Db, changes: NotificationChanges) => Result,
  publish: (result: Result) => void = () => {},
): Result {
  const changes = noChanges()
  const result = live.db.transaction(() => work(live.db, changes))
  publish(result)
  publishNotifications(live, changes)
  return result
}

function publishNotifications({ db, hub }: Live, changes: NotificationChanges): void {
  const told = new Set<number>()
  for (const { recipientId, notification } of notificationsById(db, changes.created)) {
    told.add(recipientId)
    hub.publish(
      'notification',
      { notification, unreadCount: unreadCount(db, recipientId) },
      { to: recipientId },
    )
  }
  for (const recipientId of new Set(changes.lowered)) {
    if (told.has(recipientId)) continue
    hub.publish('unread-count', { unreadCount: unreadCount(db, recipientId) }, { to: recipientId })
  }
}

/**
 * The audience of an event about `involved` users (its actor first): everyone but those
 * blocked by or blocking any of them, as lists hide them from each other (docs/API.md, "Live
 * events"). The actor always hears of their own action (their echo).
 */
export function aboutUsers(live: Live, actorId: number, ...involved: number[]): Audience {
  const exclude = blockedEitherWayWithAny(live.db, [actorId, ...involved])
  exclude.delete(actorId)
  return { exclude }
}
