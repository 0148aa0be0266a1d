/**
 * Live events across server instances (`--redis`): every instance appends its events to one
 * Redis Stream after their commit (`XADD … MAXLEN ~ N`), and every instance reads the stream
 * (`XREAD BLOCK`, on a connection of its own) and hands each entry to its hub, which applies the
 * audience rules to its own clients (hub.ts). A client may reconnect to any instance with its
 * Last-Event-ID and be replayed what it missed (`XRANGE`).
 *
 * One rule decides, on every instance alike, whether what a client missed can be replayed: only
 * from what Redis holds now, never from what one instance remembers.
 *
 * - **Epochs.** The stream lives in epochs: a random 8-hex-digit id in `<prefix>events:meta`,
 *   which begins with a marker entry and is written into every entry (field `r`). An event id is
 *   `<epoch>-<stream id>`. A new epoch begins whenever Redis may have lost entries: the stream or
 *   its meta is gone or empty (Redis restarted without its data, or evicted them), its numbering
 *   is behind what an instance has read (restored from an older snapshot), or an instance could
 *   not append an event (Redis was away longer than its connection retries, or refused the
 *   write). An id of an earlier epoch is unknown to every instance: its client gets `reset`.
 * - **Numbers.** Each entry of an epoch carries the next number (field `n`, the marker 0). A
 *   replay from an id needs that very entry still in the stream and every number after it: an
 *   entry trimmed away (MAXLEN, XTRIM) or lost is noticed as a gap ("too-old").
 * - **Readers.** An instance's reader checks the same for its live clients, in stream order:
 *   the first entry of a new epoch, or one whose number skips some, sends its clients `reset`
 *   at that entry instead of the entry (what they refetch then holds it). So a client that was
 *   live through an outage and one that comes back to another instance decide alike.
 *
 * Events published while Redis is away wait in the connection's queue (they are sent once it is
 * back, within its retries, redis/connection.ts); none is delivered before Redis has it, not even
 * on its own instance, so no instance holds what the others cannot replay. One that Redis never
 * took is lost, and its instance begins a new epoch once Redis answers again. One whose answer
 * was lost with its connection is sent again by ioredis, and appended once all the same.
 */
import { randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { RedisConnections } from '../redis/connection'
import { compareStreamIds, formatEventId, parseEventId } from './stream-ids'
import {
  EPOCH_MARKER,
  decode,
  fieldsOf,
  type RawEntry,
  type ReplayAnswer,
  type ResetReason,
  type StreamEntry,
} from './stream-entries'
import { log } from '../observability/log'
import { dependencyErrors } from '../observability/metrics'

export type { ReplayAnswer, ResetReason, StreamEntry } from './stream-entries'

/**
 * Begins a new epoch when one is due (see above), appends the entry (ARGV[2], '' for none), and
 * answers the stream's last entry.
 * KEYS: the stream, its meta. ARGV: MAXLEN, entry, a new epoch's id, '1' to begin one anyway,
 * the epoch and number the caller has read up to (Redis holding less: it lost entries), and the
 * sender's id and the entry's number among its own: one sent again (ioredis resends what a lost
 * connection left unanswered) is appended once.
 */
const STREAM_SCRIPT = `
local epoch = redis.call('HGET', KEYS[2], 'epoch')
local renew = ARGV[4] == '1' or not epoch or redis.call('XLEN', KEYS[1]) == 0
if not renew and epoch == ARGV[5] then
  renew = tonumber(redis.call('HGET', KEYS[2], 'n') or '0') < tonumber(ARGV[6])
end
if renew then
  epoch = ARGV[3]
  redis.call('DEL', KEYS[2])
  redis.call('HSET', KEYS[2], 'epoch', epoch, 'n', '0')
  redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'r', epoch, 'n', '0', 'e', '${EPOCH_MARKER}')
end
local sent = 'sent:' .. ARGV[7]
if ARGV[2] ~= '' and tonumber(redis.call('HGET', KEYS[2], sent) or '0') < tonumber(ARGV[8]) then
  redis.call('HSET', KEYS[2], sent, ARGV[8])
  local n = redis.call('HINCRBY', KEYS[2], 'n', 1)
  redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'r', epoch, 'n', tostring(n), 'e', ARGV[2])
end
return redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
`

export interface RedisEventTransportOptions {
  /** Entries the stream keeps at least (`MAXLEN ~`): how far back a reconnect can replay. */
  maxLength: number
  /** Entries a replay sends at most; beyond, the client resyncs. */
  replayLimit: number
}

/** What the transport hands its hub, in stream order. */
export interface TransportSink {
  deliver(eventId: string, entry: StreamEntry): void
  /**
   * What came before `eventId` cannot be told to the clients (a new epoch, or entries they have
   * not had are gone): each must refetch, and the entries after it follow.
   */
  reset(eventId: string, reason: ResetReason): void
  /**
   * Whether the reader follows the stream: false once its connection is lost (entries may come
   * meanwhile that it has not read), true again once a read after the reconnect came back with
   * all there was. What this instance keeps of others' writes is right only while it follows.
   */
  following?(following: boolean): void
}

/** How long closing waits for appends Redis has not answered yet. */
const CLOSE_WAIT_MS = 2000

/** How much longer than its block an `XREAD` may take before its connection counts as lost. */
const SILENT_MS = 5000

/** Entries one `XREAD` asks for at most. */
const READ_COUNT = 500

/** How long one `XREAD BLOCK` waits before it is sent again (and `close` is noticed). */
const BLOCK_MS = 5000

type StreamCommands = Redis & {
  gamerstageStream(
    key: string,
    meta: string,
    maxLength: number,
    entry: string,
    freshEpoch: string,
    renew: string,
    seenEpoch: string,
    seenNumber: number,
    sender: string,
    sentNumber: number,
  ): Promise<RawEntry[]>
}

export class RedisEventTransport {
  private readonly key: string
  private readonly metaKey: string
  private readonly commands: StreamCommands
  private readonly reader: Redis
  /** The stream id, epoch and number of the latest entry read (and handed to the hub). */
  private cursor = '0-0'
  private epoch = ''
  private number = 0
  /** An append failed: the next call to Redis begins a new epoch. */
  private renewWanted = false
  /** This instance, as the sender of its appends, and how many it sent (STREAM_SCRIPT). */
  private readonly sender = randomBytes(6).toString('hex')
  private sent = 0
  private running = false
  /** The reader's connection came back: the next read that answers all there is catches up. */
  private catchingUp = false
  private loop: Promise<void> | undefined
  /** Appends sent and not answered yet (close waits for them). */
  private readonly pending = new Set<Promise<unknown>>()

  constructor(
    private readonly redis: RedisConnections,
    private readonly options: RedisEventTransportOptions,
  ) {
    this.key = `${redis.prefix}events`
    this.metaKey = `${redis.prefix}events:meta`
    redis.commands.defineCommand('gamerstageStream', { numberOfKeys: 2, lua: STREAM_SCRIPT })
    this.commands = redis.commands as StreamCommands
    this.reader = redis.reader
  }

  /** The event id of the latest entry this instance has read: where its readers are. */
  get lastId(): string {
    return formatEventId({ epoch: this.epoch, streamId: this.cursor })
  }

  /**
   * Starts reading from the stream's end; entries from then on go to `sink`, in stream order.
   * Resolves once the starting point is known.
   */
  async start(sink: TransportSink): Promise<void> {
    // Made now, so that the ids handed out before the first event already belong to an epoch.
    const [last] = await this.runScript('')
    if (!last) throw new Error('The live events stream has no entry after it was made.')
    this.cursor = last[0]
    const fields = fieldsOf(last[1])
    this.epoch = fields?.epoch ?? ''
    this.number = fields?.number ?? 0
    this.running = true
    // Both are connected by now (openRedis waits): 'ready' from here on is a reconnect, after
    // which Redis may have come back without its data (or with less of it).
    this.reader.on('ready', () => {
      this.catchingUp = true
      void this.check()
    })
    this.reader.on('close', () => this.lose(sink))
    this.commands.on('ready', () => void this.check())
    this.loop = this.read(sink)
  }

  /**
   * Appends an entry. Not awaited by the commit that caused it: entries sent on one connection
   * keep their order, and a Redis that is away takes them once it is back (within the
   * connection's retries); one it never takes is reported, and begins a new epoch.
   */
  publish(entry: StreamEntry): void {
    const sent = this.runScript(JSON.stringify(entry)).catch((error: unknown) => {
      this.renewWanted = true
      dependencyErrors.inc({ dependency: 'redis' })
      log().error(
        { where: this.redis.where, reason: (error as Error).message },
        'could not send a live event to Redis; clients will refetch',
      )
    })
    this.pending.add(sent)
    void sent.finally(() => this.pending.delete(sent))
  }

  /** What came after `eventId`, or why it cannot be replayed (see above). */
  async replay(eventId: string): Promise<ReplayAnswer> {
    const position = parseEventId(eventId)
    if (!position) return { ok: false, reason: 'unknown-id' }
    // One transaction: nothing is appended, trimmed or renewed between the two.
    const answers = await this.commands
      .multi()
      .hget(this.metaKey, 'epoch')
      .xrange(this.key, position.streamId, '+', 'COUNT', this.options.replayLimit + 2)
      .exec()
    const [epochAnswer, rangeAnswer] = answers ?? []
    if (epochAnswer?.[0]) throw epochAnswer[0]
    if (rangeAnswer?.[0]) throw rangeAnswer[0]
    if (epochAnswer?.[1] !== position.epoch) return { ok: false, reason: 'unknown-id' }
    const [from, ...after] = (rangeAnswer?.[1] ?? []) as RawEntry[]
    // Nothing at or after the id: it was never made.
    if (!from) return { ok: false, reason: 'unknown-id' }
    const fromFields = fieldsOf(from[1])
    if (from[0] !== position.streamId || fromFields?.epoch !== position.epoch) {
      // The client's own entry is gone (trimmed, or lost with Redis): so may be what followed.
      return { ok: false, reason: 'too-old' }
    }
    if (after.length > this.options.replayLimit) return { ok: false, reason: 'too-old' }
    const entries: [string, StreamEntry][] = []
    let number = fromFields.number
    for (const [id, raw] of after) {
      const fields = fieldsOf(raw)
      if (fields?.epoch !== position.epoch || fields.number !== number + 1) {
        return { ok: false, reason: 'too-old' }
      }
      number = fields.number
      const entry = decode(fields.text)
      if (entry) entries.push([formatEventId({ epoch: position.epoch, streamId: id }), entry])
    }
    return { ok: true, entries }
  }

  /**
   * Stops reading and waits for the appends under way, a little: a Redis that is away would
   * otherwise hold the server's stop for as long as the connection retries.
   */
  async close(): Promise<void> {
    this.running = false
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      Promise.allSettled([...this.pending]),
      new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS))),
    ])
    clearTimeout(timer)
    this.reader.disconnect()
    await this.loop
  }

  /** The reader may miss entries (its connection is gone, or silent): it follows no more. */
  private lose(sink: TransportSink): void {
    if (this.running && !this.catchingUp) sink.following?.(false)
    this.catchingUp = true
  }

  /** The stream script (see above), appending `entry` unless it is ''. */
  private async runScript(entry: string): Promise<RawEntry[]> {
    // One call carries the wish (calls on one connection run in order): two would begin two.
    const renew = this.renewWanted
    this.renewWanted = false
    try {
      return await this.commands.gamerstageStream(
        this.key,
        this.metaKey,
        this.options.maxLength,
        entry,
        randomBytes(4).toString('hex'),
        renew ? '1' : '',
        this.epoch,
        this.number,
        this.sender,
        entry === '' ? 0 : ++this.sent,
      )
    } catch (error) {
      if (renew) this.renewWanted = true
      throw error
    }
  }

  /**
   * After a reconnect, or a loss this instance noticed: begins a new epoch if Redis lost entries
   * (its reader then resets its clients at the epoch's marker, as every other instance's does).
   */
  private async check(): Promise<void> {
    if (!this.running) return
    let last: RawEntry | undefined
    try {
      ;[last] = await this.runScript('')
    } catch (error) {
      dependencyErrors.inc({ dependency: 'redis' })
      log().error(
        { where: this.redis.where, reason: String(error) },
        "checking the live events' stream in Redis failed",
      )
      return
    }
    const fields = last && fieldsOf(last[1])
    // A stream made again with ids below this cursor (Redis's clock is behind the old one's):
    // read it from its start, whose first entry begins the new epoch here.
    if (
      last &&
      fields &&
      fields.epoch !== this.epoch &&
      compareStreamIds(last[0], this.cursor) < 0
    ) {
      this.cursor = '0-0'
    }
  }

  private async read(sink: TransportSink): Promise<void> {
    while (this.running) {
      let reply: [key: string, entries: RawEntry[]][] | null
      // A connection that died without a word (a half-open socket) never answers: past its block
      // and a margin, what this instance keeps of the others' writes is not counted on.
      const silent = setTimeout(() => this.lose(sink), BLOCK_MS + SILENT_MS)
      try {
        reply = (await this.reader.xread(
          'COUNT',
          READ_COUNT,
          'BLOCK',
          BLOCK_MS,
          'STREAMS',
          this.key,
          this.cursor,
        )) as typeof reply
      } catch (error) {
        if (!this.running) return
        dependencyErrors.inc({ dependency: 'redis' })
        log().error(
          { where: this.redis.where, reason: String(error) },
          'reading live events from Redis failed',
        )
        await new Promise((resolve) => setTimeout(resolve, 1000))
        continue
      } finally {
        clearTimeout(silent)
      }
      if (!this.running) return
      const entries = reply?.[0]?.[1] ?? []
      for (const raw of entries) this.take(raw, sink)
      // Sent (or sent again) after the reconnect, and fewer than asked for: all there was.
      if (this.catchingUp && this.reader.status === 'ready' && entries.length < READ_COUNT) {
        this.catchingUp = false
        sink.following?.(true)
      }
    }
  }

  /** One entry read: handed over, or a reset where entries before it cannot be (see above). */
  private take([id, raw]: RawEntry, sink: TransportSink): void {
    if (compareStreamIds(id, this.cursor) <= 0) return
    this.cursor = id
    const fields = fieldsOf(raw)
    if (!fields) return
    if (fields.epoch !== this.epoch) {
      this.epoch = fields.epoch
      this.number = fields.number
      log().warn(
        { where: this.redis.where },
        'live events: the stream in Redis began a new epoch (it lost entries, or could not take some); clients refetch',
      )
      sink.reset(this.lastId, 'unknown-id')
      return
    }
    const expected = this.number + 1
    this.number = fields.number
    if (fields.number !== expected) {
      sink.reset(this.lastId, 'too-old')
      // Fewer entries than read before: Redis lost some, which the other instances must hear.
      if (fields.number < expected) {
        this.renewWanted = true
        void this.check()
      }
      return
    }
    const entry = decode(fields.text)
    if (entry) sink.deliver(this.lastId, entry)
  }
}
