/**
 * A cluster's home timelines (`--redis`): one list per player in Redis, shared by every instance,
 * changed once by the instance whose command touched it (caches/touched.ts, `here`), with the
 * same rules as one server's lists in its process (caches/home-timelines.ts): a new post goes into
 * its author's followers' lists (through an index author → owners), a deletion or an undone
 * repost leaves them, a follow merges at the next read, an unfollow unmerges; trimmed to the
 * length, built from the database when missing. Each change is one Lua script
 * (caches/redis-timeline-scripts.ts, EVALSHA through ioredis), atomic.
 *
 * - **Builds and merges** are kept only if no list changed between their start (the read that
 *   found the list missing or unmerged answers the epoch and the change count) and their store,
 *   checked inside the store's script, as `HomeTimelines.keep` does in one process.
 * - **Reads**: one round trip for the page's list, on the connection this instance's changes
 *   take, so its own command's change is always read after it; while Redis is away or slow
 *   (`READ_WAIT_MS`), the page is read from the database.
 * - **Versions** (whole answers, caches/answer-parts.ts) are this instance's: for each owner
 *   whose list it has read, the authors of that list; a touch, here or carried from another
 *   instance through the events' stream (after its script ran: one connection keeps the
 *   order), moves the versions of the owners whose authors it names, a deletion every version.
 *   An instance that may have missed touches moves all (`forget`).
 * - **Failures**: a change Redis did not take, or entries the events' stream lost (app.ts:
 *   `renew`), end the epoch (`DEL epoch`, which Redis takes even when full): no list of before
 *   is read again, each is rebuilt from the database. Until Redis has taken that, this
 *   instance reads the database.
 * - **Life and size**: a list and its keys go `LIST_LIFE_MS` after its build (idle or not: an
 *   active player's list is rebuilt that often); each holds at most 1.25 × the length entries
 *   (`trim`), some 30 KB at the length of 200; there are `listsAtMost` lists at most, the oldest
 *   built going first. Redis must not evict keys (`maxmemory-policy noeviction`,
 *   docs/hosting.md): a list missing one of its keys would be read as another.
 */
import { randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { Store } from '../db/store'
import type { RedisConnections } from '../redis/connection'
import { log } from '../observability/log'
import { cacheLookupsOf, dependencyErrors } from '../observability/metrics'
import { BoundedMap } from './bounded-map'
import {
  buildTimeline,
  readMerging,
  type Place,
  type Timeline,
  type TimelineEntry,
  type TimelineLimits,
} from './home-timelines'
import {
  ADDED_SCRIPT,
  FOLLOWED_SCRIPT,
  MERGE_SCRIPT,
  READ_SCRIPT,
  REMOVED_SCRIPT,
  STORE_SCRIPT,
} from './redis-timeline-scripts'
import type { SharedTimelineKeeper, TimelineTouch } from './timeline-keeper'
import { Versions } from './versions'

/** How long a list lives after its build. */
export const LIST_LIFE_MS = 15 * 60_000

/** How long a read waits for Redis before the page is read from the database. */
const READ_WAIT_MS = 1000

type Arg = string | number

/** A list as the read and merge scripts answer it, or `[epoch, gen]` when it is missing. */
type ListReply = [string, string, string?, string?, string[]?, string[]?, string[]?]

type TimelineCommands = Redis & {
  gamerstageTimelineRead(...args: Arg[]): Promise<ListReply>
  gamerstageTimelineStore(...args: Arg[]): Promise<number>
  gamerstageTimelineAdded(...args: Arg[]): Promise<number>
  gamerstageTimelineRemoved(...args: Arg[]): Promise<number>
  gamerstageTimelineFollowed(...args: Arg[]): Promise<number>
  gamerstageTimelineMerge(...args: Arg[]): Promise<ListReply>
}

/** An entry's member: post and reposter ids zero-padded (they sort as numbers), then the author. */
export const memberOf = ({ place, authorId }: TimelineEntry): string =>
  `${String(place[1]).padStart(12, '0')}:${String(place[2]).padStart(12, '0')}:${authorId}`

const placeText = (place: Place | null): string => (place ? place.join(':') : '')

function placeFrom(text: string | undefined): Place | null {
  if (!text) return null
  const [time = 0, post = 0, reposter = 0] = text.split(':').map(Number)
  return [time, post, reposter]
}

/** The list a script answered, as the feed reads it. */
function timelineFrom(reply: ListReply): Timeline {
  const [, , postsFloor, repostsFloor, authors = [], merging = [], flat = []] = reply
  const entries: TimelineEntry[] = []
  for (let index = 0; index + 1 < flat.length; index += 2) {
    const [post = 0, reposter = 0, author = 0] = (flat[index] ?? '').split(':').map(Number)
    entries.push({ place: [Number(flat[index + 1]), post, reposter], authorId: author })
  }
  return {
    authors: new Set(authors.map(Number)),
    entries,
    postsFloor: placeFrom(postsFloor),
    repostsFloor: placeFrom(repostsFloor),
    ...(merging.length > 0 ? { merging: new Set(merging.map(Number)) } : {}),
  }
}

const entryArgs = (entries: readonly TimelineEntry[]): Arg[] =>
  entries.flatMap((entry) => [entry.place[0], memberOf(entry)])

export class RedisTimelines implements SharedTimelineKeeper {
  readonly limits: TimelineLimits
  private readonly versions: Versions
  /** Owner → the authors of their list as this instance read it (and followed since). */
  private readonly seen: BoundedMap<number, Set<number>>
  private readonly commands: TimelineCommands
  /** `<prefix>tl:`: every key of the lists starts with it. */
  readonly keyPrefix: string
  /** Ends of the epoch wanted (a change Redis did not take) and made (Redis took the DEL). */
  private renewsWanted = 0
  private renewsMade = 0
  private renewing = false
  private readonly count = cacheLookupsOf('timelines')
  /**
   * How many lists Redis keeps at most, for the whole cluster: five instances' worth of one
   * server's bound (`ReadCacheLimits.timelines`), the oldest built going first.
   */
  readonly listsAtMost: number

  constructor(
    private readonly redis: RedisConnections,
    limits: TimelineLimits,
    readonly lifeMs = LIST_LIFE_MS,
  ) {
    this.limits = limits
    this.listsAtMost = limits.timelines * 5
    this.versions = new Versions(limits.timelines * 2)
    // An owner whose authors are forgotten has their version moved: no touch could move it.
    this.seen = new BoundedMap(limits.timelines * 2, (owner) => this.versions.move([owner]))
    this.keyPrefix = `${redis.prefix}tl:`
    const scripts = {
      gamerstageTimelineRead: READ_SCRIPT,
      gamerstageTimelineStore: STORE_SCRIPT,
      gamerstageTimelineAdded: ADDED_SCRIPT,
      gamerstageTimelineRemoved: REMOVED_SCRIPT,
      gamerstageTimelineFollowed: FOLLOWED_SCRIPT,
      gamerstageTimelineMerge: MERGE_SCRIPT,
    }
    for (const [name, lua] of Object.entries(scripts)) {
      redis.commands.defineCommand(name, { numberOfKeys: 0, lua })
    }
    this.commands = redis.commands as TimelineCommands
    // Back after an outage: an end of the epoch still owed goes first.
    redis.commands.on('ready', () => this.renewIfOwed())
  }

  versionOf(owner: number): number {
    return this.versions.of(owner)
  }

  async timelineOf(
    db: Store,
    owner: number,
    index: (length: number) => Promise<string>,
  ): Promise<Timeline | undefined> {
    if (!this.usable()) return undefined
    const read = await this.ask(this.commands.gamerstageTimelineRead(this.keyPrefix, owner))
    if (!read) return undefined
    this.count(read.length > 2)
    let mark = read
    let timeline = read.length > 2 ? timelineFrom(read) : undefined
    if (timeline?.merging) {
      // Players followed since it was built go in first (two statements for them alone).
      const length = this.limits.length
      const merged = await readMerging(db, [...timeline.merging], length)
      const reply = await this.ask(
        this.commands.gamerstageTimelineMerge(
          this.keyPrefix,
          owner,
          read[0],
          read[1],
          this.lifeMs,
          length,
          placeText(merged.postsFloor),
          placeText(merged.repostsFloor),
          ...entryArgs(merged.entries),
        ),
      )
      if (!reply) return undefined
      mark = reply
      timeline = reply.length > 2 ? timelineFrom(reply) : undefined
    }
    if (!timeline) {
      const length = this.limits.length
      timeline = await buildTimeline(db, owner, length, await index(length))
      // Kept or not (a change came meanwhile), this read pages from the build.
      await this.ask(
        this.commands.gamerstageTimelineStore(
          this.keyPrefix,
          owner,
          mark[0],
          mark[1],
          randomBytes(4).toString('hex'),
          this.lifeMs,
          this.listsAtMost,
          placeText(timeline.postsFloor),
          placeText(timeline.repostsFloor),
          timeline.authors.size,
          ...timeline.authors,
          ...entryArgs(timeline.entries),
        ),
      )
    }
    const known = this.seen.get(owner)
    if (known) for (const author of timeline.authors) known.add(author)
    else this.seen.set(owner, new Set(timeline.authors))
    return timeline
  }

  touched(touched: TimelineTouch, here: boolean): void {
    if (touched.everything) {
      this.forget()
      if (here) this.renew()
      return
    }
    const { added, removed, follows = [] } = touched
    if (added) this.moveWhere(added.reposterId ?? added.authorId)
    if (removed?.reposterId !== undefined) this.moveWhere(removed.reposterId)
    // A deleted post's reposts may be in any list: every version moves (deletions are rare).
    else if (removed) this.versions.moveAll()
    for (const { followerId, followeeId, following } of follows) {
      if (following) this.seen.peek(followerId)?.add(followeeId)
      this.versions.move([followerId])
    }
    if (here) this.write(touched)
  }

  forget(): void {
    this.versions.moveAll()
    this.seen.clear()
  }

  renew(): void {
    this.renewsWanted++
    this.renewIfOwed()
  }

  /** The owners of the current epoch's lists (tests compare each with the database). */
  async owners(): Promise<number[]> {
    const epoch = await this.redis.commands.get(`${this.keyPrefix}epoch`)
    if (!epoch) return []
    const keys: string[] = []
    const head = `${this.keyPrefix}${epoch}:m:`
    let cursor = '0'
    do {
      const [next, found] = await this.redis.commands.scan(cursor, 'MATCH', `${head}*`)
      keys.push(...found)
      cursor = next
    } while (cursor !== '0')
    return keys.map((key) => Number(key.slice(head.length)))
  }

  /** The versions of the owners whose lists take `author`'s posts (of those read here) move. */
  private moveWhere(author: number): void {
    const owners: number[] = []
    for (const owner of this.seen.keys()) {
      if (this.seen.peek(owner)?.has(author)) owners.push(owner)
    }
    this.versions.move(owners)
  }

  /** This instance's command's change, to the shared lists (in order on one connection). */
  private write({ added, removed, follows = [] }: TimelineTouch): void {
    const prefix = this.keyPrefix
    this.renewIfOwed()
    if (removed) {
      const { postId, authorId, reposterId } = removed
      this.send(this.commands.gamerstageTimelineRemoved(prefix, postId, authorId, reposterId ?? ''))
    }
    if (added) {
      const entry: TimelineEntry = {
        place: [added.createdAt, added.postId, added.reposterId ?? 0],
        authorId: added.authorId,
      }
      this.send(
        this.commands.gamerstageTimelineAdded(
          prefix,
          this.lifeMs,
          this.limits.length,
          added.reposterId ?? added.authorId,
          ...entryArgs([entry]),
        ),
      )
    }
    for (const { followerId, followeeId, following } of follows) {
      this.send(
        this.commands.gamerstageTimelineFollowed(
          prefix,
          this.lifeMs,
          followerId,
          followeeId,
          following ? '1' : '0',
        ),
      )
    }
  }

  /** A change Redis did not take leaves a list stale: the epoch ends. */
  private send(change: Promise<number>): void {
    void change.catch((error: unknown) => {
      dependencyErrors.inc({ dependency: 'redis' })
      log().error(
        { where: this.redis.where, reason: (error as Error).message },
        'could not change a home timeline in Redis; every timeline is rebuilt',
      )
      this.renew()
    })
  }

  /** Sends the end of the epoch owed, once at a time, when Redis can take it. */
  private renewIfOwed(): void {
    if (this.renewing || this.renewsMade >= this.renewsWanted) return
    if (this.redis.commands.status !== 'ready') return
    this.renewing = true
    const upTo = this.renewsWanted
    void this.redis.commands.del(`${this.keyPrefix}epoch`).then(
      () => {
        this.renewing = false
        this.renewsMade = Math.max(this.renewsMade, upTo)
        this.renewIfOwed()
      },
      () => {
        // Tried again at the next use, or when the connection is back.
        this.renewing = false
      },
    )
  }

  /** Whether lists may be read now: Redis is there, and no end of the epoch is owed. */
  private usable(): boolean {
    if (this.redis.commands.status !== 'ready') return false
    if (this.renewsMade < this.renewsWanted) {
      this.renewIfOwed()
      return false
    }
    return true
  }

  /** The answer, or undefined when Redis failed or took longer than `READ_WAIT_MS`. */
  private async ask<Answer>(request: Promise<Answer>): Promise<Answer | undefined> {
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), READ_WAIT_MS)
    })
    const answer = request.catch(() => {
      dependencyErrors.inc({ dependency: 'redis' })
      return undefined
    })
    try {
      return await Promise.race([answer, late])
    } finally {
      clearTimeout(timer)
    }
  }
}
