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
 * Fan-out: an event for thousands is written a slice of streams per turn of the event loop
 * (fan-out.ts), so requests are answered between slices; events, disconnects and resets go
 * through the same queue, so each stream still gets them in order.
 *
 * In a cluster (`--redis`) a client is told what Redis holds, the same on every instance:
 * cluster-delivery.ts. Without Redis, the ring replays within one server run and an id of
 * another run is unknown.
 */
import { randomBytes } from 'node:crypto'
import type { LiveEventMap, LiveEventType } from '../../shared/api-types'
import type { RedisEventTransport, StreamEntry } from './redis-transport'
import { webStreamSink, type StreamSink } from './sinks'
import {
  DEFAULT_EVENT_HUB_OPTIONS,
  PING,
  encoder,
  audienceOf,
  deliverable,
  encodeEvent,
  type Audience,
  type Client,
  type ClientStats,
  type ConnectRequest,
  type ConnectResult,
  type ConnectionListener,
  type EventHubOptions,
  type HubChange,
  type HubCounts,
  type StoredEvent,
} from './hub-types'
import { resetAll, sendOrHold, startFromStream, type StreamWriter } from './cluster-delivery'
import { FanOut } from './fan-out'
import { StreamClients } from './stream-clients'
import { ringReplay } from './replay'

// The hub's shapes are hub-types.ts's; EventHubOptions and an event's Audience are named from here too.
export { DEFAULT_EVENT_HUB_OPTIONS, type Audience, type EventHubOptions } from './hub-types'

export class EventHub {
  /** The hub's writes, as its delivery from Redis makes them (cluster-delivery.ts). */
  private readonly writer: StreamWriter = {
    send: (client, chunk) => this.send(client, chunk),
    encode: (id, type, data) => this.encode(id, type, data),
    clientBufferBytes: () => this.options.clientBufferBytes,
    handedOver: () => this.handedOverId,
  }

  readonly options: EventHubOptions
  /** Ids are `<epoch>-<sequence>`: an id from before a restart is recognized as unknown. */
  private readonly epoch = randomBytes(4).toString('hex')
  private seq = 0
  private readonly ring: (StoredEvent | undefined)[]
  private readonly clients = new StreamClients()
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
  /** Every write to more than one stream, a slice per turn, in order (fan-out.ts). */
  private readonly fanOut: FanOut<Client>
  /**
   * With Redis: the id of the last entry from the reader whose fan-out is finished (the reader's
   * own `lastId` runs ahead of it while a fan-out is sliced). A resuming client's cursor goes no
   * further than this, so an event still on its way to it is not passed over (cluster-delivery.ts).
   */
  private handedOverId = ''

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
    this.fanOut = new FanOut(this.options.fanOutSlice)
  }

  /** Turns of the event loop that fan-outs were spread over (for the bench and the tests). */
  get deferredFanOutTurns(): number {
    return this.fanOut.deferredTurns
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
      // across it), so is every client here that has not passed it: after what came before.
      reset: (id, reason) => {
        // Entries were lost: what this instance kept of others' writes may be stale, all of it.
        this.tell({ kind: 'others', following: this.followingOthers, lost: true })
        this.fanOut.run(() => {
          resetAll(this.writer, this.clients.list(), id, reason)
          this.handedOverId = id
        })
      },
      following: (following) => {
        this.followingOthers = following
        this.tell({ kind: 'others', following })
      },
    })
    this.handedOverId = transport.lastId
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

  private followingOthers = true

  /** Whether this instance hears the other instances' writes now (always, on one server). */
  get followsOthers(): boolean {
    return this.followingOthers
  }

  /** Carries what a command touched to the other instances (caches/touched.ts), in order. */
  carryTouched(touched: object): void {
    this.transport?.publish({ kind: 'touched', touched, origin: this.instanceId })
  }

  get clientCount(): number {
    return this.clients.size
  }

  clientStats(): ClientStats[] {
    return this.clients.list().map(({ userId, address, sink }) => ({
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
    this.fanOut.deliver(this.recipientsOf(event), (client) => {
      if (this.mayReceive(event, client)) this.send(client, event.chunk)
    })
  }

  /**
   * The clients an event may reach, before its audience check: the streams of its one user, of
   * the few in `only`, or all of them. Each event's bytes are encoded once (publish, deliver)
   * and the same chunk is handed to every stream. A copy: a stream that opens while the event
   * is written a slice at a time gets it from its replay, not from this.
   */
  private recipientsOf(event: StoredEvent): Client[] {
    if (event.to !== undefined) return this.clients.ofUsers([event.to])
    const only = event.only
    if (only && only.size < this.clients.userCount) return this.clients.ofUsers(only)
    return this.clients.list()
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
    // Counted as streams open and close, not by walking every client: there may be thousands,
    // and this runs for every stream that opens.
    const ofUser = this.clients.countOfUser(request.userId)
    const ofAddress = this.clients.countOfAddress(request.address)
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
    this.clients.add(client)
    this.tellListeners(client.userId, true)
    this.startHeartbeat()
    this.send(client, encoder.encode(`retry: ${this.options.retryMs}\n\n`))
    if (this.transport) {
      void startFromStream(this.writer, this.transport, client, request.lastEventId)
    } else {
      const { ring, epoch, seq, lastEventId } = this
      const from = { ring, epoch, seq, ...this.options }
      for (const chunk of ringReplay(from, request.lastEventId, client.userId, lastEventId)) {
        this.send(client, chunk)
      }
      this.send(client, encodeEvent(this.lastEventId, 'ready', {}))
    }
    client.sink.opened()
    return { ok: true, stream }
  }

  /** An entry the Redis reader hands over, in stream order. */
  private deliver(id: string, entry: StreamEntry): void {
    const handedOver = () => {
      this.handedOverId = id
    }
    if (entry.kind !== 'event') {
      // A control between instances, which no client is sent. Its own instance acted on it when
      // it sent it: a stream opened since stays, its caches were touched already.
      const elsewhere = entry.origin !== this.instanceId
      if (entry.kind === 'touched') {
        if (elsewhere) this.tell({ kind: 'touched', touched: entry.touched })
      } else {
        this.tell({ kind: 'disconnect', userId: entry.userId })
        if (elsewhere) this.endStreamsOf(entry.userId)
      }
      this.fanOut.run(handedOver)
      return
    }
    this.tell({ kind: 'event', type: entry.type, data: entry.data })
    this.counts.events += 1
    const event = { seq: 0, ...audienceOf(entry), chunk: this.encode(id, entry.type, entry.data) }
    this.fanOut.deliver(
      this.recipientsOf(event),
      (client) => {
        if (this.mayReceive(event, client)) sendOrHold(this.writer, client, id, event.chunk)
      },
      handedOver,
    )
  }

  /** Ends a user's streams (a session revoked, an account deleted); answers how many were open. */
  disconnectUser(userId: number): number {
    this.tell({ kind: 'disconnect', userId })
    // Their streams on the other instances too, through the stream (sent in order after the
    // commit's events; while Redis is away, once it is back).
    this.transport?.publish({ kind: 'disconnect', userId, origin: this.instanceId })
    return this.endStreamsOf(userId)
  }

  /** Ends the streams open now, once the events queued before are written to them. */
  private endStreamsOf(userId: number): number {
    const theirs = this.clients.ofUsers([userId])
    this.fanOut.run(() => {
      for (const client of theirs) this.end(client)
    })
    return theirs.length
  }

  /**
   * Ends every stream (the server is stopping). With `reconnectInMs`, each is told first when to
   * come back (SSE's `retry:`): to another instance, or to this one restarted.
   */
  close(reconnectInMs?: number): void {
    const hint = reconnectInMs === undefined ? null : encoder.encode(`retry: ${reconnectInMs}\n\n`)
    for (const client of this.clients.list()) {
      if (hint) this.send(client, hint)
      this.end(client)
    }
    this.fanOut.clear()
  }

  private end(client: Client): void {
    this.remove(client)
    client.sink.end()
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

  private remove(client: Client): void {
    client.closed = true
    if (this.clients.remove(client)) this.tellListeners(client.userId, false)
    if (this.clients.size === 0) this.stopHeartbeat()
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return
    this.heartbeat = setInterval(() => {
      this.fanOut.deliver(this.clients.list(), (client) => this.send(client, PING))
    }, this.options.heartbeatMs)
    this.heartbeat.unref()
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat)
    this.heartbeat = undefined
  }
}
