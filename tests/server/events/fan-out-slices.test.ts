/**
 * An event for many streams is written a slice at a time, with a turn of the event loop between
 * slices (events/fan-out.ts), so that requests are answered meanwhile; and yet each stream gets
 * its events in order, exactly once, its last events before its end, and a stream that closes or
 * stalls mid-fan-out is passed over without holding up the rest.
 */
import { setImmediate as nextTurn } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { EventHub } from '../../../src/server/events/hub'
import type {
  RedisEventTransport,
  ReplayAnswer,
  TransportSink,
} from '../../../src/server/events/redis-transport'
import type { StreamSink } from '../../../src/server/events/sinks'

const SLICE = 3
const decoder = new TextDecoder()

interface FakeStream {
  userId: number
  /** Each chunk written, as text. */
  chunks: string[]
  ended: boolean
  cut: boolean
  /** What the connection has not taken yet, as the socket would report it. */
  queued: number
  /** Tells the hub the connection is gone (the socket's 'close'). */
  close: () => void
}

function open(hub: EventHub, userId: number, lastEventId?: string): FakeStream {
  const stream: FakeStream = {
    userId,
    chunks: [],
    ended: false,
    cut: false,
    queued: 0,
    close: () => undefined,
  }
  const result = hub.connect({
    userId,
    address: `127.0.0.${userId}`,
    ...(lastEventId === undefined ? {} : { lastEventId }),
    respond: (onClose) => {
      stream.close = onClose
      const sink: StreamSink = {
        write: (chunk) => {
          stream.chunks.push(decoder.decode(chunk))
        },
        queuedBytes: () => stream.queued,
        end: () => {
          stream.ended = true
        },
        cut: () => {
          stream.cut = true
        },
        opened: () => undefined,
      }
      return sink
    },
  })
  expect(result.ok).toBe(true)
  return stream
}

/** The `post-deleted` events a stream got, by post id, in the order it got them. */
const postsOf = (stream: FakeStream) =>
  stream.chunks.flatMap((chunk) => {
    const match = /event: post-deleted\ndata: (.*)\n/.exec(chunk)
    return match ? [(JSON.parse(match[1] ?? '{}') as { postId: string }).postId] : []
  })

function publish(hub: EventHub, postId: string, audience: { to?: number } = {}) {
  hub.publish('post-deleted', { postId, authorId: '1', authorPostCount: 0 }, audience)
}

async function drained() {
  for (let turn = 0; turn < 100; turn++) await nextTurn()
}

function hubWithStreams(count: number) {
  const hub = new EventHub({ fanOutSlice: SLICE, heartbeatMs: 60_000, maxPerAddress: 100 })
  const streams = Array.from({ length: count }, (_, index) => open(hub, index + 1))
  return { hub, streams }
}

describe('an event for many streams', () => {
  it('is written a slice of streams per turn, other work running between slices', async () => {
    const { hub, streams } = hubWithStreams(10)
    const before = hub.counts.writes
    publish(hub, 'a')
    // One slice now; the rest after the loop has had its turn.
    expect(hub.counts.writes - before).toBe(SLICE)
    let ranBetween = false
    setImmediate(() => (ranBetween = true))
    await nextTurn()
    expect(ranBetween).toBe(true)
    expect(streams.filter((stream) => postsOf(stream).length === 1).length).toBeLessThan(10)
    await drained()
    for (const stream of streams) expect(postsOf(stream)).toEqual(['a'])
    expect(hub.deferredFanOutTurns).toBeGreaterThan(0)
  })

  it('keeps each stream’s events in the order they were published, an event for one user too', async () => {
    const { hub, streams } = hubWithStreams(10)
    publish(hub, 'a')
    publish(hub, 'b')
    publish(hub, 'only-for-10', { to: 10 })
    await nextTurn()
    publish(hub, 'c')
    await drained()
    for (const stream of streams.slice(0, 9)) expect(postsOf(stream)).toEqual(['a', 'b', 'c'])
    expect(postsOf(streams[9] as FakeStream)).toEqual(['a', 'b', 'only-for-10', 'c'])
  })

  it('a fan-out that fits in a slice is written at once, as before', () => {
    const { hub, streams } = hubWithStreams(SLICE)
    publish(hub, 'a')
    for (const stream of streams) expect(postsOf(stream)).toEqual(['a'])
  })

  it('passes over a stream that closes mid-fan-out and cuts one that stalls, the others unheld', async () => {
    const { hub, streams } = hubWithStreams(10)
    publish(hub, 'a')
    publish(hub, 'b')
    const closing = streams[6] as FakeStream
    const stalling = streams[7] as FakeStream
    // Neither has had 'a' yet: both close or stall between slices.
    expect(postsOf(closing)).toEqual([])
    expect(postsOf(stalling)).toEqual([])
    closing.close()
    stalling.queued = hub.options.clientBufferBytes
    await drained()

    expect(postsOf(closing)).toEqual([])
    expect(postsOf(stalling)).toEqual([])
    expect(stalling.cut).toBe(true)
    expect(hub.droppedSlowClients).toBe(1)
    expect(hub.clientCount).toBe(8)
    for (const stream of streams.filter((s) => s !== closing && s !== stalling)) {
      expect(postsOf(stream)).toEqual(['a', 'b'])
    }
  })

  it('a stream that opens mid-fan-out gets each event once, from its replay, then the next live', async () => {
    const { hub } = hubWithStreams(10)
    const seen = hub.lastEventId
    publish(hub, 'a')
    publish(hub, 'b')
    const late = open(hub, 11, seen)
    publish(hub, 'c')
    await drained()
    expect(postsOf(late)).toEqual(['a', 'b', 'c'])
    expect(late.chunks.findIndex((chunk) => chunk.includes('event: ready'))).toBeLessThan(
      late.chunks.findIndex((chunk) => chunk.includes('"postId":"c"')),
    )
  })

  it('ends a user’s streams after the events published before, not before', async () => {
    const { hub, streams } = hubWithStreams(10)
    const last = streams[9] as FakeStream
    publish(hub, 'a')
    expect(postsOf(last)).toEqual([])
    expect(hub.disconnectUser(10)).toBe(1)
    expect(last.ended).toBe(false)
    await drained()
    expect(postsOf(last)).toEqual(['a'])
    expect(last.ended).toBe(true)
    expect(hub.clientCount).toBe(9)
  })
})

/**
 * A cluster's reader, by hand: the test says when an entry is read and when a replay answers
 * (the real one is redis-transport.ts, over Redis; tests/server/cluster covers it end to end).
 */
function handTransport(firstId: string) {
  let sink: TransportSink | undefined
  let answer: (reply: ReplayAnswer) => void = () => undefined
  const reader = {
    lastId: firstId,
    start: (taking: TransportSink) => {
      sink = taking
      return Promise.resolve()
    },
    publish: () => undefined,
    replay: () => new Promise<ReplayAnswer>((resolve) => (answer = resolve)),
  }
  return {
    transport: reader as unknown as RedisEventTransport,
    read(id: string, postId: string) {
      reader.lastId = id
      sink?.deliver(id, {
        kind: 'event',
        type: 'post-deleted',
        data: { postId, authorId: '1', authorPostCount: 0 },
      })
    },
    answerReplay: (reply: ReplayAnswer) => answer(reply),
  }
}

describe('in a cluster, an event read while it is written a slice at a time', () => {
  it('still reaches a client whose replay finished before its slice came', async () => {
    const hub = new EventHub({ fanOutSlice: SLICE, heartbeatMs: 60_000, maxPerAddress: 100 })
    const reader = handTransport('0a0b0c0d-1000-0')
    await hub.useTransport(reader.transport)
    const streams = Array.from({ length: 6 }, (_, index) => open(hub, index + 1))
    // Resuming from the latest id: its replay is read from Redis while the next entry comes.
    const resuming = open(hub, 7, '0a0b0c0d-1000-0')
    reader.read('0a0b0c0d-2000-0', 'a')
    // The first slice went out; the resuming client is last, its replay answered before.
    expect(postsOf(resuming)).toEqual([])
    reader.answerReplay({ ok: true, entries: [] })
    await drained()

    for (const stream of streams) expect(postsOf(stream)).toEqual(['a'])
    expect(postsOf(resuming)).toEqual(['a'])
    const ready = resuming.chunks.findIndex((chunk) => chunk.includes('event: ready'))
    expect(ready).toBeGreaterThanOrEqual(0)
    expect(resuming.chunks[ready]).toContain('id: 0a0b0c0d-1000-0')
  })
})
