/**
 * The mixed workload (`npm run bench -- --mixed`): many viewers read while the
 * community writes. Each of the 10 connections reads as its own 20 viewers in turn (200 in all),
 * while new posts, likes and dislikes go in at a steady rate from the same players; the feed page
 * is measured with and without the writes, beside the static baseline's rate for the same bytes
 * (static-baseline.ts), and every other paged read with the writes, for its p99.
 */
import autocannon from 'autocannon'
import { join } from 'node:path'
import { recordAnswer, startStaticBaseline } from './static-baseline'
import { cpuSecondsOf } from './run-bench'

/** The mixed bench's community: 200 players following about 25 each, 4,000 posts. */
export const MIXED_SIZE = {
  users: 200,
  posts: 4_000,
  likes: 10_000,
  comments: 2_000,
  follows: 5_000,
} as const

/** The targets of this workload: reads stay fast while the community writes. */
export const MIXED_TARGETS = {
  feedRatioWithWrites: 0.4,
  feedRatioWithoutWrites: 0.5,
  pagedP99WithWritesMs: 15,
} as const

export interface MixedBenchOptions {
  url: string
  /** The server's process(es), whose CPU time is counted per read. */
  pid?: number | readonly number[]
  /** One token per viewer (they write too). */
  tokens: string[]
  /** Posts 1..postCount exist (the generated ones), for likes. */
  postCount: number
  /** A player with posts, for the profile page. */
  profileUsername: string
  /** A post with comments, for the post and comments pages. */
  popularPostId: number
  duration: number
  connections: number
  writesPerSecond: number
  /** Where the static baseline keeps its recorded answers. */
  dataDir: string
}

export interface MixedRow {
  name: string
  writes: boolean
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  non2xx: number
  /** The server's CPU time per read (writes' included when they went on), microseconds. */
  cpuUsPerRead: number | null
  /** Writes sent meanwhile: answered 2xx, refused (4xx: a like already there), failed. */
  written?: { done: number; refused: number; failed: number; perSecond: number }
}

export interface MixedBenchResult {
  viewers: number
  writesPerSecond: number
  /** The static app's rate for the feed page's bytes, measured in the same run. */
  staticFeed: { requestsPerSecond: number; p99Ms: number; cpuUsPerRead: number | null }
  rows: MixedRow[]
}

/** Sends `perSecond` writes a second (a new post, a like, the dislike after it) until stopped. */
export function startWrites(
  options: Pick<MixedBenchOptions, 'url' | 'tokens' | 'postCount' | 'writesPerSecond'>,
) {
  const counts = { done: 0, refused: 0, failed: 0 }
  const pending = new Set<Promise<void>>()
  let turn = 0
  let liked = { token: '', postId: 0 }
  const started = performance.now()
  const send = (path: string, token: string, body: unknown) => {
    const sent = fetch(`${options.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        prefer: 'return=minimal',
        authorization: token,
      },
      body: JSON.stringify(body),
    })
      .then(async (response) => {
        await response.arrayBuffer()
        if (response.ok) counts.done++
        else if (response.status < 500) counts.refused++
        else counts.failed++
      })
      .catch(() => {
        counts.failed++
      })
      .finally(() => pending.delete(sent))
    pending.add(sent)
  }
  const timer = setInterval(() => {
    const kind = turn++ % 3
    const token = options.tokens[Math.floor(Math.random() * options.tokens.length)] ?? ''
    if (kind === 0) {
      send('/api/posts', token, { postData: { content: `Mixed bench post ${turn} #bench` } })
    } else if (kind === 1) {
      liked = { token, postId: 1 + Math.floor(Math.random() * options.postCount) }
      send(`/api/posts/like/${liked.postId}`, token, {})
    } else {
      send(`/api/posts/dislike/${liked.postId}`, liked.token, {})
    }
  }, 1000 / options.writesPerSecond)
  return {
    async stop() {
      clearInterval(timer)
      await Promise.all([...pending])
      const seconds = (performance.now() - started) / 1000
      return { ...counts, perSecond: (counts.done + counts.refused) / seconds }
    },
  }
}

const cpuOf = (pid: MixedBenchOptions['pid']) => {
  if (pid === undefined) return null
  let sum = 0
  for (const one of [pid].flat()) {
    const seconds = cpuSecondsOf(one)
    if (seconds === null) return null
    sum += seconds
  }
  return sum
}

/** A process's CPU time per read over a load, microseconds (null where /proc is not there). */
function cpuPerRead(before: number | null, after: number | null, reads: number): number | null {
  return before !== null && after !== null && reads > 0 ? ((after - before) * 1e6) / reads : null
}

/** Loads `path` as every viewer in turn (each connection cycles through its own viewers). */
export async function load(
  url: string,
  path: string,
  options: Pick<MixedBenchOptions, 'tokens' | 'connections' | 'duration'>,
  headers: Record<string, string> = {},
) {
  const perClient = Math.ceil(options.tokens.length / options.connections)
  let client = 0
  return autocannon({
    url,
    connections: options.connections,
    duration: options.duration,
    requests: [{ method: 'GET', path, headers }],
    setupClient: (c) => {
      const first = (client++ % options.connections) * perClient
      const mine = options.tokens.slice(first, first + perClient)
      c.setRequests(
        mine.map((token) => ({
          method: 'GET',
          path,
          headers: { ...headers, authorization: token },
        })),
      )
    },
  })
}

export async function runMixedBench(
  options: MixedBenchOptions,
  log: (line: string) => void = console.log,
): Promise<MixedBenchResult> {
  const minimal = { prefer: 'return=minimal' }
  const reads: { name: string; path: string; headers?: Record<string, string> }[] = [
    { name: 'home feed page', path: '/api/feed?limit=20' },
    { name: 'explore page, recent', path: '/api/posts?limit=20' },
    { name: 'one post', path: `/api/posts/${options.popularPostId}`, headers: minimal },
    { name: "a post's comments page", path: `/api/comments/${options.popularPostId}?limit=20` },
    { name: "a profile's posts page", path: `/api/posts/user/${options.profileUsername}?limit=20` },
  ]
  const [feed] = reads
  if (!feed) throw new Error('No read to measure.')
  const answer = await recordAnswer(options.url, feed.path, {
    authorization: options.tokens[0] ?? '',
  })
  const baseline = await startStaticBaseline([answer], join(options.dataDir, 'mixed-baseline.json'))
  let staticFeed: MixedBenchResult['staticFeed']
  try {
    const cpuBefore = cpuOf(baseline.child.pid)
    const result = await load(baseline.url, feed.path, options)
    const cpuAfter = cpuOf(baseline.child.pid)
    staticFeed = {
      requestsPerSecond: result.requests.average,
      p99Ms: result.latency.p99,
      cpuUsPerRead: cpuPerRead(cpuBefore, cpuAfter, result.requests.total),
    }
  } finally {
    await baseline.stop()
  }
  log(
    `[mixed] static app, feed bytes: ${staticFeed.requestsPerSecond.toFixed(0)} req/s, ${staticFeed.cpuUsPerRead?.toFixed(0) ?? '?'} µs of its CPU a read`,
  )
  const rows: MixedRow[] = []
  const measure = async (read: (typeof reads)[number], writes: boolean) => {
    const writer = writes ? startWrites(options) : null
    const cpuBefore = cpuOf(options.pid)
    const result = await load(options.url, read.path, options, read.headers)
    const cpuAfter = cpuOf(options.pid)
    const written = writer ? await writer.stop() : undefined
    const row: MixedRow = {
      name: read.name,
      writes,
      requestsPerSecond: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx + result.errors,
      cpuUsPerRead: cpuPerRead(cpuBefore, cpuAfter, result.requests.total),
      ...(written ? { written } : {}),
    }
    rows.push(row)
    log(
      `[mixed] ${`${row.name}${writes ? `, ${options.writesPerSecond} writes/s` : ', no writes'}`.padEnd(44)} ${row.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${row.p50Ms} ms  p99 ${row.p99Ms} ms` +
        (written ? `  (writes: ${written.perSecond.toFixed(1)}/s, ${written.failed} failed)` : ''),
    )
  }
  await measure(feed, false)
  await measure(feed, true)
  for (const read of reads.slice(1)) await measure(read, true)
  return {
    viewers: options.tokens.length,
    writesPerSecond: options.writesPerSecond,
    staticFeed,
    rows,
  }
}

/** Each figure beside its target. */
export function formatMixed(result: MixedBenchResult, label = ''): string {
  const mark = (met: boolean) => (met ? 'met' : 'NOT met')
  const lines = [
    `${label}${result.viewers} viewers, ${result.writesPerSecond} writes/s while writing; static app on the feed's bytes: ${result.staticFeed.requestsPerSecond.toFixed(0)} req/s at ${result.staticFeed.cpuUsPerRead?.toFixed(0) ?? '?'} µs of its CPU a read`,
    '| read | writes | req/s | share of static | p50 ms | p99 ms | server CPU µs/read | aim | |',
    '|---|---|---:|---:|---:|---:|---:|---|---|',
  ]
  for (const row of result.rows) {
    const ratio = row.requestsPerSecond / (result.staticFeed.requestsPerSecond || 1)
    const isFeed = row.name === 'home feed page'
    const aims: [string, boolean][] = []
    if (isFeed) {
      const aim = row.writes
        ? MIXED_TARGETS.feedRatioWithWrites
        : MIXED_TARGETS.feedRatioWithoutWrites
      aims.push([`share ≥ ${aim.toFixed(2)}`, ratio >= aim])
    }
    if (row.writes) {
      aims.push([
        `p99 ≤ ${MIXED_TARGETS.pagedP99WithWritesMs} ms`,
        row.p99Ms <= MIXED_TARGETS.pagedP99WithWritesMs,
      ])
    }
    lines.push(
      `| ${row.name} | ${row.writes ? `${row.written?.perSecond.toFixed(1) ?? '?'}/s` : 'none'} | ${row.requestsPerSecond.toFixed(0)} | ${isFeed ? ratio.toFixed(2) : '—'} | ${row.p50Ms} | ${row.p99Ms} | ${row.cpuUsPerRead?.toFixed(0) ?? '?'} | ${aims.map(([aim]) => aim).join(', ')} | ${aims.map(([, met]) => mark(met)).join(', ')} |`,
    )
  }
  return lines.join('\n')
}
