/**
 * The live event stream's fan-out (docs/API.md, "Live events"): every connected client gets a
 * ReadableStream of server-sent events; a bounded ring buffer replays what a reconnecting client
 * missed; a client that stops reading is dropped once its own queue is full.
 *
 * Every event is encoded once and the same bytes go to each stream that may see it: on Node's
 * server written to the stream's socket directly (sinks.ts), else through a ReadableStream.
 *
 * Backpressure: what a stalled client has not taken stays queued (the socket's own buffer, or
 * the stream's queue), measured in bytes here and never allowed past `clientBufferBytes`: the
 * client is cut off instead, so a slow reader cannot grow the server's memory nor hold up the
 * others (each write is handed over at once, never awaited).
 *
 * In a cluster (`--redis`), what a client is told rests on Redis alone, so that it is the same on
 * every instance (redis-transport.ts): a client resuming with Last-Event-ID gets everything it
 * missed (in order, nothing twice, nothing from before its id), or `reset` when that is not all
 * in the stream any more: an id of an earlier epoch (Redis restarted without its data, or an
 * event never reached it), an entry trimmed away, a gap. A client that stays connected gets the
 * same `reset` in its stream, at the first entry its instance's reader cannot follow on from. No
 * instance sends an event before Redis has it (no local ring in a cluster), so none replays what
 * another could not. Without Redis, the ring replays within one server run and an id of another
 * run is unknown.
 */
import { randomBytes } from 'node:crypto'
import type { LiveEventMap, LiveEventType } from '../../shared/api-types'
import type { RedisEventTransport, ReplayAnswer, ResetReason, StreamEntry } from './redis-transport'
import { webStreamSink, type StreamSink } from './sinks'
import { isLaterEventId } from './stream-ids'
import { log } from '../observability/log'

export interface EventHubOptions {
  /** Events kept for replay after a reconnect (with `Last-Event-ID`). */
  replaySize: number
  /** Bytes queued for one client before it counts as stalled and is dropped. */
  clientBufferBytes: number
  /** A `: ping` comment is sent this often, so both sides notice a dead connection. */
  heartbeatMs: number
  /** Open streams per user and per client address; one more is a 429. */
  maxPerUser: number
  maxPerAddress: number
  /**
   * Open streams in all, whoever opens them; one more is a 503. Kept below the listener's
   * connection cap (server.ts), so that pages and calls still get through when it is reached.
   */
  maxStreams: number
  /** Milliseconds the client waits before reconnecting (the stream's `retry:` field). */
  retryMs: number
}

export const DEFAULT_EVENT_HUB_OPTIONS: EventHubOptions = {
  replaySize: 1000,
  clientBufferBytes: 256 * 1024,
  heartbeatMs: 15_000,
  maxPerUser: 8,
  maxPerAddress: 32,
  maxStreams: 256,
  retryMs: 3000,
}

/**
 * Who may see an event: everyone, only one user (their notifications, their own bookmarks,
 * blocks and mutes), or only the users in `only` (one audience class of an event presented
 * differently for some: a quote shown as unavailable, a presence batch without someone who
 * blocks them); in every case never the users in `exclude` (those blocked by or blocking
 * someone the event is about, actions/live.ts).
 */
export interface Audience {
  to?: number
  only?: ReadonlySet<number>
  exclude?: ReadonlySet<number>
}

interface StoredEvent {
  seq: number
  to: number | undefined
  /** Kept with the event, so a replay after `Last-Event-ID` reaches the same users. */
  only: ReadonlySet<number> | undefined
  exclude: ReadonlySet<number> | undefined
  chunk: Uint8Array
}

/** Whether the user may receive the event, live or in a replay. */
function deliverable(event: Pick<StoredEvent, 'to' | 'only' | 'exclude'>, userId: number): boolean {
  return (
    (event.to === undefined || event.to === userId) &&
    (event.only === undefined || event.only.has(userId)) &&
    !event.exclude?.has(userId)
  )
}

/**
 * What the hub did since it started, for the bench and the docs (docs/PERFORMANCE.md, "Live
 * streams at scale"): events published or received, their encodings (one per event), the
 * audience checks (one per client the event could reach) and the chunks handed to streams.
 */
export interface HubCounts {
  events: number
  encodes: number
  audienceChecks: number
  writes: number
}

interface Client {
  userId: number
  address: string
  /** Where its bytes go (sinks.ts): its socket, or a ReadableStream. */
  sink: StreamSink
  closed: boolean
  /**
   * With a Redis transport: the event id up to which events were sent or passed over for this
   * client (the reader may hand over again what a replay already sent).
   */
  cursor: string
  /** With a Redis transport, while its replay is read: what the reader handed over meanwhile. */
  pending: PendingItem[] | null
}

/** An event for the client, or a `reset` at `id` (TransportSink.reset). */
type PendingItem = { id: string; chunk: Uint8Array } | { id: string; reset: ResetReason }

/** Told that one stream of `userId` opened (`open`) or ended. */
export type ConnectionListener = (userId: number, open: boolean) => void
/**
 * What the hub tells its listeners (onChange): every event published here or received from
 * another instance, and every user whose sessions ended (disconnectUser, here or elsewhere).
 * Caches of reads listen (caches/read-cache.ts).
 */
export type HubChange =
  { kind: 'event'; type: string; data: unknown } | { kind: 'disconnect'; userId: number }

export interface ConnectRequest {
  userId: number
  /** The client's IP address; '' when unknown (e.g. in-process test requests). */
  address: string
  lastEventId?: string
  /** Cuts the client's connection (its socket), where there is one. */
  disconnect?: () => void
  /**
   * Answers the request and writes the stream to its socket (sinks.ts socketSink), once the
   * caps let it open; `onClose` when the connection is gone. Null: the client left already.
   * Without it the stream is a ReadableStream for the caller to answer with.
   */
  respond?: (onClose: () => void) => StreamSink | null
}

export type ConnectResult =
  /** `stream` is null when the hub writes to the socket itself (ConnectRequest.respond). */
  | { ok: true; stream: ReadableStream<Uint8Array> | null }
  | { ok: false; reason: 'user-cap' | 'address-cap' | 'server-cap' }

export interface ClientStats {
  userId: number
  address: string
  queuedBytes: number
}

const encoder = new TextEncoder()
const PING = encoder.encode(': ping\n\n')

export class EventHub {
  readonly options: EventHubOptions
  /** Ids are `<epoch>-<sequence>`: an id from before a restart is recognized as unknown. */
  private readonly epoch = randomBytes(4).toString('hex')
  private seq = 0
  private readonly ring: (StoredEvent | undefined)[]
  private readonly clients = new Set<Client>()
  /** The same clients by user, so that an event for one user or a few finds them at once. */
  private readonly byUser = new Map<number, Set<Client>>()
  /** Open streams per client address (the per-address cap). */
  private readonly perAddress = new Map<string, number>()
  /** What the hub did (HubCounts): read by the bench and the tests. */
  readonly counts: HubCounts = { events: 0, encodes: 0, audienceChecks: 0, writes: 0 }
  private heartbeat: NodeJS.Timeout | undefined
  /** How many clients were dropped for not reading (for tests and the bench). */
  droppedSlowClients = 0
  /**
   * Events go through Redis when set (`--redis`, useTransport): published to the stream, and
   * sent to this hub's clients as its reader hands them back, with stream ids as event ids.
   */
  private transport: RedisEventTransport | undefined
  /** This instance, in the controls it sends to the others. */
  private readonly instanceId = randomBytes(6).toString('hex')
  /** Told of every stream that opens or ends (presence/tracker.ts derives presence from them). */
  private readonly connectionListeners = new Set<ConnectionListener>()
  private readonly listeners = new Set<(change: HubChange) => void>()

  /** Calls `listener` with every change (HubChange); answers how to stop. */
  onChange(listener: (change: HubChange) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private tell(change: HubChange): void {
    for (const listener of this.listeners) listener(change)
  }

  constructor(options: Partial<EventHubOptions> = {}) {
    this.options = { ...DEFAULT_EVENT_HUB_OPTIONS, ...options }
    this.ring = new Array<StoredEvent | undefined>(this.options.replaySize)
  }

  /**
   * The id of the latest event, e.g. `1a2b3c4d-42`; with Redis, the epoch and stream id of the
   * latest entry this instance has read, e.g. `5f1c09ab-1718000000000-0`.
   */
  get lastEventId(): string {
    return this.transport ? this.transport.lastId : `${this.epoch}-${this.seq}`
  }

  /**
   * Sends and takes events through Redis from now on (server.ts, with `--redis`): resolves once
   * the reader knows where the stream ends.
   */
  async useTransport(transport: RedisEventTransport): Promise<void> {
    await transport.start({
      deliver: (id, entry) => this.deliver(id, entry),
      // As a client resuming from before `id` on any instance is told (the stream cannot replay
      // across it), so is every client here that has not passed it.
      reset: (id, reason) => this.resetAll(id, reason),
    })
    this.transport = transport
  }

  /** Calls `listener` whenever a user's stream opens or ends; answers how to stop. */
  onConnection(listener: ConnectionListener): () => void {
    this.connectionListeners.add(listener)
    return () => this.connectionListeners.delete(listener)
  }

  private tellListeners(userId: number, open: boolean): void {
    for (const listener of this.connectionListeners) listener(userId, open)
  }

  /** Whether events go through Redis (`--redis`): other instances serve the same community. */
  get clustered(): boolean {
    return this.transport !== undefined
  }

  get clientCount(): number {
    return this.clients.size
  }

  clientStats(): ClientStats[] {
    return [...this.clients].map(({ userId, address, sink }) => ({
      userId,
      address,
      queuedBytes: sink.queuedBytes(),
    }))
  }

  /**
   * Sends an event to every client (or only to `audience.to`), never to `audience.exclude`, and
   * keeps it for replay.
   */
  publish<Type extends LiveEventType>(
    type: Type,
    data: LiveEventMap[Type],
    audience: Audience = {},
  ): void {
    // Before anyone hears of it, here at once; the other instances when they read it (deliver).
    this.tell({ kind: 'event', type, data })
    if (this.transport) {
      this.transport.publish({
        kind: 'event',
        type,
        data,
        ...(audience.to === undefined ? {} : { to: audience.to }),
        ...(audience.only ? { only: [...audience.only] } : {}),
        ...(audience.exclude?.size ? { exclude: [...audience.exclude] } : {}),
      })
      return
    }
    this.seq += 1
    this.counts.events += 1
    const event: StoredEvent = {
      seq: this.seq,
      to: audience.to,
      only: audience.only,
      exclude: audience.exclude?.size ? audience.exclude : undefined,
      chunk: this.encode(`${this.epoch}-${this.seq}`, type, data),
    }
    if (this.options.replaySize > 0) this.ring[this.seq % this.options.replaySize] = event
    for (const client of this.recipientsOf(event)) {
      if (this.mayReceive(event, client)) this.send(client, event.chunk)
    }
  }

  /**
   * The clients an event may reach, before its audience check: the streams of its one user, of
   * the few in `only`, or all of them. Each event's bytes are encoded once (publish, deliver)
   * and the same chunk is handed to every stream.
   */
  private recipientsOf(event: StoredEvent): Iterable<Client> {
    if (event.to !== undefined) return this.byUser.get(event.to) ?? []
    const only = event.only
    if (only && only.size < this.byUser.size) {
      return [...only].flatMap((userId) => [...(this.byUser.get(userId) ?? [])])
    }
    return this.clients
  }

  private mayReceive(event: StoredEvent, client: Client): boolean {
    this.counts.audienceChecks += 1
    return deliverable(event, client.userId)
  }

  private encode(id: string, type: string, data: unknown): Uint8Array {
    this.counts.encodes += 1
    return encodeEvent(id, type, data)
  }

  /** Opens a stream for a signed-in user, replaying from `lastEventId` when it can. */
  connect(request: ConnectRequest): ConnectResult {
    const { maxPerUser, maxPerAddress, maxStreams } = this.options
    // Counted as streams open and close, not by walking every client (thousands, issue 43).
    const ofUser = this.byUser.get(request.userId)?.size ?? 0
    const ofAddress = request.address ? (this.perAddress.get(request.address) ?? 0) : 0
    if (ofUser >= maxPerUser) return { ok: false, reason: 'user-cap' }
    if (ofAddress >= maxPerAddress) return { ok: false, reason: 'address-cap' }
    if (this.clients.size >= maxStreams) return { ok: false, reason: 'server-cap' }

    const client: Client = {
      userId: request.userId,
      address: request.address,
      sink: undefined as unknown as StreamSink,
      closed: false,
      cursor: this.transport?.lastId ?? '',
      pending: this.transport ? [] : null,
    }
    const gone = () => this.remove(client)
    let stream: ReadableStream<Uint8Array> | null = null
    if (request.respond) {
      const sink = request.respond(gone)
      if (!sink) return { ok: true, stream: null }
      client.sink = sink
    } else {
      const web = webStreamSink(
        this.options.clientBufferBytes,
        gone,
        request.disconnect ?? (() => undefined),
      )
      client.sink = web.sink
      stream = web.stream
    }
    this.add(client)
    this.tellListeners(client.userId, true)
    this.startHeartbeat()
    this.send(client, encoder.encode(`retry: ${this.options.retryMs}\n\n`))
    if (this.transport) {
      void this.startFromStream(this.transport, client, request.lastEventId)
    } else {
      this.replay(client, request.lastEventId)
      this.send(client, encodeEvent(this.lastEventId, 'ready', {}))
    }
    client.sink.opened()
    return { ok: true, stream }
  }

  /** An entry the Redis reader hands over, in stream order. */
  private deliver(id: string, entry: StreamEntry): void {
    this.tell(
      entry.kind === 'disconnect'
        ? { kind: 'disconnect', userId: entry.userId }
        : { kind: 'event', type: entry.type, data: entry.data },
    )
    if (entry.kind === 'disconnect') {
      // Its own instance ended them when it sent it: a stream opened since stays.
      if (entry.origin !== this.instanceId) this.endStreamsOf(entry.userId)
      return
    }
    this.counts.events += 1
    const event = this.storedEvent(id, entry)
    for (const client of this.recipientsOf(event)) {
      if (!this.mayReceive(event, client)) continue
      if (client.pending) client.pending.push({ id, chunk: event.chunk })
      else this.sendAfterCursor(client, id, event.chunk)
    }
  }

  private sendAfterCursor(client: Client, id: string, chunk: Uint8Array): void {
    if (!isLaterEventId(id, client.cursor)) return
    client.cursor = id
    this.send(client, chunk)
  }

  /** The reader cannot follow on before `id` (TransportSink.reset): every client refetches. */
  private resetAll(id: string, reason: ResetReason): void {
    for (const client of this.clients) {
      if (client.pending) client.pending.push({ id, reset: reason })
      else this.resetAt(client, id, reason)
    }
  }

  /**
   * Tells the client to refetch, from `id` on; not when it is there already (a replay from the
   * same epoch went past it).
   */
  private resetAt(client: Client, id: string, reason: ResetReason): void {
    if (id === client.cursor || isLaterEventId(client.cursor, id)) return
    client.cursor = id
    this.send(client, encodeEvent(id, 'reset', { reason }))
  }

  private flushPending(client: Client, pending: PendingItem[]): void {
    for (const item of pending) {
      if ('reset' in item) this.resetAt(client, item.id, item.reset)
      else this.sendAfterCursor(client, item.id, item.chunk)
    }
  }

  /**
   * With Redis: replays what the client missed from the stream (from any instance), then the
   * live events that came meanwhile, then \`ready\`. Without an id it starts at the stream's end.
   */
  private async startFromStream(
    transport: RedisEventTransport,
    client: Client,
    lastEventId: string | undefined,
  ): Promise<void> {
    if (lastEventId) {
      let answer: ReplayAnswer
      try {
        answer = await transport.replay(lastEventId)
      } catch (error) {
        log().error({ reason: (error as Error).message }, 'could not replay live events from Redis')
        answer = { ok: false, reason: 'too-old' }
      }
      if (client.closed) return
      const missed = answer.ok ? this.missedChunks(client, answer.entries) : null
      if (!answer.ok || !missed) {
        // What came up to here is in what the client fetches again, the reader's meanwhile too.
        client.cursor = transport.lastId
        client.pending = []
        const reason = answer.ok ? 'too-old' : answer.reason
        this.send(client, encodeEvent(client.cursor, 'reset', { reason }))
      } else {
        client.cursor = lastEventId
        for (const { id, chunk } of missed) this.sendAfterCursor(client, id, chunk)
        // Entries passed over (for others, or controls) were seen too.
        const last = answer.entries.at(-1)?.[0]
        if (last && isLaterEventId(last, client.cursor)) client.cursor = last
      }
    }
    const pending = client.pending ?? []
    client.pending = null
    this.flushPending(client, pending)
    // Entries the reader passed over (for others, or controls) were seen too. An epoch the
    // client is not in yet comes with a reset, in the pending items above.
    if (isLaterEventId(transport.lastId, client.cursor)) client.cursor = transport.lastId
    this.send(client, encodeEvent(client.cursor, 'ready', {}))
  }

  /** The replayed events the client may see; null when they are more than its buffer takes. */
  private missedChunks(
    client: Client,
    entries: [string, StreamEntry][],
  ): { id: string; chunk: Uint8Array }[] | null {
    const missed: { id: string; chunk: Uint8Array }[] = []
    let bytes = 0
    for (const [id, entry] of entries) {
      if (entry.kind !== 'event') continue
      // Encoded only when it is theirs: a replay walks others' events too.
      if (!deliverable(audienceOf(entry), client.userId)) continue
      const chunk = this.encode(id, entry.type, entry.data)
      missed.push({ id, chunk })
      bytes += chunk.byteLength
    }
    return bytes > this.options.clientBufferBytes / 2 ? null : missed
  }

  /**
   * Ends the streams of one user, e.g. when their session is revoked or their account deleted;
   * answers how many were open.
   */
  disconnectUser(userId: number): number {
    this.tell({ kind: 'disconnect', userId })
    // Their streams on the other instances too, through the stream (sent in order after the
    // commit's events; while Redis is away, once it is back).
    this.transport?.publish({ kind: 'disconnect', userId, origin: this.instanceId })
    return this.endStreamsOf(userId)
  }

  private endStreamsOf(userId: number): number {
    const theirs = [...(this.byUser.get(userId) ?? [])]
    for (const client of theirs) this.end(client)
    return theirs.length
  }

  /**
   * Ends every stream (the server is stopping). With `reconnectInMs`, each is told first when to
   * come back (SSE's `retry:`): to another instance, or to this one restarted.
   */
  close(reconnectInMs?: number): void {
    const hint = reconnectInMs === undefined ? null : encoder.encode(`retry: ${reconnectInMs}\n\n`)
    for (const client of [...this.clients]) {
      if (hint) this.send(client, hint)
      this.end(client)
    }
  }

  private end(client: Client): void {
    this.remove(client)
    client.sink.end()
  }

  private replay(client: Client, lastEventId: string | undefined): void {
    if (lastEventId === undefined || lastEventId === '') return
    const match = /^([0-9a-f]+)-(\d{1,15})$/.exec(lastEventId)
    const seen = match && match[1] === this.epoch ? Number(match[2]) : null
    if (seen === null || seen > this.seq) {
      this.send(client, encodeEvent(this.lastEventId, 'reset', { reason: 'unknown-id' }))
      return
    }
    const oldestKept = Math.max(1, this.seq - this.options.replaySize + 1)
    if (seen + 1 < oldestKept) {
      this.send(client, encodeEvent(this.lastEventId, 'reset', { reason: 'too-old' }))
      return
    }
    const missed: Uint8Array[] = []
    let bytes = 0
    for (let seq = seen + 1; seq <= this.seq; seq++) {
      const event = this.ring[seq % this.options.replaySize]
      if (!event || event.seq !== seq) continue
      if (!deliverable(event, client.userId)) continue
      missed.push(event.chunk)
      bytes += event.chunk.byteLength
    }
    // More than the client's buffer holds: a refetch is cheaper than a flood.
    if (bytes > this.options.clientBufferBytes / 2) {
      this.send(client, encodeEvent(this.lastEventId, 'reset', { reason: 'too-old' }))
      return
    }
    for (const chunk of missed) this.send(client, chunk)
  }

  private send(client: Client, chunk: Uint8Array): void {
    if (client.closed) return
    if (client.sink.queuedBytes() + chunk.byteLength > this.options.clientBufferBytes) {
      this.dropSlow(client)
      return
    }
    this.counts.writes += 1
    client.sink.write(chunk)
  }

  /** The client has not read its buffer's worth: free its queue and cut the connection. */
  private dropSlow(client: Client): void {
    this.droppedSlowClients += 1
    this.remove(client)
    client.sink.cut()
  }

  private add(client: Client): void {
    this.clients.add(client)
    const theirs = this.byUser.get(client.userId)
    if (theirs) theirs.add(client)
    else this.byUser.set(client.userId, new Set([client]))
    if (client.address) {
      this.perAddress.set(client.address, (this.perAddress.get(client.address) ?? 0) + 1)
    }
  }

  private remove(client: Client): void {
    client.closed = true
    if (this.clients.delete(client)) {
      const theirs = this.byUser.get(client.userId)
      theirs?.delete(client)
      if (theirs?.size === 0) this.byUser.delete(client.userId)
      if (client.address) {
        const left = (this.perAddress.get(client.address) ?? 1) - 1
        if (left > 0) this.perAddress.set(client.address, left)
        else this.perAddress.delete(client.address)
      }
      this.tellListeners(client.userId, false)
    }
    if (this.clients.size === 0) this.stopHeartbeat()
  }

  /** An event read from the Redis stream, as the ring holds one. */
  private storedEvent(id: string, entry: Extract<StreamEntry, { kind: 'event' }>): StoredEvent {
    return { seq: 0, ...audienceOf(entry), chunk: this.encode(id, entry.type, entry.data) }
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return
    this.heartbeat = setInterval(() => {
      for (const client of this.clients) this.send(client, PING)
    }, this.options.heartbeatMs)
    this.heartbeat.unref()
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat)
    this.heartbeat = undefined
  }
}

/** Whom an event read from the Redis stream may reach. */
function audienceOf(
  entry: Extract<StreamEntry, { kind: 'event' }>,
): Pick<StoredEvent, 'to' | 'only' | 'exclude'> {
  return {
    to: entry.to,
    only: entry.only ? new Set(entry.only) : undefined,
    exclude: entry.exclude?.length ? new Set(entry.exclude) : undefined,
  }
}

/** One server-sent event; JSON has no raw newlines, so `data:` is always a single line. */
function encodeEvent(id: string, type: string, data: unknown): Uint8Array {
  return encoder.encode(`id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`)
}
