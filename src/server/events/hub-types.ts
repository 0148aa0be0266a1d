/**
 * The event hub's shapes (hub.ts): its options and caps, an event's audience and the check of
 * it, a client's stream as the hub holds it, and how an event is encoded as a server-sent event.
 * Shared by the hub's local delivery (hub.ts) and its delivery from Redis (cluster-delivery.ts).
 */
import type { ResetReason, StreamEntry } from './redis-transport'
import { type StreamSink } from './sinks'
import { DEFAULT_FAN_OUT_SLICE } from './fan-out'

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
  /**
   * Streams an event is written to per turn of the event loop (fan-out.ts): past that, the rest
   * wait for the next turn, so other requests are answered between slices.
   */
  fanOutSlice: number
}

export const DEFAULT_EVENT_HUB_OPTIONS: EventHubOptions = {
  replaySize: 1000,
  clientBufferBytes: 256 * 1024,
  heartbeatMs: 15_000,
  maxPerUser: 8,
  maxPerAddress: 32,
  maxStreams: 256,
  retryMs: 3000,
  fanOutSlice: DEFAULT_FAN_OUT_SLICE,
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

export interface StoredEvent {
  seq: number
  to: number | undefined
  /** Kept with the event, so a replay after `Last-Event-ID` reaches the same users. */
  only: ReadonlySet<number> | undefined
  exclude: ReadonlySet<number> | undefined
  chunk: Uint8Array
}

/** Whether the user may receive the event, live or in a replay. */
export function deliverable(
  event: Pick<StoredEvent, 'to' | 'only' | 'exclude'>,
  userId: number,
): boolean {
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

export interface Client {
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
export type PendingItem = { id: string; chunk: Uint8Array } | { id: string; reset: ResetReason }

/** Told that one stream of `userId` opened (`open`) or ended. */
export type ConnectionListener = (userId: number, open: boolean) => void
/**
 * What the hub tells its listeners (onChange): every event published here or received from
 * another instance, every user whose sessions ended (disconnectUser, here or elsewhere), and in a
 * cluster what other instances' commands touched and whether this one follows them.
 * Caches of reads listen (caches/read-cache.ts).
 */
export type HubChange =
  | { kind: 'event'; type: string; data: unknown }
  | { kind: 'disconnect'; userId: number }
  /** What another instance's command touched (caches/touched.ts), before its events. */
  | { kind: 'touched'; touched: object }
  /**
   * With Redis: what this instance kept of the others' writes may be stale (its reader lost its
   * connection: `following` false until a read after the reconnect caught up; or entries were
   * lost: a new epoch, a gap: `lost`), and whether it hears every entry of the others now.
   */
  | { kind: 'others'; following: boolean; lost?: boolean }

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

export const encoder = new TextEncoder()
export const PING = encoder.encode(': ping\n\n')

/** Whom an event read from the Redis stream may reach. */
export function audienceOf(
  entry: Extract<StreamEntry, { kind: 'event' }>,
): Pick<StoredEvent, 'to' | 'only' | 'exclude'> {
  return {
    to: entry.to,
    only: entry.only ? new Set(entry.only) : undefined,
    exclude: entry.exclude?.length ? new Set(entry.exclude) : undefined,
  }
}

/** One server-sent event; JSON has no raw newlines, so `data:` is always a single line. */
export function encodeEvent(id: string, type: string, data: unknown): Uint8Array {
  return encoder.encode(`id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`)
}
