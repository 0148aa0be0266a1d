/**
 * Reads the server's live events (`GET /api/events`, docs/API.md "Live events") with `fetch`,
 * since EventSource cannot send the `authorization` header, and hands each event to a publisher
 * (the bus, live/bus.ts). Reconnects with backoff and `Last-Event-ID`; silence longer than about
 * two heartbeats counts as a dead connection.
 */
import { isEarlierMark, parseLiveEventId, type LiveEventMark } from '../../../shared/live-event-id'
import type { LiveStatus } from './status'

/** One dispatched server-sent event. */
export interface SseEvent {
  /** The last event id seen on the stream (it carries over events that have none). */
  id: string | null
  event: string
  data: string
}

export interface SseHandlers {
  event: (event: SseEvent) => void
  /** A `retry:` field: the reconnection delay the server asks for, in milliseconds. */
  retry?: (ms: number) => void
}

/** The most one line or one event's data may hold: a server cannot make the app buffer more. */
export const MAX_SSE_BUFFER = 1024 * 1024

/**
 * The `text/event-stream` format (HTML Living Standard, "Server-sent events"): lines end in CRLF,
 * LF or CR, possibly split across chunks; `:` starts a comment (heartbeats); `data:` lines join
 * with a newline; a blank line dispatches; one space after the colon is dropped; an `id` with NUL
 * is ignored; a leading BOM is skipped.
 */
export class SseParser {
  private buffer = ''
  private data: string[] | null = null
  private dataLength = 0
  private type = ''
  private lastId: string | null = null
  private skipLineFeed = false
  private started = false

  constructor(private readonly handlers: SseHandlers) {}

  /** Feeds decoded text; throws when a line or an event grows past MAX_SSE_BUFFER. */
  push(chunk: string): void {
    let text = chunk
    if (this.skipLineFeed && text.startsWith('\n')) text = text.slice(1)
    if (text.length > 0) this.skipLineFeed = false
    if (!this.started && text.length > 0) {
      this.started = true
      if (text.startsWith('\uFEFF')) text = text.slice(1)
    }
    this.buffer += text
    let start = 0
    for (;;) {
      const cr = this.buffer.indexOf('\r', start)
      const lf = this.buffer.indexOf('\n', start)
      const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf)
      if (end === -1) break
      const line = this.buffer.slice(start, end)
      start = end + 1
      if (this.buffer[end] === '\r') {
        if (start < this.buffer.length) {
          if (this.buffer[start] === '\n') start += 1
        } else {
          // The matching LF may open the next chunk.
          this.skipLineFeed = true
        }
      }
      this.line(line)
    }
    this.buffer = this.buffer.slice(start)
    if (this.buffer.length > MAX_SSE_BUFFER) throw new Error('An event stream line is too long.')
  }

  private line(line: string): void {
    if (line === '') {
      this.dispatch()
      return
    }
    if (line.startsWith(':')) return
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    let value = colon === -1 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'event') this.type = value
    else if (field === 'data') {
      this.dataLength += value.length + 1
      if (this.dataLength > MAX_SSE_BUFFER) throw new Error('An event stream event is too long.')
      ;(this.data ??= []).push(value)
    } else if (field === 'id') {
      if (!value.includes('\0')) this.lastId = value
    } else if (field === 'retry') {
      if (/^\d+$/.test(value)) this.handlers.retry?.(Number(value))
    }
  }

  private dispatch(): void {
    const data = this.data
    const type = this.type || 'message'
    this.data = null
    this.dataLength = 0
    this.type = ''
    if (data === null) return
    this.handlers.event({ id: this.lastId || null, event: type, data: data.join('\n') })
  }
}

export interface LiveStreamOptions {
  /** The stream's address (`…/api/events`). */
  url: string
  token: string
  /** Every parsed event, whatever its type; `data` is the parsed JSON. */
  publish: (type: string, data: unknown, id: string | null) => void
  onStatus: (status: LiveStatus) => void
  /** The server refused the token (401): the session is over. */
  onUnauthorized?: () => void
  /** The server has no live stream (one from before it): nothing live will come. */
  onUnsupported?: () => void
  /** The server answered the stream's request (it is reachable). */
  onReachable?: () => void
  /**
   * Called when connecting fails at the network level (the server is gone), not when the stream
   * itself gave up on a silent connection: the server banner says so at once, rather than at the
   * next call or heartbeat (components/ServerBanner.tsx).
   */
  onUnreachable?: () => void
  /** Resume from here (the stream of an earlier session of the same user on the same server). */
  lastEventId?: string | null
  fetch?: typeof fetch
  setTimeout?: (callback: () => void, ms: number) => unknown
  clearTimeout?: (timer: unknown) => void
  /** 0 ≤ x < 1, for the backoff's jitter. */
  random?: () => number
  /** Silence (no byte, not even a heartbeat) after which the connection counts as dead. */
  silenceMs?: number
  /** The first reconnection delay, until the server's `retry:` says otherwise. */
  retryMs?: number
  maxRetryMs?: number
}

/** The server pings every 15 s (docs/API.md): more than two missed pings is a dead connection. */
export const SILENCE_MS = 35_000
/**
 * The longest wait between reconnects: a LAN server that was down comes back within a second or
 * two of the stream noticing, however long it was gone (the jitter still spreads the LAN's
 * reconnects over half of it).
 */
export const MAX_RETRY_MS = 3000

/** Why a connection ended, for the choice of what to do next. */
type Ending = { retry: true; afterMs?: number } | { retry: false; status: LiveStatus }

/**
 * One signed-in user's stream on one server. `start` connects; a lost connection reconnects
 * after a growing, jittered delay, with the last event id so the server replays what was missed;
 * `stop` ends it for good (sign-out, another server).
 */
export class LiveStream {
  private readonly options: Required<
    Omit<
      LiveStreamOptions,
      'onUnauthorized' | 'onUnsupported' | 'onReachable' | 'onUnreachable' | 'lastEventId'
    >
  > &
    LiveStreamOptions
  private stopped = true
  private controller: AbortController | null = null
  private silenceTimer: unknown = null
  private retryTimer: unknown = null
  /** Failed attempts in a row, for the backoff. */
  private failures = 0
  private retryMs: number
  private status: LiveStatus = 'off'
  /** Whether any connection was made (or tried) before: a later one is a reconnect. */
  private attempted = false
  /**
   * Every event after this one has reached this stream (or is being replayed to it): the id its
   * first connection resumed from, or that connection's `ready` when it sent none, or the latest
   * `reset` (the screens refetch after it). Null until the first `ready`.
   */
  private coveredFrom: LiveEventMark | null = null
  /** The earliest read noted before the first `ready` (noteRead). */
  private pendingRead: LiveEventMark | null = null
  /** The current connection is being ended to resume from an earlier id at once (noteRead). */
  private restarting = false
  lastEventId: string | null

  constructor(options: LiveStreamOptions) {
    this.options = {
      fetch: (input, init) => fetch(input, init),
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
      random: Math.random,
      silenceMs: SILENCE_MS,
      retryMs: 1000,
      maxRetryMs: MAX_RETRY_MS,
      ...options,
    }
    this.retryMs = this.options.retryMs
    this.lastEventId = options.lastEventId ?? null
  }

  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.setStatus('connecting')
    void this.connect()
  }

  /**
   * An API answer was read at `id` (its `X-Live-Event-Id`, docs/API.md "Live events"). When that
   * is before what this stream covers, what happened in between is missing from the screens (the
   * read was older than the stream): the stream reconnects from `id`, and the server replays it.
   * The merges are idempotent (live/merge.ts), so events seen twice change nothing.
   */
  noteRead(id: string): void {
    const mark = parseLiveEventId(id)
    if (this.stopped || !mark) return
    if (!this.coveredFrom) {
      if (!this.pendingRead || isEarlierMark(mark, this.pendingRead)) this.pendingRead = mark
      return
    }
    if (isEarlierMark(mark, this.coveredFrom)) this.resumeFrom(mark)
  }

  private resumeFrom(mark: LiveEventMark): void {
    this.coveredFrom = mark
    this.lastEventId = mark.id
    if (!this.controller) return
    this.restarting = true
    this.controller.abort()
  }

  stop(): void {
    this.stopped = true
    this.controller?.abort()
    this.controller = null
    this.clearTimer('silenceTimer')
    this.clearTimer('retryTimer')
    this.setStatus('off')
  }

  private setStatus(status: LiveStatus): void {
    if (this.status === status) return
    this.status = status
    this.options.onStatus(status)
  }

  private clearTimer(which: 'silenceTimer' | 'retryTimer'): void {
    if (this[which] !== null) this.options.clearTimeout(this[which])
    this[which] = null
  }

  /** (Re)arms the silence watchdog: any byte from the server proves the connection alive. */
  private heard(controller: AbortController): void {
    this.clearTimer('silenceTimer')
    this.silenceTimer = this.options.setTimeout(() => controller.abort(), this.options.silenceMs)
  }

  private async connect(): Promise<void> {
    const controller = new AbortController()
    this.controller = controller
    const reconnect = this.attempted
    this.attempted = true
    const ending = await this.read(controller, reconnect)
    this.clearTimer('silenceTimer')
    if (this.stopped || this.controller !== controller) return
    this.controller = null
    if (this.restarting) {
      // Ended on purpose to go back to an earlier id (noteRead): reconnect at once.
      this.restarting = false
      void this.connect()
      return
    }
    if (!ending.retry) {
      this.setStatus(ending.status)
      return
    }
    this.setStatus('dropped')
    const backoff = Math.min(this.options.maxRetryMs, this.retryMs * 2 ** this.failures)
    // Jitter spreads the reconnects of a whole LAN after the host comes back.
    const delay = Math.max(ending.afterMs ?? 0, backoff * (0.5 + this.options.random() / 2))
    this.failures += 1
    this.retryTimer = this.options.setTimeout(() => {
      this.retryTimer = null
      if (!this.stopped) void this.connect()
    }, delay)
  }

  /**
   * A connection is ready. After a fresh start (no id sent, or a `reset`: the screens refetch)
   * it covers what follows its `ready`; after a replay, what follows the id it sent, or the
   * earlier start it already covered. A read noted before then that is earlier still is gone
   * back to.
   */
  private covered(from: LiveEventMark | null, fresh: boolean): void {
    const current = this.coveredFrom
    if (fresh || !current || !from || current.run !== from.run || isEarlierMark(from, current)) {
      this.coveredFrom = from
    }
    const pending = this.pendingRead
    this.pendingRead = null
    if (pending && this.coveredFrom && isEarlierMark(pending, this.coveredFrom)) {
      this.resumeFrom(pending)
    }
  }

  /** One connection, from the request to its end. */
  private async read(controller: AbortController, reconnect: boolean): Promise<Ending> {
    const headers: Record<string, string> = {
      accept: 'text/event-stream',
      authorization: this.options.token,
    }
    // Nothing to resume from after a reconnect: the state must refetch instead (on `ready`).
    const sentId = this.lastEventId
    const resumable = sentId !== null
    if (resumable) headers['last-event-id'] = sentId
    let response: Response
    try {
      this.heard(controller)
      response = await this.options.fetch(this.options.url, {
        headers,
        signal: controller.signal,
        cache: 'no-store',
      })
    } catch {
      if (!controller.signal.aborted) this.options.onUnreachable?.()
      return { retry: true }
    }
    this.options.onReachable?.()
    if (response.status === 401) {
      this.options.onUnauthorized?.()
      return { retry: false, status: 'off' }
    }
    const type = response.headers.get('content-type') ?? ''
    // A server from before the live stream (docs/API.md, "Error codes"): no live updates.
    if (response.status === 404 || (response.ok && !type.startsWith('text/event-stream'))) {
      this.options.onUnsupported?.()
      return { retry: false, status: 'off' }
    }
    if (!response.ok || !response.body) {
      const seconds = Number(response.headers.get('retry-after'))
      return { retry: true, afterMs: Number.isFinite(seconds) ? seconds * 1000 : 0 }
    }

    const reader = response.body.getReader()
    const decoder = new TextDecoder()
    /** The server could not replay (docs/API.md): the screens refetch, as after a fresh start. */
    let wasReset = false
    let wasReady = false
    const parser = new SseParser({
      event: ({ id, event, data }) => {
        // Being ended (noteRead goes back to an earlier id): the next connection replays the rest.
        if (controller.signal.aborted) return
        let parsed: unknown
        try {
          parsed = JSON.parse(data)
        } catch {
          console.warn(`Live event "${event}" has no JSON data; skipped`)
          return
        }
        if (event === 'reset') wasReset = true
        if (event === 'ready') {
          this.failures = 0
          if (reconnect && !resumable) this.options.publish('reset', { reason: 'unknown-id' }, id)
          this.setStatus('live')
        }
        if (id !== null) this.lastEventId = id
        this.options.publish(event, parsed, id)
        if (event === 'ready') {
          wasReady = true
          const fresh = !resumable || wasReset
          this.covered(parseLiveEventId(fresh ? id : sentId), fresh)
        } else if (event === 'reset' && wasReady) {
          // A cluster's reset in the middle of a stream (its Redis lost events): the screens
          // refetch, so what follows the reset is covered, as after one before `ready`.
          this.covered(parseLiveEventId(id), true)
        }
      },
      retry: (ms) => {
        if (ms >= 250 && ms <= 60_000) this.retryMs = ms
      },
    })
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        this.heard(controller)
        parser.push(decoder.decode(value, { stream: true }))
      }
    } catch {
      // Aborted (silence, stop) or cut off: the caller decides.
    } finally {
      controller.abort()
    }
    return { retry: true }
  }
}
