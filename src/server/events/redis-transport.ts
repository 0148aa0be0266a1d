/**
 * Live events across server instances (`--redis`): every instance appends its events to one
 * Redis Stream after their commit (`XADD … MAXLEN ~ N`), and every instance reads the stream
 * (`XREAD BLOCK`, on a connection of its own) and hands each entry to its hub, which applies the
 * audience rules to its own clients (hub.ts). A stream id is the event id clients see, so a
 * client may reconnect to any instance with its Last-Event-ID and be replayed what it missed
 * (`XRANGE`).
 *
 * Whether an id can still be replayed (`coverage`): an id beyond the last one made is not this
 * stream's ("unknown-id"). The stream is only ever trimmed from its head, so an id at or after
 * its first entry missed nothing that is gone; an id before it may have ("too-old": the client
 * resyncs), unless nothing was ever removed but the entry a stream is made with. A stream is made
 * afresh (first start, or a Redis that lost its data) with one entry added and removed at once
 * (Redis 7 then keeps its id as `max-deleted-entry-id`): every id from before is too old.
 */
import type { Redis } from 'ioredis'
import type { RedisConnections } from '../redis/connection'
import { compareStreamIds, parseStreamId } from './stream-ids'

/** What one stream entry carries: an event with its audience, or a control between instances. */
export type StreamEntry =
  | { kind: 'event'; type: string; data: unknown; to?: number; exclude?: number[] }
  /** Ends one user's streams on every instance (their sessions ended). */
  | { kind: 'disconnect'; userId: number; origin: string }

export type ReplayAnswer =
  | { ok: true; entries: [id: string, entry: StreamEntry][] }
  | { ok: false; reason: 'too-old' | 'unknown-id' }

/** Makes the stream if there is none (see above). */
const ENSURE_STREAM = `
if redis.call('EXISTS', KEYS[1]) == 0 then
  local first = redis.call('XADD', KEYS[1], '*', 'e', '')
  redis.call('XDEL', KEYS[1], first)
end
`

/** Appends one entry, making the stream first if there is none. */
const APPEND_SCRIPT = `${ENSURE_STREAM}
return redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'e', ARGV[2])
`

interface StreamInfo {
  length: number
  lastGenerated: string
  firstEntry: string | null
  /** Null on a Redis before 7, which tells neither. */
  maxDeleted: string | null
  entriesAdded: number | null
}

/** `XINFO STREAM`'s flat answer as fields; null when there is no stream. */
function streamInfo(reply: unknown): StreamInfo {
  const fields = new Map<string, unknown>()
  const flat = Array.isArray(reply) ? reply : []
  for (let i = 0; i + 1 < flat.length; i += 2) fields.set(String(flat[i]), flat[i + 1])
  const first = fields.get('first-entry')
  return {
    length: Number(fields.get('length') ?? 0),
    lastGenerated: String(fields.get('last-generated-id') ?? '0-0'),
    firstEntry: Array.isArray(first) ? String(first[0]) : null,
    maxDeleted: fields.has('max-deleted-entry-id')
      ? String(fields.get('max-deleted-entry-id'))
      : null,
    entriesAdded: fields.has('entries-added') ? Number(fields.get('entries-added')) : null,
  }
}

const NO_STREAM: StreamInfo = {
  length: 0,
  lastGenerated: '0-0',
  firstEntry: null,
  maxDeleted: '0-0',
  entriesAdded: 0,
}

/** Whether everything after `lastId` is still in the stream (see above). */
export function coverage(lastId: string, stream: StreamInfo): 'ok' | 'too-old' | 'unknown-id' {
  if (!parseStreamId(lastId)) return 'unknown-id'
  if (compareStreamIds(lastId, stream.lastGenerated) > 0) return 'unknown-id'
  // Nothing removed, or only the entry the stream was made with (at or before lastId).
  const removed = stream.entriesAdded === null ? null : stream.entriesAdded - stream.length
  if (removed === 0) return 'ok'
  if (
    removed === 1 &&
    stream.maxDeleted !== null &&
    compareStreamIds(lastId, stream.maxDeleted) >= 0
  ) {
    return 'ok'
  }
  // Trimmed from the head: what is gone came before the first entry kept (an empty stream:
  // before the last id made).
  const first = stream.firstEntry ?? stream.lastGenerated
  return compareStreamIds(lastId, first) >= 0 ? 'ok' : 'too-old'
}

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

/** How long closing waits for appends Redis has not answered yet. */
const CLOSE_WAIT_MS = 2000

/** How long one `XREAD BLOCK` waits before it is sent again (and `close` is noticed). */
const BLOCK_MS = 5000

export class RedisEventTransport {
  private readonly key: string
  private readonly commands: Redis & {
    gamerstageAppend(key: string, maxLength: number, entry: string): Promise<string>
    gamerstageEnsure(key: string): Promise<null>
  }
  private readonly reader: Redis
  /** The id of the latest entry read (and handed to the hub). */
  private cursor = '0-0'
  private running = false
  private loop: Promise<void> | undefined
  /** Appends sent and not answered yet (close waits for them). */
  private readonly pending = new Set<Promise<unknown>>()

  constructor(
    private readonly redis: RedisConnections,
    private readonly options: RedisEventTransportOptions,
  ) {
    this.key = `${redis.prefix}events`
    redis.commands.defineCommand('gamerstageAppend', { numberOfKeys: 1, lua: APPEND_SCRIPT })
    redis.commands.defineCommand('gamerstageEnsure', { numberOfKeys: 1, lua: ENSURE_STREAM })
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
    // Made now, so that the ids handed out before the first event already belong to it.
    await this.commands.gamerstageEnsure(this.key)
    const info = await this.info(this.commands)
    this.cursor = info.lastGenerated
    this.running = true
    // The reader is connected by now (openRedis waits): 'ready' from here on is a reconnect,
    // after which its blocking read is sent again from the cursor. Checked on the other
    // connection, which that read does not hold up.
    this.reader.on('ready', () => void this.checkForLoss(sink))
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
    const verdict = coverage(lastId, stream)
    if (verdict !== 'ok') return { ok: false, reason: verdict }
    const raw = (range?.[1] ?? []) as RawEntry[]
    if (raw.length > this.options.replayLimit) return { ok: false, reason: 'too-old' }
    return { ok: true, entries: raw.map(decode).filter((entry) => entry !== null) }
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
      info = await this.info(this.commands)
    } catch (error) {
      console.error(
        `Checking the live events' stream in Redis at ${this.redis.where}: ${String(error)}`,
      )
      return
    }
    if (!this.running) return
    const verdict = coverage(this.cursor, info)
    if (verdict === 'ok') return
    // A stream made again with ids below this cursor: read it from its end.
    if (verdict === 'unknown-id') this.cursor = info.lastGenerated
    sink.lost(this.cursor)
  }
}
