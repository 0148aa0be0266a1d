/**
 * Live events across server instances (`--redis`): every instance appends its events to one
 * Redis Stream after their commit (`XADD … MAXLEN ~ N`), and every instance reads the stream
 * (`XREAD BLOCK`, on a connection of its own) and hands each entry to its hub, which applies the
 * audience rules to its own clients (hub.ts). A stream id is the event id clients see, so a
 * client may reconnect to any instance with its Last-Event-ID and be replayed what it missed
 * (`XRANGE`).
 *
 * Whether an id can still be replayed: the stream is only ever trimmed from its head, and Redis
 * keeps the largest id it removed (`max-deleted-entry-id`, Redis 7). An id below it may have
 * missed removed events ("too-old"); an id beyond the last one made is not this stream's
 * ("unknown-id"). A stream made afresh (first start, or a Redis that lost its data) starts with
 * one entry added and removed at once, so that every id from before counts as too old.
 */
import type { Redis } from 'ioredis'
import type { RedisConnections } from '../redis/connection'

/** What one stream entry carries: an event with its audience, or a control between instances. */
export type StreamEntry =
  | { kind: 'event'; type: string; data: unknown; to?: number; exclude?: number[] }
  /** Ends one user's streams on every instance (their sessions ended). */
  | { kind: 'disconnect'; userId: number; origin: string }

export type ReplayAnswer =
  | { ok: true; entries: [id: string, entry: StreamEntry][] }
  | { ok: false; reason: 'too-old' | 'unknown-id' }

/** A stream id's two numbers; null for anything else. */
export function parseStreamId(id: string): [number, number] | null {
  const match = /^(\d{1,15})-(\d{1,15})$/.exec(id)
  return match ? [Number(match[1]), Number(match[2])] : null
}

/** Negative when `a` comes before `b` in the stream, 0 when equal, positive after. */
export function compareStreamIds(a: string, b: string): number {
  const [aMs, aSeq] = parseStreamId(a) ?? [0, 0]
  const [bMs, bSeq] = parseStreamId(b) ?? [0, 0]
  return aMs - bMs || aSeq - bSeq
}

/** Appends one entry, making the stream first if there is none (see above). */
const APPEND_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then
  local first = redis.call('XADD', KEYS[1], '*', 'e', '')
  redis.call('XDEL', KEYS[1], first)
end
return redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'e', ARGV[2])
`

interface StreamInfo {
  lastGenerated: string
  /** Null on a Redis before 7, which does not tell: the first entry stands in for it. */
  maxDeleted: string | null
  firstEntry: string | null
}

/** `XINFO STREAM`'s flat answer as fields; null when there is no stream. */
function streamInfo(reply: unknown): StreamInfo {
  const fields = new Map<string, unknown>()
  const flat = Array.isArray(reply) ? reply : []
  for (let i = 0; i + 1 < flat.length; i += 2) fields.set(String(flat[i]), flat[i + 1])
  const first = fields.get('first-entry')
  return {
    lastGenerated: String(fields.get('last-generated-id') ?? '0-0'),
    maxDeleted: fields.has('max-deleted-entry-id')
      ? String(fields.get('max-deleted-entry-id'))
      : null,
    firstEntry: Array.isArray(first) ? String(first[0]) : null,
  }
}

const NO_STREAM: StreamInfo = { lastGenerated: '0-0', maxDeleted: '0-0', firstEntry: null }

type RawEntry = [id: string, fields: string[]]

function decode([id, fields]: RawEntry): [string, StreamEntry] | null {
  const index = fields.indexOf('e')
  const text = index >= 0 ? fields[index + 1] : undefined
  if (!text) return null
  try {
    return [id, JSON.parse(text) as StreamEntry]
  } catch {
    return null
  }
}

export interface RedisEventTransportOptions {
  /** Entries the stream keeps at least (`MAXLEN ~`): how far back a reconnect can replay. */
  maxLength: number
  /** Entries a replay sends at most; beyond, the client resyncs. */
  replayLimit: number
}

/** What the transport hands its hub. */
export interface TransportSink {
  deliver(id: string, entry: StreamEntry): void
  /**
   * Entries this instance had not read yet were lost (Redis lost its data, or trimmed them while
   * this instance could not read): every client must resync, from `id` on.
   */
  lost(id: string): void
}

/** How long one `XREAD BLOCK` waits before it is sent again (and `close` is noticed). */
const BLOCK_MS = 5000

export class RedisEventTransport {
  private readonly key: string
  private readonly commands: Redis & {
    gamerstageAppend(key: string, maxLength: number, entry: string): Promise<string>
  }
  private readonly reader: Redis
  /** The id of the latest entry read (and handed to the hub). */
  private cursor = '0-0'
  private running = false
  private loop: Promise<void> | undefined
  /** Set when the reader's connection came back: the stream may have lost entries meanwhile. */
  private reconnected = false
  /** Appends sent and not answered yet (close waits for them). */
  private readonly pending = new Set<Promise<unknown>>()

  constructor(
    private readonly redis: RedisConnections,
    private readonly options: RedisEventTransportOptions,
  ) {
    this.key = `${redis.prefix}events`
    redis.commands.defineCommand('gamerstageAppend', { numberOfKeys: 1, lua: APPEND_SCRIPT })
    this.commands = redis.commands as typeof this.commands
    this.reader = redis.reader
  }

  /** The id of the latest entry this instance has read: where its readers are. */
  get lastId(): string {
    return this.cursor
  }

  /**
   * Starts reading from the stream's end; entries from then on go to `sink`, in stream order.
   * Resolves once the starting point is known.
   */
  async start(sink: TransportSink): Promise<void> {
    const info = await this.info(this.commands)
    this.cursor = info.lastGenerated
    this.running = true
    // The reader is connected by now (openRedis waits): 'ready' from here on is a reconnect.
    this.reader.on('ready', () => {
      this.reconnected = true
    })
    this.loop = this.read(sink)
  }

  /**
   * Appends an entry. Not awaited by the commit that caused it: entries sent on one connection
   * keep their order, and a Redis that is away takes them once it is back (within the
   * connection's retries); what it never takes is reported, not thrown at the writer.
   */
  publish(entry: StreamEntry): void {
    const sent = this.commands
      .gamerstageAppend(this.key, this.options.maxLength, JSON.stringify(entry))
      .catch((error: unknown) => {
        console.error(
          `Could not send a live event to Redis at ${this.redis.where}: ${(error as Error).message}`,
        )
      })
    this.pending.add(sent)
    void sent.finally(() => this.pending.delete(sent))
  }

  /** What came after `lastId`, or why it cannot be replayed. */
  async replay(lastId: string): Promise<ReplayAnswer> {
    if (!parseStreamId(lastId)) return { ok: false, reason: 'unknown-id' }
    // One transaction: no trimming between the range and what it is checked against.
    const answers = await this.commands
      .multi()
      .xrange(this.key, `(${lastId}`, '+', 'COUNT', this.options.replayLimit + 1)
      .xinfo('STREAM', this.key)
      .exec()
    const [range, info] = answers ?? []
    if (range?.[0]) throw range[0]
    const stream = info?.[0] ? NO_STREAM : streamInfo(info?.[1])
    if (compareStreamIds(lastId, stream.lastGenerated) > 0)
      return { ok: false, reason: 'unknown-id' }
    // Before Redis 7 (no max-deleted-entry-id), an id older than the first entry kept may have
    // missed removed ones.
    const removedUpTo = stream.maxDeleted ?? stream.firstEntry
    if (removedUpTo !== null && compareStreamIds(lastId, removedUpTo) < 0) {
      return { ok: false, reason: 'too-old' }
    }
    const raw = (range?.[1] ?? []) as RawEntry[]
    if (raw.length > this.options.replayLimit) return { ok: false, reason: 'too-old' }
    return { ok: true, entries: raw.map(decode).filter((entry) => entry !== null) }
  }

  /** Stops reading and waits for the appends under way. */
  async close(): Promise<void> {
    this.running = false
    await Promise.allSettled([...this.pending])
    this.reader.disconnect()
    await this.loop
  }

  private async info(client: Redis): Promise<StreamInfo> {
    try {
      return streamInfo(await client.xinfo('STREAM', this.key))
    } catch (error) {
      if (/no such key/i.test((error as Error).message)) return NO_STREAM
      throw error
    }
  }

  private async read(sink: TransportSink): Promise<void> {
    while (this.running) {
      let reply: [key: string, entries: RawEntry[]][] | null
      try {
        reply = (await this.reader.xread(
          'COUNT',
          500,
          'BLOCK',
          BLOCK_MS,
          'STREAMS',
          this.key,
          this.cursor,
        )) as typeof reply
      } catch (error) {
        if (!this.running) return
        console.error(`Reading live events from Redis at ${this.redis.where}: ${String(error)}`)
        await new Promise((resolve) => setTimeout(resolve, 1000))
        continue
      }
      if (!this.running) return
      if (this.reconnected) {
        this.reconnected = false
        await this.checkForLoss(sink)
      }
      for (const raw of reply?.[0]?.[1] ?? []) {
        if (compareStreamIds(raw[0], this.cursor) <= 0) continue
        this.cursor = raw[0]
        const decoded = decode(raw)
        if (decoded) sink.deliver(decoded[0], decoded[1])
      }
    }
  }

  /**
   * After a lost connection: were entries this instance had not read removed meanwhile (a
   * Redis restarted without its data, or one that trimmed past a reader that could not keep up)?
   */
  private async checkForLoss(sink: TransportSink): Promise<void> {
    let info: StreamInfo
    try {
      info = await this.info(this.reader)
    } catch {
      this.reconnected = true
      return
    }
    const gone = info === NO_STREAM ? this.cursor !== '0-0' : false
    const removedUpTo = info.maxDeleted ?? info.firstEntry
    if (gone || (removedUpTo !== null && compareStreamIds(this.cursor, removedUpTo) < 0)) {
      if (removedUpTo !== null && compareStreamIds(removedUpTo, this.cursor) > 0) {
        this.cursor = removedUpTo
      }
      sink.lost(this.cursor)
    }
  }
}
