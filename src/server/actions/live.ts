/**
 * What every command of `actions/` shares. A command is one write as a user or the host makes it:
 * its rows (the services' row changes), in the same transaction the notifications it causes, and
 * only after the commit the live events that tell others (docs/API.md, "Live events"), so nobody
 * hears of a change that rolled back. Routes call commands for every write; the services below
 * stay unaware of events and nest in the command's transaction as a savepoint.
 */
import type { Store } from '../db/store'
import type { PostRow, UserRow } from '../db/rows'
import type { Audience, EventHub } from '../events/hub'
import type { LiveEventMap, Post, QuoteEmbed } from '../../shared/api-types'
import { presentPost } from '../services/presenting/posts'
import type { MediaStorage } from '../storage/media-storage'
import {
  noChanges,
  notificationsById,
  unreadCount,
  type NotificationChanges,
} from '../services/reads/notifications'
import { blockedEitherWayWithAny, blockedOrMuting, unseeingOf } from '../services/reads/visibility'
import { readingAfresh } from '../caches/store-caches'
import { touch, touchStamp, type Touched } from '../caches/touched'

/**
 * What commands write to and publish on: the app's database, its live event hub, and where
 * uploaded images keep their bytes (storage/media-storage.ts).
 */
export interface Live {
  db: Store
  hub: EventHub
  media: MediaStorage
  /** The accounts named with `--admin` (AppDeps.hostIds): hosts, with the owner and made hosts. */
  hostIds: readonly number[]
}

/** Who acts: the signed-in user. */
export type Actor = Pick<UserRow, 'id' | 'username'>

/** The commands' view of an app; createApp always gives its routes a hub. */
export function liveOf(deps: {
  db: Store
  events?: EventHub
  media?: MediaStorage
  hostIds?: readonly number[]
}): Live {
  if (!deps.events) throw new Error('createApp gives every app an event hub.')
  if (!deps.media) throw new Error('createApp gives every app a media storage.')
  return { db: deps.db, hub: deps.events, media: deps.media, hostIds: deps.hostIds ?? [] }
}

/**
 * Runs `work` in one transaction (every statement through its `tx`), then tells the caches what
 * it touched (`touched`, caches/touched.ts: every command that changes rows they keep says so),
 * then publishes what it reports and the notifications it made.
 */
export async function commit<Result>(
  live: Live,
  work: (tx: Store, changes: NotificationChanges) => Promise<Result>,
  publish: (result: Result) => Promise<void> | void = () => {},
  touched?: (result: Result) => Touched,
): Promise<Result> {
  let changes = noChanges()
  const stamp = touchStamp(live.db)
  const result = await live.db.transaction((tx) => {
    // Afresh on every try: PostgreSQL may run the work again after a conflict (db/store.ts).
    changes = noChanges()
    return work(tx, changes)
  })
  if (touched) touchEverywhere(live, touched(result), stamp)
  // What the events carry is read afresh: until they are published, the read cache still
  // holds what the work just changed.
  await readingAfresh(async () => {
    await publish(result)
    await publishNotifications(live, changes)
  })
  return result
}

/**
 * As commit, for a command whose write needs no transaction of the command's own and makes no
 * notification (a post of text alone, services/writes/new-posts.ts writeTextPost: one statement, no
 * transaction round trips): `write` runs on the store itself, and the caches are told what it
 * touched as commit tells them.
 */
export async function commitAlone<Result>(
  live: Live,
  write: (db: Store) => Promise<Result>,
  publish: (result: Result) => Promise<void>,
  touched?: (result: Result) => Touched,
): Promise<Result> {
  const stamp = touchStamp(live.db)
  const result = await write(live.db)
  if (touched) touchEverywhere(live, touched(result), stamp)
  await readingAfresh(() => publish(result))
  return result
}

/**
 * What a command touched changes this instance's caches now, and the other instances' (in a
 * cluster) when they read it from the stream, before the command's events.
 */
function touchEverywhere(live: Live, touched: Touched, stamp: number | undefined): void {
  touch(live.db, touched, stamp)
  live.hub.carryTouched(touched)
}

async function publishNotifications({ db, hub }: Live, changes: NotificationChanges) {
  const told = new Set<number>()
  for (const { recipientId, notification } of await notificationsById(db, changes.created)) {
    told.add(recipientId)
    hub.publish(
      'notification',
      { notification, unreadCount: await unreadCount(db, recipientId) },
      { to: recipientId },
    )
  }
  for (const recipientId of new Set(changes.lowered)) {
    if (told.has(recipientId)) continue
    const count = await unreadCount(db, recipientId)
    hub.publish('unread-count', { unreadCount: count }, { to: recipientId })
  }
}

/**
 * The audience of an event about `involved` users (its actor first): everyone but those
 * blocked by or blocking any of them, as lists hide them from each other (docs/API.md, "Live
 * events"). The actor always hears of their own action (their echo).
 */
export async function aboutUsers(
  live: Live,
  actorId: number,
  ...involved: number[]
): Promise<Audience> {
  const exclude = await blockedEitherWayWithAny(live.db, [actorId, ...involved])
  exclude.delete(actorId)
  return { exclude }
}

/**
 * The audience of an event carrying what `authorId` wrote (a post, a comment; `involved`: the
 * post's author under a comment): as aboutUsers, and not those who mute the author either, as
 * lists hide what they write from them (docs/API.md, "Muting"). The author hears of it.
 */
export async function aboutWriting(
  live: Live,
  authorId: number,
  ...involved: number[]
): Promise<Audience> {
  const exclude = await blockedOrMuting(live.db, [authorId, ...involved], [authorId])
  exclude.delete(authorId)
  return { exclude }
}

/**
 * Publishes an event that carries `post` (a `post`, a `repost` with its post) to `audience`,
 * presented as each receiver may see it, so that no live event shows what the lists hide: the event
 * is presented for nobody, so when the post quotes someone, those who may not see the quoted author
 * (blocked either way, muting them; services/reads/visibility.ts) get it with the quote as
 * `unavailable`, as the lists and the post page present it to them; everyone else gets it with the
 * quote shown. Two audience classes, one event each, however many are in either (thousands of
 * streams cost two presentations, not thousands).
 */
export async function publishCarryingPost<Type extends 'post' | 'repost'>(
  live: Live,
  type: Type,
  post: PostRow,
  data: (presented: Post) => LiveEventMap[Type],
  audience: Audience,
  /** The post already presented for nobody (a new post: presenting/posts.ts presentNewPost). */
  presentedForNobody?: Post,
): Promise<void> {
  const presented = presentedForNobody ?? (await presentPost(live.db, post, null))
  const quoted = presented.quoteOf?.state === 'visible' ? presented.quoteOf.post : null
  if (!quoted) {
    live.hub.publish(type, data(presented), audience)
    return
  }
  const quotedAuthor = Number(quoted.author._id)
  const unseeing = await unseeingOf(live.db, [quotedAuthor])
  unseeing.delete(quotedAuthor)
  const excluded = audience.exclude ?? new Set<number>()
  live.hub.publish(type, data(presented), {
    ...audience,
    exclude: new Set([...excluded, ...unseeing]),
  })
  const unavailable: QuoteEmbed = { postId: quoted._id, state: 'unavailable', post: null }
  const only = new Set(
    [...unseeing].filter(
      (userId) => !excluded.has(userId) && (audience.to === undefined || audience.to === userId),
    ),
  )
  if (only.size === 0) return
  live.hub.publish(type, data({ ...presented, quoteOf: unavailable }), { only })
}
