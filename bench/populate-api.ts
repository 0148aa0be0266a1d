/**
 * `npm run bench -- --populate api [--scale issue] [--users N --posts N --follows N --likes N
 * --comments N] [--cpu-prof DIR]`: a server that lived a while. Starts the real server on an empty
 * data folder, fills it through the HTTP API as people would (sign-ups, posts, follows with a few
 * very popular users, likes, comments), reads every whole list once, then loads new posts, a follow
 * of the most followed user and of an ordinary one, with autocannon. Unlike the generated data
 * (generate.ts), everything thousands of API writes leave behind (notifications, tags, the work
 * queue, the WAL, the query planner's statistics or their absence) is there.
 *
 * `--scale issue` is the size the read targets were set for: 2,000 users, 50,000 posts, 20,000
 * follows, 100,000 likes, 20,000 comments (tens of minutes here); the default is small enough for a
 * few minutes.
 */
import autocannon from 'autocannon'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BENCH_PASSWORD, usernameOf, type DatasetSize } from './generate'
import { cpuSecondsOf, memoryOf, startServerProcess } from './run-bench'

export const API_DEFAULT_SIZE: DatasetSize = {
  users: 200,
  posts: 5_000,
  follows: 2_000,
  likes: 10_000,
  comments: 2_000,
}

export const API_ISSUE_SIZE: DatasetSize = {
  users: 2_000,
  posts: 50_000,
  follows: 20_000,
  likes: 100_000,
  comments: 20_000,
}

/** Issue 38's targets for writes through HTTP on SQLite (10 keep-alive connections). */
export const WRITE_TARGETS: Record<string, number> = {
  'new post (return=minimal)': 3_000,
  'like + dislike': 3_000,
}

export interface WriteRow {
  name: string
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  non2xx: number
  /** The server's CPU (user and system) per request answered, from /proc. */
  serverCpuUs: number | null
  /** This process's (autocannon's) CPU per request. */
  clientCpuUs: number
  /** When the load ran (monotonic µs, as a CPU profile's samples are timed) and what it answered. */
  window: { fromUs: number; toUs: number; requests: number }
}

export interface PopulateReport {
  size: DatasetSize
  /** Writes per second while populating, per kind. */
  populate: Record<string, number>
  /** Seconds the whole-list reads took. */
  wholeListsSeconds: number
  writes: WriteRow[]
  rssMiB: number | null
}

/**
 * Loads `requests` with autocannon on `connections` keep-alive connections, each as the user
 * `tokenOf(its index)` (`perConnection` rewrites the requests for it: a post of its own to like),
 * and measures the server's CPU (/proc) and this process's (the client's) per request answered.
 */
export async function loadWrites(load: {
  url: string
  serverPid: number | undefined
  name: string
  requests: autocannon.Request[]
  connections: number
  duration: number
  tokenOf: (connection: number) => string
  perConnection?: (request: autocannon.Request, connection: number) => autocannon.Request
}): Promise<WriteRow> {
  const { serverPid, requests, perConnection = (request) => request } = load
  let next = 0
  const fromUs = Number(process.hrtime.bigint() / 1000n)
  const serverCpuBefore = serverPid ? cpuSecondsOf(serverPid) : null
  const clientCpuBefore = process.cpuUsage()
  const result = await autocannon({
    url: load.url,
    connections: load.connections,
    duration: load.duration,
    requests,
    setupClient: (client) => {
      const index = next++
      const token = load.tokenOf(index)
      client.setRequests(
        requests.map((request) => ({
          ...perConnection(request, index),
          headers: { ...request.headers, authorization: token },
        })),
      )
    },
  })
  const serverCpuAfter = serverPid ? cpuSecondsOf(serverPid) : null
  const clientCpu = process.cpuUsage(clientCpuBefore)
  const answered = Math.max(result.requests.total, 1)
  return {
    name: load.name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    serverCpuUs:
      serverCpuBefore === null || serverCpuAfter === null
        ? null
        : Math.round(((serverCpuAfter - serverCpuBefore) * 1e6) / answered),
    clientCpuUs: Math.round((clientCpu.user + clientCpu.system) / answered),
    window: {
      fromUs,
      toUs: Number(process.hrtime.bigint() / 1000n),
      requests: result.requests.total,
    },
  }
}

/** A write load's line, with its target beside it where issue 38 set one. */
export function formatWriteRow(row: WriteRow): string {
  const target = WRITE_TARGETS[row.name]
  const beside =
    target === undefined
      ? ''
      : `  target ≥ ${target}/s: ${row.requestsPerSecond >= target ? 'met' : 'NOT met'}`
  return `${row.name.padEnd(36)} ${row.requestsPerSecond.toFixed(0).padStart(6)}/s  p50 ${row.p50Ms} ms  p99 ${row.p99Ms} ms  non-2xx ${row.non2xx}  CPU µs/request: server ${row.serverCpuUs ?? '?'}, client ${row.clientCpuUs}${beside}`
}

/** Runs `count` tasks with `concurrency` at a time; answers the rate per second. */
async function inParallel(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<void>,
): Promise<number> {
  const started = performance.now()
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await task(next++)
    }),
  )
  return count / Math.max((performance.now() - started) / 1000, 0.001)
}

function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export async function populateThroughApi(options: {
  size: DatasetSize
  duration: number
  connections: number
  /** Node flags for the server process, e.g. `--cpu-prof --cpu-prof-dir=…`. */
  nodeFlags?: string[]
  /** Extra server arguments (e.g. `--database postgres://…`). */
  serverArgs?: string[]
  log?: (line: string) => void
  /** Populate this data folder and keep it (bench/profile.ts profiles on it); else a temporary one. */
  dataDir?: string
  /** Stop after the whole lists: no write load. */
  populateOnly?: boolean
}): Promise<PopulateReport & { tokens: string[]; userIds: number[]; postIds: number[] }> {
  const log = options.log ?? console.log
  const { size } = options
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'gamerstage-populate-'))
  const { child, url } = await startServerProcess(
    dataDir,
    [
      '--no-demo',
      '--limit-signups',
      '999999999',
      '--limit-comments',
      '999999999',
      ...(options.serverArgs ?? []),
    ],
    undefined,
    options.nodeFlags,
  )
  const rand = random(7)
  const pick = (n: number) => 1 + Math.floor(rand() * n)
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const response = await fetch(`${url}/api${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        prefer: 'return=minimal',
        ...(token ? { authorization: token } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await response.text()
    if (!response.ok && response.status !== 409 && response.status !== 400) {
      throw new Error(`${method} ${path}: ${response.status} ${text}`)
    }
    return {
      status: response.status,
      size: text.length,
      json: () => JSON.parse(text) as Record<string, unknown>,
    }
  }
  const report: PopulateReport = {
    size,
    populate: {},
    wholeListsSeconds: 0,
    writes: [],
    rssMiB: null,
  }
  try {
    const tokens: string[] = []
    const ids: number[] = []
    report.populate.signups = await inParallel(size.users, 4, async (index) => {
      const id = index + 1
      const answer = await call('POST', '/auth/signup', {
        username: usernameOf(id),
        password: BENCH_PASSWORD,
        firstName: 'Bench',
        lastName: String(id),
      })
      const json = answer.json() as { encodedToken: string; createdUser: { _id: string } }
      tokens[index] = json.encodedToken
      ids[index] = Number(json.createdUser._id)
    })
    log(`Signed up ${size.users} users (${report.populate.signups.toFixed(0)}/s).`)
    const tokenOf = (user: number) => tokens[user - 1] ?? ''
    const idOf = (user: number) => ids[user - 1] ?? 0

    const postIds: number[] = []
    report.populate.posts = await inParallel(size.posts, 10, async (index) => {
      const author = rand() < 0.2 ? pick(Math.min(50, size.users)) : pick(size.users)
      const tag = `#game${index % 40}`
      const mention = index % 10 === 0 ? ` @${usernameOf(pick(size.users))}` : ''
      const answer = await call(
        'POST',
        '/posts',
        { postData: { content: `Post ${index}: gg, see you at the LAN party ${tag}${mention}` } },
        tokenOf(author),
      )
      postIds.push(Number((answer.json() as { post: { _id: string } }).post._id))
    })
    log(`Wrote ${size.posts} posts (${report.populate.posts.toFixed(0)}/s).`)

    // Follows: a fifth go to user 1, the most followed; the rest at random.
    report.populate.follows = await inParallel(size.follows, 10, async () => {
      const follower = pick(size.users)
      const followee = rand() < 0.2 ? 1 : pick(size.users)
      if (follower === followee) return
      await call('POST', `/users/follow/${idOf(followee)}`, {}, tokenOf(follower))
    })
    log(`Followed ${size.follows} times (${report.populate.follows.toFixed(0)}/s).`)

    report.populate.likes = await inParallel(size.likes, 10, async () => {
      const post = rand() < 0.2 ? postIds[postIds.length - 1] : postIds[pick(postIds.length) - 1]
      await call('POST', `/posts/like/${post}`, {}, tokenOf(pick(size.users)))
    })
    log(`Liked ${size.likes} times (${report.populate.likes.toFixed(0)}/s).`)

    report.populate.comments = await inParallel(size.comments, 10, async () => {
      const post = rand() < 0.2 ? postIds[postIds.length - 1] : postIds[pick(postIds.length) - 1]
      await call(
        'POST',
        `/comments/add/${post}`,
        { commentData: { text: 'Nice one!' } },
        tokenOf(pick(size.users)),
      )
    })
    log(`Commented ${size.comments} times (${report.populate.comments.toFixed(0)}/s).`)

    // Reads of whole lists, as an old client or a curious user makes them.
    const started = performance.now()
    let bytes = 0
    for (const path of ['/posts', '/users', `/posts/user/${usernameOf(1)}`, '/feed']) {
      const answer = await call('GET', path, undefined, tokenOf(2))
      if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status}`)
      bytes += answer.size
    }
    report.wholeListsSeconds = (performance.now() - started) / 1000
    log(
      `Read the whole lists (${(bytes / 2 ** 20).toFixed(1)} MiB) in ${report.wholeListsSeconds.toFixed(1)} s.`,
    )
    const kept = { ...report, tokens, userIds: ids, postIds }
    if (options.populateOnly) return kept

    /**
     * Loads `requests` over `connections`, each connection as a user of its own;
     * `perConnection` rewrites them for the connection (its own post to like).
     */
    const load = async (
      name: string,
      requests: autocannon.Request[],
      connections: number,
      perConnection?: (request: autocannon.Request, index: number) => autocannon.Request,
    ) => {
      const row = await loadWrites({
        url,
        serverPid: child.pid,
        name,
        requests,
        connections,
        duration: options.duration,
        tokenOf: (index) => tokenOf(3 + (index % Math.max(1, size.users - 3))),
        ...(perConnection ? { perConnection } : {}),
      })
      report.writes.push(row)
      log(formatWriteRow(row))
    }
    const minimal = { 'content-type': 'application/json', prefer: 'return=minimal' }
    await load(
      'new post (return=minimal)',
      [
        {
          method: 'POST',
          path: '/api/posts',
          headers: minimal,
          body: JSON.stringify({ postData: { content: 'After a while #lan' } }),
        },
      ],
      options.connections,
    )
    // Likes as the populating client made them, but from autocannon's 10 keep-alive
    // connections: each connection's user likes, then dislikes (which takes the like back), a
    // post of its own written just before by another user, again and again; every like makes
    // the author a notification and every dislike removes it.
    const liked: number[] = []
    for (let index = 0; index < options.connections; index++) {
      const answer = await call(
        'POST',
        '/posts',
        { postData: { content: `To be liked ${index} #lan` } },
        tokenOf(2),
      )
      liked.push(Number((answer.json() as { post: { _id: string } }).post._id))
    }
    await load(
      'like + dislike',
      [
        { method: 'POST', path: '/api/posts/like/:post', headers: minimal, body: '{}' },
        { method: 'POST', path: '/api/posts/dislike/:post', headers: minimal, body: '{}' },
      ],
      options.connections,
      (request, index) => ({
        ...request,
        path: (request.path ?? '').replace(':post', String(liked[index % liked.length])),
      }),
    )
    for (const [name, target] of [
      ['follow + unfollow, most followed', idOf(1)],
      ['follow + unfollow, ordinary user', idOf(size.users)],
    ] as const) {
      await load(
        name,
        [
          { method: 'POST', path: `/api/users/follow/${target}`, headers: minimal, body: '{}' },
          { method: 'POST', path: `/api/users/unfollow/${target}`, headers: minimal, body: '{}' },
        ],
        options.connections,
      )
    }
    report.rssMiB = child.pid ? memoryOf(child.pid).rssMiB : null
    return kept
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
    }
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
  }
}
