// @vitest-environment node
/**
 * The live stream's reader (live/stream.ts): the server-sent events format, cut anywhere, and the
 * reconnect logic, against a fake fetch and a fake clock.
 */
import { createStore } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  LiveStream,
  MAX_RETRY_MS,
  MAX_SSE_BUFFER,
  SseParser,
} from '../../src/renderer/src/live/stream'
import type { LiveStreamOptions, SseEvent } from '../../src/renderer/src/live/stream'
import { BACK_NOTICE_MS, DROP_GRACE_MS, trackLiveNotice } from '../../src/renderer/src/live/start'
import { liveNoticeAtom, liveStatusAtom } from '../../src/renderer/src/live/status'
import type { LiveStatus } from '../../src/renderer/src/live/status'

function parse(chunks: string[]): { events: SseEvent[]; retries: number[] } {
  const events: SseEvent[] = []
  const retries: number[] = []
  const parser = new SseParser({ event: (e) => events.push(e), retry: (ms) => retries.push(ms) })
  for (const chunk of chunks) parser.push(chunk)
  return { events, retries }
}

const STREAM =
  '\uFEFFretry: 3000\r\n\r\n' +
  'id: run-1\nevent: post\ndata: {"a":1}\n\n' +
  ': ping\r\r' +
  'event: reaction\rdata: first line\rdata:second line\r\r' +
  'id: run-2\r\nevent: ready\r\ndata: {}\r\n\r\n'

const EXPECTED: SseEvent[] = [
  { id: 'run-1', event: 'post', data: '{"a":1}' },
  // No id of its own: the last one seen carries over.
  { id: 'run-1', event: 'reaction', data: 'first line\nsecond line' },
  { id: 'run-2', event: 'ready', data: '{}' },
]

describe('the event stream parser', () => {
  it('reads ids, names, multi-line data, comments and retry with any line ending', () => {
    expect(parse([STREAM])).toEqual({ events: EXPECTED, retries: [3000] })
  })

  it('reads the same however the stream is cut into chunks', () => {
    for (let cut = 1; cut < STREAM.length; cut++) {
      expect(parse([STREAM.slice(0, cut), STREAM.slice(cut)]).events).toEqual(EXPECTED)
    }
    expect(parse([...STREAM]).events).toEqual(EXPECTED)
  })

  it('does not take a CR at a chunk’s end and an LF opening the next for two line ends', () => {
    const { events } = parse(['data: one\r', '\ndata: two\r', '\n\r', '\n'])
    expect(events).toEqual([{ id: null, event: 'message', data: 'one\ntwo' }])
  })

  it('dispatches nothing for an event without data, and keeps a field without a colon', () => {
    const { events } = parse(['event: post\n\n', 'data\n\n', 'id\nevent: x\ndata: 1\n\n'])
    expect(events).toEqual([
      { id: null, event: 'message', data: '' },
      { id: null, event: 'x', data: '1' },
    ])
  })

  it('ignores an id with NUL, unknown fields and a retry that is no number', () => {
    const { events, retries } = parse([
      'id: good\ndata: 1\n\n',
      'id: ba\0d\nfoo: bar\nretry: 12s\ndata: 2\n\n',
    ])
    expect(events.map((e) => e.id)).toEqual(['good', 'good'])
    expect(retries).toEqual([])
  })

  it('strips a BOM only at the very start, and only one space after the colon', () => {
    const { events } = parse(['data:  two spaces\n\n', '\uFEFFdata: x\n\n'])
    expect(events.map((e) => e.data)).toEqual([' two spaces'])
  })

  it('refuses a line or an event that would grow past its limit', () => {
    const parser = new SseParser({ event: () => undefined })
    expect(() => parser.push('data: ' + 'x'.repeat(MAX_SSE_BUFFER + 1))).toThrow(/too long/)
    const lines = new SseParser({ event: () => undefined })
    const line = `data: ${'y'.repeat(64 * 1024)}\n`
    expect(() => {
      for (let i = 0; i < 20; i++) lines.push(line)
    }).toThrow(/too long/)
  })
})

/** A fake clock: timers run only when the test says. */
function fakeClock() {
  let next = 1
  const timers = new Map<number, { callback: () => void; ms: number }>()
  return {
    setTimeout: (callback: () => void, ms: number) => {
      const id = next++
      timers.set(id, { callback, ms })
      return id
    },
    clearTimeout: (id: unknown) => {
      timers.delete(id as number)
    },
    delays: () => [...timers.values()].map((t) => t.ms),
    /** Runs the pending timer of `ms` (the only one, when not given). */
    fire(ms?: number) {
      const entry = [...timers.entries()].find(([, t]) => ms === undefined || t.ms === ms)
      if (!entry) throw new Error(`No timer of ${ms} ms; pending: ${this.delays().join(', ')}`)
      timers.delete(entry[0])
      entry[1].callback()
    },
  }
}

interface Connection {
  headers: Record<string, string>
  signal: AbortSignal
  push: (text: string) => void
  end: () => void
}

type Plan = 'stream' | 'network-error' | { status: number; headers?: Record<string, string> }

/** A fake fetch: answers each request as planned (a live stream by default). */
function fakeServer(plan: Plan[] = []) {
  const connections: Connection[] = []
  const requests: Record<string, string>[] = []
  const encoder = new TextEncoder()
  const fetch = async (_url: unknown, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>
    requests.push(headers)
    const step = plan.shift() ?? 'stream'
    if (step === 'network-error') throw new TypeError('Failed to fetch')
    if (step !== 'stream') {
      return new Response('{"errors":["no"]}', { status: step.status, headers: step.headers })
    }
    const signal = init?.signal as AbortSignal
    let controller!: ReadableStreamDefaultController<Uint8Array>
    const body = new ReadableStream<Uint8Array>({
      start: (c) => {
        controller = c
      },
    })
    signal.addEventListener('abort', () => {
      try {
        controller.error(new DOMException('The operation was aborted.', 'AbortError'))
      } catch {
        // Already closed.
      }
    })
    connections.push({
      headers,
      signal,
      push: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
    })
    return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } })
  }
  return { fetch: fetch as typeof globalThis.fetch, connections, requests }
}

async function settle() {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0))
}

function openStream(server: ReturnType<typeof fakeServer>, extra: Partial<LiveStreamOptions> = {}) {
  const clock = fakeClock()
  const published: { type: string; data: unknown; id: string | null }[] = []
  const statuses: LiveStatus[] = []
  const onUnauthorized = vi.fn()
  const stream = new LiveStream({
    url: 'http://127.0.0.1:1/api/events',
    token: 'token-1',
    publish: (type, data, id) => published.push({ type, data, id }),
    onStatus: (status) => statuses.push(status),
    onUnauthorized,
    fetch: server.fetch,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
    random: () => 1,
    silenceMs: 35_000,
    retryMs: 1000,
    maxRetryMs: 30_000,
    ...extra,
  })
  stream.start()
  return { stream, clock, published, statuses, onUnauthorized }
}

const READY = (id: string) => `id: ${id}\nevent: ready\ndata: {}\n\n`

describe('the live stream', () => {
  it('sends the token, goes live on ready and publishes every event with its id', async () => {
    const server = fakeServer()
    const { published, statuses } = openStream(server)
    await settle()
    expect(server.requests[0]).toMatchObject({
      authorization: 'token-1',
      accept: 'text/event-stream',
    })
    expect(server.requests[0]).not.toHaveProperty('last-event-id')
    server.connections[0]?.push('retry: 3000\n\n' + READY('r-5'))
    server.connections[0]?.push('id: r-6\nevent: post\ndata: {"post":{"_id":"1"}}\n\n')
    await settle()
    expect(statuses).toEqual(['connecting', 'live'])
    expect(published).toEqual([
      { type: 'ready', data: {}, id: 'r-5' },
      { type: 'post', data: { post: { _id: '1' } }, id: 'r-6' },
    ])
  })

  it('skips an event whose data is not JSON and goes on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const server = fakeServer()
    const { published } = openStream(server)
    await settle()
    server.connections[0]?.push('event: post\ndata: {oops\n\n' + READY('r-1'))
    await settle()
    expect(published.map((e) => e.type)).toEqual(['ready'])
    expect(warn).toHaveBeenCalledOnce()
    warn.mockRestore()
  })

  it('reconnects with Last-Event-ID after a drop, after a growing delay', async () => {
    const server = fakeServer(['stream', 'network-error', 'network-error', 'network-error'])
    const { clock, statuses, stream } = openStream(server)
    await settle()
    server.connections[0]?.push(READY('r-1') + 'id: r-2\nevent: post\ndata: {}\n\n')
    await settle()
    server.connections[0]?.end()
    await settle()
    expect(statuses.at(-1)).toBe('dropped')
    // random() = 1: the full delay, doubling from the base, up to the cap.
    for (const delay of [1000, 2000, 4000]) {
      expect(clock.delays()).toEqual([delay])
      clock.fire(delay)
      await settle()
    }
    expect(clock.delays()).toEqual([8000])
    clock.fire(8000)
    await settle()
    expect(server.requests.slice(1).map((h) => h['last-event-id'])).toEqual([
      'r-2',
      'r-2',
      'r-2',
      'r-2',
    ])
    server.connections[1]?.push(READY('r-2'))
    await settle()
    expect(statuses.at(-1)).toBe('live')
    // Live again: the next drop starts from the base delay.
    server.connections[1]?.end()
    await settle()
    expect(clock.delays()).toEqual([1000])
    stream.stop()
  })

  it('takes the base delay from the server’s retry field, and never waits past the cap', async () => {
    const server = fakeServer()
    const { clock, stream } = openStream(server, { maxRetryMs: 5000 })
    await settle()
    server.connections[0]?.push('retry: 3000\n\n' + READY('r-1'))
    server.connections[0]?.end()
    await settle()
    expect(clock.delays()).toEqual([3000])
    clock.fire(3000)
    await settle()
    server.connections[1]?.end()
    await settle()
    expect(clock.delays()).toEqual([5000])
    stream.stop()
  })

  it('waits at most a few seconds between reconnects, however long the server was gone', async () => {
    // A LAN host down for a while is reconnected to within the cap of its coming back.
    const failures = Array.from({ length: 8 }, () => 'network-error' as const)
    const server = fakeServer(['stream', ...failures])
    const { clock, stream } = openStream(server, { maxRetryMs: MAX_RETRY_MS })
    await settle()
    // Even a server asking for a long retry: field does not stretch the wait past the cap.
    server.connections[0]?.push('retry: 10000\n\n' + READY('r-1'))
    server.connections[0]?.end()
    await settle()
    for (let attempt = 0; attempt < failures.length; attempt += 1) {
      const [delay = Infinity] = clock.delays()
      // random() = 1: the longest jittered delay.
      expect(delay).toBeLessThanOrEqual(3000)
      clock.fire(delay)
      await settle()
    }
    expect(MAX_RETRY_MS).toBeLessThanOrEqual(3000)
    stream.stop()
  })

  it('treats silence past the limit as a dead connection, and any byte as life', async () => {
    const server = fakeServer()
    const { clock, statuses, stream } = openStream(server)
    await settle()
    server.connections[0]?.push(READY('r-1'))
    await settle()
    expect(clock.delays()).toEqual([35_000])
    server.connections[0]?.push(': ping\n\n')
    await settle()
    // The heartbeat re-armed the watchdog rather than adding a second one.
    expect(clock.delays()).toEqual([35_000])
    clock.fire(35_000)
    await settle()
    expect(server.connections[0]?.signal.aborted).toBe(true)
    expect(statuses.at(-1)).toBe('dropped')
    expect(clock.delays()).toEqual([1000])
    clock.fire(1000)
    await settle()
    expect(server.requests[1]?.['last-event-id']).toBe('r-1')
    stream.stop()
  })

  it('waits as long as a 429’s Retry-After asks', async () => {
    const server = fakeServer([{ status: 429, headers: { 'retry-after': '10' } }])
    const { clock, stream } = openStream(server)
    await settle()
    expect(clock.delays()).toEqual([10_000])
    stream.stop()
  })

  it('stops for good on a 401 and says the session is over', async () => {
    const server = fakeServer([{ status: 401 }])
    const { clock, statuses, onUnauthorized } = openStream(server)
    await settle()
    expect(onUnauthorized).toHaveBeenCalledOnce()
    expect(statuses).toEqual(['connecting', 'off'])
    expect(clock.delays()).toEqual([])
  })

  it('stays off on a server without the stream (404, or not an event stream)', async () => {
    for (const plan of [
      { status: 404 },
      { status: 200, headers: { 'content-type': 'text/html' } },
    ]) {
      const server = fakeServer([plan])
      const { clock, statuses } = openStream(server)
      await settle()
      expect(statuses).toEqual(['connecting', 'off'])
      expect(clock.delays()).toEqual([])
    }
  })

  it('says the server is unreachable when connecting fails, not when it gave up on silence', async () => {
    const onUnreachable = vi.fn()
    const onReachable = vi.fn()
    const gone = fakeServer(['network-error'])
    const first = openStream(gone, { onUnreachable, onReachable })
    await settle()
    expect(onUnreachable).toHaveBeenCalledOnce()
    expect(onReachable).not.toHaveBeenCalled()
    first.stream.stop()

    // A connection attempt that hangs until the stream's own silence limit cuts it.
    onUnreachable.mockClear()
    const signals: AbortSignal[] = []
    const hanging = ((_url: unknown, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        const signal = init?.signal as AbortSignal
        signals.push(signal)
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      })) as typeof fetch
    const second = openStream(fakeServer(), {
      onUnreachable,
      onReachable,
      fetch: hanging,
      silenceMs: 5000,
    })
    await settle()
    second.clock.fire(5000)
    await settle()
    expect(signals[0]?.aborted).toBe(true)
    expect(onUnreachable).not.toHaveBeenCalled()
    second.stream.stop()
  })

  it('stop aborts the connection and cancels a pending reconnect', async () => {
    const server = fakeServer()
    const { clock, stream, statuses } = openStream(server)
    await settle()
    server.connections[0]?.push(READY('r-1'))
    await settle()
    stream.stop()
    await settle()
    expect(server.connections[0]?.signal.aborted).toBe(true)
    expect(statuses.at(-1)).toBe('off')
    expect(clock.delays()).toEqual([])

    const dropped = fakeServer(['network-error'])
    const second = openStream(dropped)
    await settle()
    expect(second.clock.delays()).toEqual([1000])
    second.stream.stop()
    expect(second.clock.delays()).toEqual([])
    expect(dropped.requests).toHaveLength(1)
  })

  it('asks the state to refetch when it reconnects with nothing to resume from', async () => {
    const server = fakeServer(['network-error'])
    const { clock, published, stream } = openStream(server)
    await settle()
    clock.fire(1000)
    await settle()
    server.connections[0]?.push(READY('r-9'))
    await settle()
    expect(published.map((e) => e.type)).toEqual(['reset', 'ready'])
    stream.stop()
  })

  it('resumes from the id it was given', async () => {
    const server = fakeServer()
    const { stream, published } = openStream(server, { lastEventId: 'r-41' })
    await settle()
    expect(server.requests[0]?.['last-event-id']).toBe('r-41')
    server.connections[0]?.push(READY('r-42'))
    await settle()
    expect(published.map((e) => e.type)).toEqual(['ready'])
    expect(stream.lastEventId).toBe('r-42')
    stream.stop()
  })
})

describe('the banner’s notice of the stream', () => {
  afterEach(() => vi.useRealTimers())

  it('says nothing of a drop shorter than the grace period', () => {
    vi.useFakeTimers()
    const store = createStore()
    const onStatus = trackLiveNotice(store)
    onStatus('live')
    onStatus('dropped')
    vi.advanceTimersByTime(DROP_GRACE_MS - 1)
    onStatus('live')
    vi.advanceTimersByTime(DROP_GRACE_MS * 2)
    expect(store.get(liveNoticeAtom)).toBe('none')
    expect(store.get(liveStatusAtom)).toBe('live')
  })

  it('says the stream dropped once the grace period is over, and then that it is back', () => {
    vi.useFakeTimers()
    const store = createStore()
    const onStatus = trackLiveNotice(store)
    onStatus('live')
    onStatus('dropped')
    vi.advanceTimersByTime(DROP_GRACE_MS)
    expect(store.get(liveNoticeAtom)).toBe('dropped')
    // Failed reconnects do not restart anything.
    onStatus('dropped')
    expect(store.get(liveNoticeAtom)).toBe('dropped')
    onStatus('live')
    expect(store.get(liveNoticeAtom)).toBe('back')
    vi.advanceTimersByTime(BACK_NOTICE_MS)
    expect(store.get(liveNoticeAtom)).toBe('none')
  })

  it('clears the notice on sign-out', () => {
    vi.useFakeTimers()
    const store = createStore()
    const onStatus = trackLiveNotice(store)
    onStatus('dropped')
    vi.advanceTimersByTime(DROP_GRACE_MS)
    onStatus('off')
    expect(store.get(liveNoticeAtom)).toBe('none')
    vi.advanceTimersByTime(BACK_NOTICE_MS * 2)
    expect(store.get(liveNoticeAtom)).toBe('none')
  })
})

describe('the stream going back to a read older than itself (docs/API.md "Live events")', () => {
  const POST = (id: string) => `id: ${id}\nevent: post\ndata: {}\n\n`

  it('connects from the earliest read it was given, and stays put for later reads', async () => {
    const server = fakeServer()
    const { stream } = openStream(server, { lastEventId: 'ab-5' })
    await settle()
    expect(server.requests[0]?.['last-event-id']).toBe('ab-5')
    server.connections[0]?.push(POST('ab-6') + READY('ab-6'))
    await settle()
    stream.noteRead('ab-5')
    stream.noteRead('ab-9')
    await settle()
    expect(server.requests).toHaveLength(1)
    stream.stop()
  })

  it('reconnects at once from a read older than its first ready, and publishes no reset', async () => {
    const server = fakeServer()
    const { stream, published, statuses, clock } = openStream(server)
    await settle()
    server.connections[0]?.push(READY('ab-10'))
    await settle()
    // The feed's answer, read before the stream connected, arrives now.
    stream.noteRead('ab-7')
    await settle()
    expect(server.connections[0]?.signal.aborted).toBe(true)
    expect(server.requests.map((h) => h['last-event-id'])).toEqual([undefined, 'ab-7'])
    // No backoff: only the new connection's silence watchdog is pending.
    expect(clock.delays()).toEqual([35_000])
    expect(statuses).not.toContain('dropped')
    server.connections[1]?.push(POST('ab-8') + READY('ab-10'))
    await settle()
    expect(published.map((e) => `${e.type}:${e.id}`)).toEqual([
      'ready:ab-10',
      'post:ab-8',
      'ready:ab-10',
    ])
    expect(stream.lastEventId).toBe('ab-10')
    // Covered from ab-7 on now: a read at ab-8 needs nothing.
    stream.noteRead('ab-8')
    await settle()
    expect(server.requests).toHaveLength(2)
    stream.stop()
  })

  it('goes back to a read noted before its first ready, once that ready comes', async () => {
    const server = fakeServer()
    const { stream } = openStream(server)
    await settle()
    stream.noteRead('ab-4')
    stream.noteRead('ab-3')
    server.connections[0]?.push(READY('ab-6') + POST('ab-7'))
    await settle()
    expect(server.requests.map((h) => h['last-event-id'])).toEqual([undefined, 'ab-3'])
    stream.stop()
  })

  it('ignores reads of another run of the server, and reads once stopped', async () => {
    const server = fakeServer()
    const { stream } = openStream(server)
    await settle()
    server.connections[0]?.push(READY('ab-6'))
    await settle()
    stream.noteRead('cd-1')
    stream.noteRead('not an id')
    await settle()
    stream.stop()
    stream.noteRead('ab-1')
    await settle()
    expect(server.requests).toHaveLength(1)
  })

  it('after a reset covers what follows the reset, not the id it sent', async () => {
    const server = fakeServer()
    const { stream } = openStream(server, { lastEventId: 'ab-2' })
    await settle()
    server.connections[0]?.push(
      'id: ab-3000\nevent: reset\ndata: {"reason":"too-old"}\n\n' + READY('ab-3000'),
    )
    await settle()
    // A read from before the reset (not part of its refetch) is gone back to.
    stream.noteRead('ab-2999')
    await settle()
    expect(server.requests).toHaveLength(2)
    expect(server.requests[1]?.['last-event-id']).toBe('ab-2999')
    stream.stop()
  })

  it("after a cluster's reset in the middle of a stream, covers what follows it", async () => {
    const server = fakeServer()
    const { stream, published } = openStream(server, {
      lastEventId: '5f1c09ab-1718000000000-0',
    })
    await settle()
    server.connections[0]?.push(READY('5f1c09ab-1718000000005-0'))
    await settle()
    // Its instance could not read some events before they were trimmed: a reset in the stream.
    server.connections[0]?.push(
      'id: 5f1c09ab-1718000000009-0\nevent: reset\ndata: {"reason":"too-old"}\n\n' +
        POST('5f1c09ab-1718000000010-0'),
    )
    await settle()
    expect(published.map((e) => e.type)).toEqual(['ready', 'reset', 'post'])
    expect(stream.lastEventId).toBe('5f1c09ab-1718000000010-0')
    // A read from before the reset (not part of its refetch) is gone back to; one of another
    // epoch is not.
    stream.noteRead('0a1b2c3d-1718000000001-0')
    await settle()
    expect(server.requests).toHaveLength(1)
    stream.noteRead('5f1c09ab-1718000000007-0')
    await settle()
    expect(server.requests.map((h) => h['last-event-id'])).toEqual([
      '5f1c09ab-1718000000000-0',
      '5f1c09ab-1718000000007-0',
    ])
    stream.stop()
  })
})
