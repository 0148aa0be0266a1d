/**
 * Two instances whose Redis restarts or trims its stream: every client either
 * gets everything it missed, in order and once, or `reset`, and the same on both instances:
 * clients that stayed connected through it on A and on B, and clients that come back with their
 * Last-Event-ID to A or to B. Cases: Redis restarted with its data; started empty; started from
 * an older snapshot; its stream trimmed past a position; an event it refused to take (out of
 * memory) while its post committed; an append whose answer was lost, which ioredis sends again.
 * When started empty and when trimmed, B was cut off from Redis first, and its live reader came
 * back before the connection its checks go on: the order that let B carry on without a reset.
 *
 * PostgreSQL only (`npm run test:pg`), as every cluster test. The file's own redis-server, which
 * it restarts; the waits are bounds for a busy machine, not timings.
 */
import { afterAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../../src/server/server'
import { readEvents, type EventReader } from '../../helpers/sse'
import { send, signup, twoInstances } from '../../helpers/two-instances'

const cluster = twoInstances({ folderPrefix: 'gamerstage-recovery-', ownRedis: true })
const readers: EventReader[] = []

// Before the instances stop (hooks after all run last registered first).
afterAll(async () => {
  for (const reader of readers) await reader.close().catch(() => {})
})

/** Reconnects are tried every 2 s at most (redis/connection.ts), and a restart takes seconds. */
const RECOVERY_MS = 25_000
/** B's connection for appends and checks comes back this long after its reader. */
const HOLD_MS = 4000

/**
 * A post as the app makes it: answered with just that post. The spec's whole-list answer would
 * stream on after its status came, and one left unread holds its sender's place under the whole
 * lists limit (http/whole-list-limit.ts): three posts in a row on a busy machine were refused.
 */
async function post(server: RunningServer, token: string, content: string): Promise<void> {
  const response = await send(server, '/api/posts', { postData: { content } }, token, {
    prefer: 'return=minimal',
  })
  // The answer's body says why, should it ever not be a 201.
  if (response.status !== 201) expect(await response.text()).toBe('a 201')
  expect(response.status).toBe(201)
}

async function stream(
  server: RunningServer,
  token: string,
  lastEventId?: string,
): Promise<EventReader> {
  const response = await fetch(`${server.url}/api/events`, {
    headers: { authorization: token, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
  })
  expect(response.status).toBe(200)
  const reader = readEvents(response)
  readers.push(reader)
  return reader
}

async function live(server: RunningServer, token: string): Promise<EventReader> {
  const reader = await stream(server, token)
  await reader.next('ready')
  return reader
}

/**
 * What a stream said about missed posts, in order: each post's content, and `reset` where it
 * was told to refetch.
 */
function said(reader: EventReader, after = 0): string[] {
  return reader.events.slice(after).flatMap((event) => {
    if (event.type === 'reset') return ['reset']
    if (event.type !== 'post') return []
    return [(event.data as { post: { content: string } }).post.content]
  })
}

/** What a client coming back with `lastEventId` to `server` is told before `ready`. */
async function resumeOn(server: RunningServer, token: string, lastEventId: string) {
  const reader = await stream(server, token, lastEventId)
  await reader.next('ready', 5000)
  const toldBeforeReady = said(reader, 0)
  await reader.close()
  return toldBeforeReady
}

/** The same client coming back to A and to B: both must tell it the same. */
async function resumeOnBoth(token: string, lastEventId: string): Promise<string[]> {
  const onA = await resumeOn(cluster.a, token, lastEventId)
  const onB = await resumeOn(cluster.b, token, lastEventId)
  expect(onB).toEqual(onA)
  return onA
}

/** Waits until the stream has told `count` more posts or resets than it had at `after`. */
async function told(reader: EventReader, after: number, count: number): Promise<string[]> {
  const deadline = Date.now() + RECOVERY_MS
  while (said(reader, after).length < count && Date.now() < deadline) await reader.settle(100)
  return said(reader, after)
}

const streamIdOf = (eventId: string | undefined) => (eventId ?? '').replace(/^[0-9a-f]{8}-/, '')

describe('a cluster whose Redis restarts or trims its stream', () => {
  it('Redis back with its data: everyone gets everything missed, on A and on B, no reset', async () => {
    const { a, b } = cluster
    const writer = await signup(a, 'kept_writer')
    const watcher = await signup(b, 'kept_watcher')
    const onA = await live(a, watcher)
    const onB = await live(b, watcher)
    await post(a, writer, 'seen')
    const seen = await onA.next('post', 5000)
    await onB.next('post', 5000)
    const mark = { a: onA.events.length, b: onB.events.length }

    await post(a, writer, 'missed before the outage')
    await onA.next('post', 5000)
    await onB.next('post', 5000)
    // Published while Redis is away: Redis takes it once it is back, and then everyone has it.
    await cluster.ownRedis.restart({
      keepData: true,
      whileDown: () => post(a, writer, 'published during the outage'),
    })

    const missed = ['missed before the outage', 'published during the outage']
    expect(await told(onA, mark.a, 2)).toEqual(missed)
    expect(await told(onB, mark.b, 2)).toEqual(missed)
    // A client that had only `seen` is replayed the rest, wherever it comes back.
    expect(await resumeOnBoth(watcher, seen.id ?? '')).toEqual(missed)

    await post(b, writer, 'after')
    expect(await told(onA, mark.a, 3)).toEqual([...missed, 'after'])
    expect(await told(onB, mark.b, 3)).toEqual([...missed, 'after'])
  })

  it('Redis back empty: every client of the old stream is reset, live or coming back, on A and on B', async () => {
    const { a, b, partition } = cluster
    const writer = await signup(a, 'empty_writer')
    const watcher = await signup(a, 'empty_watcher')
    const onA = await live(a, watcher)
    const onB = await live(b, watcher)
    await post(a, writer, 'seen')
    const seen = await onA.next('post', 5000)
    await onB.next('post', 5000)
    const mark = { a: onA.events.length, b: onB.events.length }

    // B is cut off first: it never reads this one before Redis loses it.
    partition.cut()
    await post(a, writer, 'lost with Redis')
    const lost = await onA.next('post', 5000)
    await cluster.ownRedis.restart({
      whileDown: () => post(a, writer, 'published during the outage'),
    })
    partition.heal({ holdBack: ['gamerstage-events'], holdMs: HOLD_MS })

    // Each live client is told to refetch before anything of the new stream.
    expect(await told(onA, mark.a, 3)).toEqual([
      'lost with Redis',
      'reset',
      'published during the outage',
    ])
    expect(await told(onB, mark.b, 2)).toEqual(['reset', 'published during the outage'])
    const resetOnA = onA.events.find((event, i) => i >= mark.a && event.type === 'reset')
    const resetOnB = onB.events.find((event, i) => i >= mark.b && event.type === 'reset')
    expect(resetOnA?.data).toEqual({ reason: 'unknown-id' })
    expect(resetOnB?.id).toBe(resetOnA?.id)

    // An id from before the restart is unknown everywhere.
    expect(await resumeOnBoth(watcher, seen.id ?? '')).toEqual(['reset'])
    expect(await resumeOnBoth(watcher, lost.id ?? '')).toEqual(['reset'])
    // From the reset on, the new stream replays on both.
    expect(await resumeOnBoth(watcher, resetOnA?.id ?? '')).toEqual(['published during the outage'])

    await post(b, writer, 'after')
    expect(await told(onA, mark.a, 4)).toContain('after')
    expect(await told(onB, mark.b, 3)).toEqual(['reset', 'published during the outage', 'after'])
  })

  it('Redis back from an older snapshot: everyone is reset, on A and on B, live or coming back', async () => {
    const { a, b } = cluster
    const writer = await signup(a, 'stale_writer')
    const watcher = await signup(a, 'stale_watcher')
    const onA = await live(a, watcher)
    const onB = await live(b, watcher)
    await post(a, writer, 'saved')
    const saved = await onA.next('post', 5000)
    await onB.next('post', 5000)
    await cluster.ownRedis.save()
    await post(a, writer, 'after the snapshot')
    const unsaved = await onA.next('post', 5000)
    await onB.next('post', 5000)
    const mark = { a: onA.events.length, b: onB.events.length }

    // Redis comes back without what came after its last snapshot, which both clients had.
    await cluster.ownRedis.restart({ keepData: 'last-save' })
    expect(await told(onA, mark.a, 1)).toEqual(['reset'])
    expect(await told(onB, mark.b, 1)).toEqual(['reset'])
    // From before the loss or from within it: what followed cannot be told, on either instance.
    expect(await resumeOnBoth(watcher, saved.id ?? '')).toEqual(['reset'])
    expect(await resumeOnBoth(watcher, unsaved.id ?? '')).toEqual(['reset'])

    await post(b, writer, 'after')
    expect(await told(onA, mark.a, 2)).toEqual(['reset', 'after'])
    expect(await told(onB, mark.b, 2)).toEqual(['reset', 'after'])
  })

  it('a stream trimmed past a position: reset for it on A and on B, live on B too', async () => {
    const { a, b, partition } = cluster
    const writer = await signup(a, 'trim_writer')
    const watcher = await signup(a, 'trim_watcher')
    const onA = await live(a, watcher)
    const onB = await live(b, watcher)
    await post(a, writer, 'seen')
    const seen = await onA.next('post', 5000)
    await onB.next('post', 5000)
    const mark = { a: onA.events.length, b: onB.events.length }

    // B is cut off while A goes on, and the stream is trimmed before B can read it.
    partition.cut()
    await post(a, writer, 'trimmed 1')
    await post(a, writer, 'trimmed 2')
    await post(a, writer, 'kept')
    await onA.next('post', 5000)
    const trimmed = await onA.next('post', 5000)
    const kept = await onA.next('post', 5000)
    const admin = cluster.redis.client()
    await admin.xtrim(`${cluster.redis.prefix}events`, 'MINID', streamIdOf(kept.id))
    partition.heal({ holdBack: ['gamerstage-events'], holdMs: HOLD_MS })

    // B's client missed the two trimmed away: it is told to refetch, never handed `kept` alone.
    expect(await told(onB, mark.b, 1)).toEqual(['reset'])
    const resetOnB = onB.events.find((event, i) => i >= mark.b && event.type === 'reset')
    expect(resetOnB?.data).toEqual({ reason: 'too-old' })
    expect(said(onA, mark.a)).toEqual(['trimmed 1', 'trimmed 2', 'kept'])

    // Coming back from a position the stream no longer holds: reset on both.
    expect(await resumeOnBoth(watcher, seen.id ?? '')).toEqual(['reset'])
    expect(await resumeOnBoth(watcher, trimmed.id ?? '')).toEqual(['reset'])
    // From one it holds: the rest, on both.
    await post(b, writer, 'after')
    await onA.next('post', RECOVERY_MS)
    await onB.next('post', RECOVERY_MS)
    expect(await resumeOnBoth(watcher, kept.id ?? '')).toEqual(['after'])
    expect(await resumeOnBoth(watcher, resetOnB?.id ?? '')).toEqual(['after'])
    expect(said(onA, mark.a)).toEqual(['trimmed 1', 'trimmed 2', 'kept', 'after'])
    expect(said(onB, mark.b)).toEqual(['reset', 'after'])
  })

  it('an event Redis refused: everyone is reset after it, on A and on B, live or coming back', async () => {
    const { a, b } = cluster
    const writer = await signup(a, 'refused_writer')
    const watcher = await signup(a, 'refused_watcher')
    const onA = await live(a, watcher)
    const onB = await live(b, watcher)
    await post(a, writer, 'seen')
    const seen = await onA.next('post', 5000)
    await onB.next('post', 5000)
    const mark = { a: onA.events.length, b: onB.events.length }

    // Redis refuses every write (out of memory) while the post commits: its event is lost.
    const admin = cluster.redis.client()
    await admin.config('SET', 'maxmemory', '1')
    try {
      await post(a, writer, 'never in the stream')
      expect(await onA.settle(500)).not.toContain('post')
    } finally {
      await admin.config('SET', 'maxmemory', '0')
    }

    await post(a, writer, 'after')
    expect(await told(onA, mark.a, 2)).toEqual(['reset', 'after'])
    expect(await told(onB, mark.b, 2)).toEqual(['reset', 'after'])
    expect(await resumeOnBoth(watcher, seen.id ?? '')).toEqual(['reset'])
  })

  it('an append sent again after its answer was lost is in the stream once', async () => {
    const { a, b, partition } = cluster
    const writer = await signup(b, 'resent_writer')
    const watcher = await signup(a, 'resent_watcher')
    const onA = await live(a, watcher)
    const onB = await live(b, watcher)
    await post(b, writer, 'seen')
    const seen = await onA.next('post', 5000)
    await onB.next('post', 5000)
    const mark = { a: onA.events.length, b: onB.events.length }

    // B's append reaches Redis, its answer does not; B's connection then dies, and ioredis sends
    // what was unanswered again once it is back.
    partition.dropAnswers(['gamerstage-events'])
    await post(b, writer, 'once')
    await onA.next('post', 5000)
    partition.cut()
    partition.heal()
    await post(a, writer, 'after')

    expect(await told(onA, mark.a, 2)).toEqual(['once', 'after'])
    expect(await told(onB, mark.b, 2)).toEqual(['once', 'after'])
    await onA.settle(500)
    expect(said(onA, mark.a)).toEqual(['once', 'after'])
    expect(await resumeOnBoth(watcher, seen.id ?? '')).toEqual(['once', 'after'])
  })
})
