/**
 * The benchmark: generates a dataset, starts the real server on it in a child process, loads
 * each endpoint over loopback with autocannon, and reports throughput, latency and size per
 * endpoint beside a bare `GET /api/health` measured in the same run.
 */
import autocannon from 'autocannon'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { BENCH_PASSWORD, generateDataset, type Dataset, type DatasetSize } from './generate'
import { SERVER_CLI, SERVER_NODE_FLAGS } from '../scripts/build-stamp'
import { DATABASE_FILE, SECRET_FILE } from '../src/server/server'
import { signToken } from '../src/server/auth/token'
import { prepareCluster } from './cluster'
import { preparePostgres } from './postgres'
import { formatMemory, measureMemory, type MemoryReport } from './memory-bench'
import { formatStream, runStreamBench, type StreamBenchResult } from './stream-bench'
import { formatUploads, runUploadBench, type UploadBenchResult } from './upload-bench'
import {
  CLIP_BENCH_TARGET_ADDED_MS,
  formatClipBench,
  runClipBench,
  type ClipBenchResult,
} from './clip-bench'
import {
  WHOLE_LIST_HEALTH_TARGET_MS,
  formatWholeLists,
  runWholeListBench,
  type WholeListBenchResult,
} from './whole-list-bench'
import { recordAnswer, startStaticBaseline } from './static-baseline'
import { runMixedBench, type MixedBenchResult } from './mixed-bench'

/**
 * What a run can measure, each on a copy of the same generated data: one server process on SQLite,
 * one on PostgreSQL, and a cluster of three on PostgreSQL and Redis behind a proxy (cluster.ts).
 */
export const BENCH_DATABASES = ['sqlite', 'postgres', 'cluster'] as const
export type BenchDatabase = (typeof BENCH_DATABASES)[number]

export interface BenchOptions {
  size: DatasetSize
  /** Seconds of load per endpoint. */
  duration: number
  connections: number
  /** Requests per endpoint instead of a duration (the smoke test's exact, quick runs). */
  amount?: number
  /** The databases measured, one after another, in this order (default: SQLite only). */
  databases?: BenchDatabase[]
  /**
   * A PostgreSQL cluster to measure on (`postgres://user@host:port/db`): the bench creates a
   * database of its own there and drops it at the end. Unset, it starts a throwaway cluster.
   */
  pgUrl?: string
  /**
   * Three instances behind a proxy that keeps each client on one instance (by its
   * Authorization header, as nginx's `hash $http_authorization consistent`), not round robin.
   */
  sticky?: boolean
  /** Also measure memory: idle, after load, and whole lists (memory-bench.ts; SQLite). */
  memory?: boolean
  /** Clients of the live event stream (`GET /api/events`) for its row (default 200); 0 skips it. */
  streamClients?: number
  /**
   * The side of the four images uploaded at once while logins are timed (upload-bench.ts;
   * default the largest the server takes, LARGEST_SIDE); 0 skips it.
   */
  uploadSide?: number
  /**
   * Seconds of `/api/health` idle and again while hostile clips upload
   * (clip-bench.ts); 0 (the default) skips it.
   */
  clipSeconds?: number
  /**
   * The mixed workload instead of the endpoints (mixed-bench.ts): this many viewers read
   * while this many writes a second go in.
   */
  mixed?: { viewers: number; writesPerSecond: number }
}

export interface EndpointResult {
  name: string
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  /** Average response body size in bytes. */
  responseBytes: number
  /** Throughput as a share of the bare health route's, measured in the same run. */
  ratioToBare: number
  /**
   * A paged read's: the static baseline's rate for the very same bytes and headers
   * (static-baseline.ts), measured right after it, and the real server's share of it.
   */
  baseline?: { requestsPerSecond: number; p99Ms: number; ratio: number }
  non2xx: number
  errors: number
  /** Requests answered. */
  completed: number
  /**
   * The server process's CPU time (user + system, /proc) per request answered, in
   * milliseconds, where known: unlike the rate, barely moved by other work on a shared machine.
   */
  cpuMsPerRequest?: number
}

/** One database's run: its server, every endpoint, the live stream and the uploads. */
export interface DatabaseRun {
  database: BenchDatabase
  /**
   * Seconds to put the generated data into this database: 0 for SQLite, which it is generated
   * in; for PostgreSQL, starting its cluster and copying every row (bench/postgres.ts).
   */
  loadSeconds: number
  server: { readySeconds: number; rssMiB: number | null; peakRssMiB: number | null }
  endpoints: EndpointResult[]
  /** The live event stream: new posts' delivery to every connected client (stream-bench.ts). */
  stream?: StreamBenchResult
  /** Logins while four large images are uploaded at once (upload-bench.ts). */
  uploads?: UploadBenchResult
  /** `/api/health` while hostile clips upload (clip-bench.ts). */
  clips?: ClipBenchResult
  /** /api/health while two clients download every post (whole-list-bench.ts). */
  wholeLists?: WholeListBenchResult
  /** The mixed workload (mixed-bench.ts), when asked for instead of the rest. */
  mixed?: MixedBenchResult
}

export interface BenchReport {
  date: string
  machine: {
    cpu: string
    cores: number
    memoryGiB: number
    platform: string
    node: string
    /** The 1-minute load average when the run started and when it ended: how shared it was. */
    loadAverage: { start: number; end: number }
  }
  options: BenchOptions
  dataset: { generateSeconds: number; popularPostLikes: number }
  /** One per database, in the order asked, side by side in `formatTable`. */
  runs: DatabaseRun[]
  /** Memory of the SQLite server (memory-bench.ts). */
  memory?: MemoryReport
}

export interface Endpoint {
  name: string
  requests: autocannon.Request[]
  /** Each connection signs in as its own user. */
  signedIn?: boolean
  /**
   * A pair's second request, sent again by every user once the load ends: a run stopped between
   * a like and its dislike (a follow and its unfollow) leaves a state the next run of the same
   * pair would be refused on (bench/compare-builds.ts runs each endpoint several times).
   */
  settle?: autocannon.Request | autocannon.Request[]
  /** A paged read (TARGETS.pagedRatio): measured beside the static baseline. */
  paged?: boolean
}

/** What the endpoints name of the dataset: the same for every database of a run. */
export type EndpointData = Pick<
  Dataset,
  'popularPostId' | 'profileUsername' | 'followTargetId' | 'popularUserId' | 'usernameOf'
>

/** The measured endpoints, in order; `freshPostId` is the post the like + dislike pair hits. */
export function endpoints(dataset: EndpointData, freshPostId: number): Endpoint[] {
  const get = (path: string): autocannon.Request[] => [{ method: 'GET', path }]
  const json = { 'content-type': 'application/json' }
  const minimal = { ...json, prefer: 'return=minimal' }
  return [
    { name: 'bare GET /api/health', requests: get('/api/health') },
    {
      name: 'home feed page (follows 200)',
      requests: get('/api/feed?limit=20'),
      signedIn: true,
      paged: true,
    },
    {
      name: 'explore page, recent',
      requests: get('/api/posts?limit=20'),
      signedIn: true,
      paged: true,
    },
    {
      name: 'explore page, by likes',
      requests: get('/api/posts?limit=20&sort=likes'),
      signedIn: true,
      paged: true,
    },
    {
      name: 'one post (most liked)',
      requests: [
        {
          method: 'GET',
          path: `/api/posts/${dataset.popularPostId}`,
          headers: { prefer: 'return=minimal' },
        },
      ],
      signedIn: true,
      paged: true,
    },
    {
      name: "a post's comments page",
      requests: get(`/api/comments/${dataset.popularPostId}?limit=20`),
      signedIn: true,
      paged: true,
    },
    {
      name: "a profile's posts page",
      requests: get(`/api/posts/user/${dataset.profileUsername}?limit=20`),
      signedIn: true,
      paged: true,
    },
    {
      name: 'a profile (follows 200)',
      requests: get(`/api/users/${dataset.profileUsername}`),
      paged: true,
    },
    {
      name: 'user search by prefix',
      requests: get('/api/users?search=user00&limit=8'),
      paged: true,
    },
    {
      // Every bench post holds "LAN party": the worst case, every post ranked (services/reads/search.ts).
      name: 'post search, two common words',
      requests: get('/api/search?q=lan%20party&type=posts&limit=20'),
      signedIn: true,
    },
    {
      name: 'like + dislike pair',
      requests: [
        { method: 'POST', path: `/api/posts/like/${freshPostId}`, headers: minimal, body: '{}' },
        { method: 'POST', path: `/api/posts/dislike/${freshPostId}`, headers: minimal, body: '{}' },
      ],
      settle: { method: 'POST', path: `/api/posts/dislike/${freshPostId}`, body: '{}' },
      signedIn: true,
    },
    {
      name: 'follow + unfollow pair',
      requests: [
        {
          method: 'POST',
          path: `/api/users/follow/${dataset.followTargetId}`,
          headers: minimal,
          body: '{}',
        },
        {
          method: 'POST',
          path: `/api/users/unfollow/${dataset.followTargetId}`,
          headers: minimal,
          body: '{}',
        },
      ],
      settle: { method: 'POST', path: `/api/users/unfollow/${dataset.followTargetId}`, body: '{}' },
      signedIn: true,
    },
    {
      name: 'follow + unfollow, most followed',
      requests: [
        {
          method: 'POST',
          path: `/api/users/follow/${dataset.popularUserId}`,
          headers: minimal,
          body: '{}',
        },
        {
          method: 'POST',
          path: `/api/users/unfollow/${dataset.popularUserId}`,
          headers: minimal,
          body: '{}',
        },
      ],
      settle: { method: 'POST', path: `/api/users/unfollow/${dataset.popularUserId}`, body: '{}' },
      signedIn: true,
    },
    {
      // The "mixed writes": a post, a like and its dislike, a follow and its unfollow, a
      // comment, in turn on every connection.
      name: 'mixed writes',
      requests: [
        {
          method: 'POST',
          path: '/api/posts',
          headers: minimal,
          body: JSON.stringify({ postData: { content: 'Mixed writes #bench' } }),
        },
        { method: 'POST', path: `/api/posts/like/${freshPostId}`, headers: minimal, body: '{}' },
        { method: 'POST', path: `/api/posts/dislike/${freshPostId}`, headers: minimal, body: '{}' },
        {
          method: 'POST',
          path: `/api/users/follow/${dataset.followTargetId}`,
          headers: minimal,
          body: '{}',
        },
        {
          method: 'POST',
          path: `/api/users/unfollow/${dataset.followTargetId}`,
          headers: minimal,
          body: '{}',
        },
        {
          method: 'POST',
          path: `/api/comments/add/${freshPostId}`,
          headers: minimal,
          body: JSON.stringify({ commentData: { text: 'gg' } }),
        },
      ],
      settle: [
        { method: 'POST', path: `/api/posts/dislike/${freshPostId}`, body: '{}' },
        { method: 'POST', path: `/api/users/unfollow/${dataset.followTargetId}`, body: '{}' },
      ],
      signedIn: true,
    },
    {
      name: 'new post (return=minimal)',
      requests: [
        {
          method: 'POST',
          path: '/api/posts',
          headers: minimal,
          body: JSON.stringify({ postData: { content: 'Benchmark says hi' } }),
        },
      ],
      signedIn: true,
    },
    {
      name: 'login',
      requests: [
        {
          method: 'POST',
          path: '/api/auth/login',
          headers: json,
          body: JSON.stringify({ username: dataset.usernameOf(2), password: BENCH_PASSWORD }),
        },
      ],
    },
  ]
}

/**
 * Starts `npm run serve`'s server on the data folder and waits for its address: this checkout's
 * build, or another's `out/server/cli.js` (bench/compare-builds.ts).
 */
export function startServerProcess(
  dataDir: string,
  args: string[] = ['--no-demo'],
  cli: string = SERVER_CLI,
  /** Node's own flags for the server process (`--cpu-prof`, …). */
  nodeFlags: readonly string[] = [],
): Promise<{ child: ChildProcess; url: string; readySeconds: number }> {
  const started = performance.now()
  const child = spawn(
    process.execPath,
    [
      // As `npm run serve` starts it.
      ...SERVER_NODE_FLAGS,
      ...nodeFlags,
      ...[cli, '--port', '0', '--data', dataDir, ...args],
      // The bench likes, posts and logs in far past any real allowance: the limiter stays in
      // the measured path, its limit out of the way.
      ...['--limit-reactions', '999999999', '--limit-posts', '999999999'],
      ...['--limit-logins', '999999999', '--limit-follows', '999999999'],
      // The clip bench sends hundreds of MB of hostile clips.
      ...['--limit-uploads', '999999999', '--limit-upload-mb', '999999999'],
    ],
    { cwd: resolve(dirname(cli), '../..'), stdio: ['ignore', 'pipe', 'pipe'] },
  )
  return new Promise((resolve, reject) => {
    let output = ''
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match?.[1]) {
        child.stdout?.off('data', onData)
        resolve({ child, url: match[1], readySeconds: (performance.now() - started) / 1000 })
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) => reject(new Error(`The server exited (${code}): ${output}`)))
  })
}

/** The CPU time so far of one process, or of a cluster's processes together. */
function cpuSecondsOfAll(pids: number | readonly number[]): number | null {
  let total = 0
  for (const pid of typeof pids === 'number' ? [pids] : pids) {
    const seconds = cpuSecondsOf(pid)
    if (seconds === null) return null
    total += seconds
  }
  return total
}

/**
 * Waits until the server's processes go quiet (under 10 ms of CPU in half a second; 15 s at most),
 * so that the work it took during the last load (logins queued for scrypt) is done before its
 * memory is read: the figure after the bench, not one taken with hashes still running.
 */
export async function whenQuiet(pids: number | readonly number[]): Promise<void> {
  const deadline = performance.now() + 15_000
  let before = cpuSecondsOfAll(pids)
  while (before !== null && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    const after = cpuSecondsOfAll(pids)
    if (after === null || after - before < 0.01) return
    before = after
  }
}

/** A process's CPU time so far (user + system) in seconds, where /proc tells (Linux). */
export function cpuSecondsOf(pid: number): number | null {
  try {
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
  } catch {
    return null
  }
}

/** Linux's USER_HZ, the unit of /proc's CPU times, which is 100 on every common build. */
const CLOCK_TICKS = 100

/** Resident and peak memory of a process in MiB, where /proc tells (Linux). */
export function memoryOf(pid: number): { rssMiB: number | null; peakRssMiB: number | null } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1])
    return { rssMiB: kib('VmRSS') / 1024, peakRssMiB: kib('VmHWM') / 1024 }
  } catch {
    return { rssMiB: null, peakRssMiB: null }
  }
}

async function post(url: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      prefer: 'return=minimal',
      ...(token ? { authorization: token } : {}),
    },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`)
  return (await response.json()) as Record<string, unknown>
}

/**
 * Signs in one user per connection (users 1..n; user 1 follows 200 people) and makes the post
 * the like + dislike pair hits.
 */
export async function signIn(
  url: string,
  usernameOf: (id: number) => string,
  connections: number,
): Promise<{ tokens: string[]; freshPostId: number }> {
  const tokens: string[] = []
  for (let id = 1; id <= connections; id++) {
    const login = await post(`${url}/api/auth/login`, {
      username: usernameOf(id),
      password: BENCH_PASSWORD,
    })
    tokens.push(login.encodedToken as string)
  }
  const fresh = await post(`${url}/api/posts`, { postData: { content: 'like me' } }, tokens[0])
  return { tokens, freshPostId: Number((fresh.post as { _id: string })._id) }
}

/**
 * Loads one endpoint with autocannon. Each connection signs in as its own user, so a like and
 * the dislike after it (a follow and the unfollow) are always allowed; the home feed is user
 * 1's, who follows 200 people. (Tokens go into each client's own requests: autocannon resets
 * per-request context after every round.) `bareRate` is the bare route's rate in the same run.
 */
export async function loadEndpoint(
  url: string,
  endpoint: Endpoint,
  tokens: string[],
  load: Pick<BenchOptions, 'connections' | 'duration' | 'amount'>,
  bareRate: number,
  serverPid?: number | readonly number[],
): Promise<EndpointResult> {
  let nextUser = 0
  const cpuBefore = serverPid ? cpuSecondsOfAll(serverPid) : null
  const result = await autocannon({
    url,
    connections: load.connections,
    // An exact amount ends at the next sample: every 50 ms rather than every second, so that a
    // smoke run takes a few seconds for all its endpoints, not one second each.
    ...(load.amount ? { amount: load.amount, sampleInt: 50 } : { duration: load.duration }),
    requests: endpoint.requests,
    setupClient: endpoint.signedIn
      ? (client) => {
          const token = endpoint.name.startsWith('home')
            ? tokens[0]
            : tokens[nextUser++ % tokens.length]
          client.setRequests(
            endpoint.requests.map((request) => ({
              ...request,
              headers: { ...request.headers, authorization: token ?? '' },
            })),
          )
        }
      : undefined,
  })
  const cpuAfter = serverPid ? cpuSecondsOfAll(serverPid) : null
  for (const { path, body } of [endpoint.settle ?? []].flat()) {
    for (const token of tokens) {
      // Refused when the pair ended whole (already not liked): that is the state wanted.
      await fetch(`${url}${path}`, {
        method: 'POST',
        // Minimal: a dislike's full answer is the whole post list.
        headers: {
          'content-type': 'application/json',
          prefer: 'return=minimal',
          authorization: token,
        },
        body: typeof body === 'string' ? body : '{}',
      }).then((response) => response.arrayBuffer())
    }
  }
  // Samples are per second, except for an exact amount's short samples (above).
  const requestsPerSecond = load.amount
    ? result.requests.total / Math.max(result.duration, 0.01)
    : result.requests.average
  return {
    name: endpoint.name,
    requestsPerSecond,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    responseBytes: result.requests.total ? result.throughput.total / result.requests.total : 0,
    ratioToBare: bareRate ? requestsPerSecond / bareRate : requestsPerSecond ? 1 : 0,
    non2xx: result.non2xx,
    errors: result.errors,
    completed: result.requests.total,
    ...(cpuBefore !== null && cpuAfter !== null && result.requests.total
      ? { cpuMsPerRequest: ((cpuAfter - cpuBefore) * 1000) / result.requests.total }
      : {}),
  }
}

/** A server the bench started: its address, and its memory as /proc tells. */
interface RunningServer {
  url: string
  /** The process (or a cluster's processes) whose CPU time is counted per request. */
  pid?: number | readonly number[]
  readySeconds: number
  memory(): { rssMiB: number | null; peakRssMiB: number | null }
  stop(): Promise<void>
}

/**
 * Where a run's server runs, and on what: one server process on the data folder's SQLite file,
 * or one on a PostgreSQL database holding a copy of the same rows.
 *
 * The three-instance run (bench/cluster.ts) is meant to be one more target here: its `prepare`
 * would start Redis and an S3-compatible server beside the PostgreSQL database, its `start`
 * three server processes on 127.0.0.2–4 (`--database`, the shared key in `dataDir`) with the
 * proxy in front, answering the proxy's address as `url` and the instances' summed memory.
 * Everything else (the endpoints, the stream, the uploads, the table) works on any target.
 */
interface BenchTarget {
  database: BenchDatabase
  /** Seconds the data took to get there (`DatabaseRun.loadSeconds`). */
  loadSeconds: number
  /** The data folder whose key signs the stream bench's tokens. */
  dataDir: string
  start(): Promise<RunningServer>
  close(): Promise<void>
}

function serverOn(dataDir: string, args: string[]): () => Promise<RunningServer> {
  return async () => {
    const { child, url, readySeconds } = await startServerProcess(dataDir, args)
    return {
      url,
      ...(child.pid ? { pid: child.pid } : {}),
      readySeconds,
      memory: () => (child.pid ? memoryOf(child.pid) : { rssMiB: null, peakRssMiB: null }),
      stop: async () => {
        if (child.exitCode !== null) return
        child.kill('SIGTERM')
        await new Promise((resolve) => child.once('exit', resolve))
      },
    }
  }
}

/** The generated data, ready for one database's server. PostgreSQL copies it as generated. */
async function prepareTarget(
  database: BenchDatabase,
  dataDir: string,
  options: BenchOptions,
): Promise<BenchTarget> {
  if (database === 'sqlite') {
    return {
      database,
      loadSeconds: 0,
      dataDir,
      start: serverOn(dataDir, ['--no-demo']),
      close: async () => {},
    }
  }
  const postgres = await preparePostgres(join(dataDir, DATABASE_FILE), options.pgUrl)
  if (database === 'cluster') {
    const cluster = await prepareCluster(
      postgres.url,
      join(dataDir, 'cluster'),
      async (folder, args) => {
        const { pid, ...process } = await serverOn(folder, args)()
        return typeof pid === 'number' ? { ...process, pid } : process
      },
      { sticky: options.sticky === true },
    )
    return {
      database,
      loadSeconds: postgres.clusterSeconds + postgres.copySeconds,
      dataDir: cluster.dataDir,
      start: async () => {
        const started = await cluster.start()
        return { ...started, pid: started.pids }
      },
      close: async () => {
        await cluster.close()
        await postgres.drop()
      },
    }
  }
  // Its own data folder, for the key its tokens are signed with (and media, none here).
  const keyDir = join(dataDir, 'postgres')
  mkdirSync(keyDir)
  return {
    database,
    loadSeconds: postgres.clusterSeconds + postgres.copySeconds,
    dataDir: keyDir,
    start: serverOn(keyDir, ['--no-demo', '--database', postgres.url]),
    close: postgres.drop,
  }
}

/** Runs every part of the bench on one target's server. */
async function runOn(
  target: BenchTarget,
  dataset: Dataset,
  options: BenchOptions,
  log: (line: string) => void,
): Promise<DatabaseRun> {
  const server = await target.start()
  const { url } = server
  try {
    log(`[${target.database}] Ready in ${server.readySeconds.toFixed(2)} s at ${url}.`)
    if (options.mixed) {
      // Signed with the data folder's key, as the stream bench's: 200 logins would meet the
      // login limits and spend seconds of scrypt.
      const secret = readFileSync(join(target.dataDir, SECRET_FILE))
      const tokens = await Promise.all(
        Array.from({ length: options.mixed.viewers }, (_, index) =>
          signToken({ _id: String(index + 1), username: dataset.usernameOf(index + 1) }, secret),
        ),
      )
      const mixed = await runMixedBench(
        {
          url,
          ...(server.pid !== undefined ? { pid: server.pid } : {}),
          tokens,
          postCount: options.size.posts,
          profileUsername: dataset.profileUsername,
          popularPostId: dataset.popularPostId,
          duration: options.duration,
          connections: options.connections,
          writesPerSecond: options.mixed.writesPerSecond,
          dataDir: target.dataDir,
        },
        (line) => log(`[${target.database}] ${line}`),
      )
      return {
        database: target.database,
        loadSeconds: target.loadSeconds,
        server: { readySeconds: server.readySeconds, ...server.memory() },
        endpoints: [],
        mixed,
      }
    }
    // First, while the server's memory is at its resting level: RSS growth is the streams' own.
    const streamClients = options.streamClients ?? 200
    const stream =
      streamClients > 0
        ? await runStreamBench({
            url,
            dataDir: target.dataDir,
            clients: streamClients,
            posts: 5,
            users: options.size.users,
            usernameOf: dataset.usernameOf,
            memory: server.memory,
          })
        : undefined
    if (stream) log(`[${target.database}] ${formatStream(stream)}`)

    const { tokens, freshPostId } = await signIn(url, dataset.usernameOf, options.connections)
    const measured = endpoints(dataset, freshPostId)
    // The static baseline answers each paged read's very bytes, as the real server answered
    // them before any write of the run (the first connection's, signed in as it is).
    const answers = await Promise.all(
      measured
        .filter((endpoint) => endpoint.paged)
        .map(async (endpoint) => {
          const request = endpoint.requests[0]
          const headers: Record<string, string> = {
            ...((request?.headers ?? {}) as Record<string, string>),
            ...(endpoint.signedIn ? { authorization: tokens[0] ?? '' } : {}),
          }
          return recordAnswer(url, request?.path ?? '/', headers)
        }),
    )
    const baseline = await startStaticBaseline(answers, join(target.dataDir, 'baseline.json'))
    const results: EndpointResult[] = []
    let bareRate = 0
    try {
      for (const endpoint of measured) {
        const row = await loadEndpoint(url, endpoint, tokens, options, bareRate, server.pid)
        if (results.length === 0) bareRate = row.requestsPerSecond
        if (endpoint.paged) {
          const base = await loadEndpoint(baseline.url, endpoint, tokens, options, bareRate)
          row.baseline = {
            requestsPerSecond: base.requestsPerSecond,
            p99Ms: base.p99Ms,
            ratio: base.requestsPerSecond ? row.requestsPerSecond / base.requestsPerSecond : 0,
          }
        }
        results.push(row)
        log(
          `[${target.database}] ${row.name.padEnd(32)} ${row.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${row.p50Ms} ms  p99 ${row.p99Ms} ms` +
            (row.baseline
              ? `  baseline ${row.baseline.requestsPerSecond.toFixed(0)} req/s, ratio ${row.baseline.ratio.toFixed(2)}`
              : ''),
        )
      }
    } finally {
      await baseline.stop()
    }
    const uploads =
      options.uploadSide === 0
        ? undefined
        : await runUploadBench({
            url,
            tokens,
            login: { username: dataset.usernameOf(2), password: BENCH_PASSWORD },
            side: options.uploadSide,
          })
    if (uploads) log(`[${target.database}] ${formatUploads(uploads)}`)
    const clips = options.clipSeconds
      ? await runClipBench({ url, token: tokens[0] ?? '', seconds: options.clipSeconds })
      : undefined
    if (clips) log(`[${target.database}] ${formatClipBench(clips)}`)
    const wholeLists = await runWholeListBench({ url })
    log(`[${target.database}] ${formatWholeLists(wholeLists)}`)
    if (server.pid !== undefined) await whenQuiet(server.pid)
    return {
      database: target.database,
      loadSeconds: target.loadSeconds,
      server: { readySeconds: server.readySeconds, ...server.memory() },
      endpoints: results,
      ...(stream ? { stream } : {}),
      ...(uploads ? { uploads } : {}),
      ...(clips ? { clips } : {}),
      wholeLists,
    }
  } finally {
    await server.stop()
  }
}

export async function runBench(
  options: BenchOptions,
  log: (line: string) => void = console.log,
): Promise<BenchReport> {
  const databases = [...new Set<BenchDatabase>(options.databases ?? ['sqlite'])]
  if (databases.length === 0) throw new Error('No database to measure.')
  const loadAtStart = loadavg()[0] ?? 0
  const dataDir = mkdtempSync(join(tmpdir(), 'gamerstage-bench-'))
  const targets: BenchTarget[] = []
  try {
    log(`Generating ${JSON.stringify(options.size)}…`)
    const dataset = await generateDataset(dataDir, options.size)
    log(`Generated in ${dataset.seconds.toFixed(1)} s.`)
    // Every database gets the data as generated, before any run writes to it.
    for (const database of databases) {
      if (database !== 'sqlite') log(`[${database}] Copying the data…`)
      const target = await prepareTarget(database, dataDir, options)
      targets.push(target)
      if (target.loadSeconds)
        log(`[${database}] Data in place in ${target.loadSeconds.toFixed(1)} s.`)
    }
    const runs: DatabaseRun[] = []
    for (const target of targets) runs.push(await runOn(target, dataset, options, log))

    const sqliteRun = runs.find((run) => run.database === 'sqlite')
    // Last, and not worth the whole report: a failure here is told and the rest kept.
    const memoryReport = options.memory
      ? await measureMemory(dataDir, sqliteRun?.server.rssMiB ?? null, log).catch(
          (error: unknown) => {
            log(`Memory: not measured (${(error as Error).message}).`)
            return undefined
          },
        )
      : undefined
    const cpu = cpus()
    return {
      date: new Date().toISOString(),
      machine: {
        cpu: cpu[0]?.model ?? 'unknown',
        cores: cpu.length,
        memoryGiB: Math.round(totalmem() / 2 ** 30),
        platform: `${process.platform} ${process.arch}`,
        node: process.version,
        loadAverage: { start: loadAtStart, end: loadavg()[0] ?? 0 },
      },
      options,
      dataset: { generateSeconds: dataset.seconds, popularPostLikes: dataset.popularLikes },
      runs,
      ...(memoryReport ? { memory: memoryReport } : {}),
    }
  } finally {
    for (const target of targets) await target.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The server's targets, each a figure of one run beside the figure it aims at. */
export const TARGETS = {
  pagedRatio: 0.5,
  pagedP99Ms: 10,
  mixedWritesPerSecond: 3000,
  rssMiB: 150,
  uiFirstPostsMs: 200,
} as const

/**
 * Each target beside its figure, per database: every paged read's share of the static baseline
 * and its p99, the mixed writes' rate, a follow of the most followed user against an ordinary
 * one, the server's memory after the whole bench, and `npm run bench:ui`'s last median (read
 * from bench/results/ui-latest.json when there is one).
 */
export function formatTargets(report: BenchReport, uiMedianMs: number | null = null): string {
  const mark = (met: boolean) => (met ? 'met' : 'NOT met')
  const lines = ['| target | figure | aim | |', '|---|---:|---:|---|']
  for (const run of report.runs) {
    const label = report.runs.length > 1 ? `${run.database}: ` : ''
    for (const row of run.endpoints) {
      if (!row.baseline) continue
      lines.push(
        `| ${label}${row.name}, share of static | ${row.baseline.ratio.toFixed(2)} (${row.requestsPerSecond.toFixed(0)} of ${row.baseline.requestsPerSecond.toFixed(0)} req/s) | ≥ ${TARGETS.pagedRatio.toFixed(2)} | ${mark(row.baseline.ratio >= TARGETS.pagedRatio)} |`,
        `| ${label}${row.name}, p99 | ${row.p99Ms} ms | ≤ ${TARGETS.pagedP99Ms} ms | ${mark(row.p99Ms <= TARGETS.pagedP99Ms)} |`,
      )
    }
    const byName = (name: string) => run.endpoints.find((row) => row.name === name)
    const mixed = byName('mixed writes')
    if (mixed) {
      // Each of its requests is one write.
      lines.push(
        `| ${label}mixed writes | ${mixed.requestsPerSecond.toFixed(0)}/s | ≥ ${TARGETS.mixedWritesPerSecond} /s | ${mark(mixed.requestsPerSecond >= TARGETS.mixedWritesPerSecond)} |`,
      )
    }
    const popular = byName('follow + unfollow, most followed')
    const ordinary = byName('follow + unfollow pair')
    if (popular && ordinary && ordinary.requestsPerSecond) {
      const share = popular.requestsPerSecond / ordinary.requestsPerSecond
      lines.push(
        `| ${label}follow of the most followed vs an ordinary user | ${share.toFixed(2)} (${popular.requestsPerSecond.toFixed(0)} vs ${ordinary.requestsPerSecond.toFixed(0)}/s) | ≈ 1 (≥ 0.90) | ${mark(share >= 0.9)} |`,
      )
    }
    if (run.clips) {
      const added = run.clips.addedP99Ms
      lines.push(
        `| ${label}/api/health p99 added while hostile clips upload | +${added} ms (${run.clips.underHostileClips.p99Ms} vs ${run.clips.idle.p99Ms} ms) | < ${CLIP_BENCH_TARGET_ADDED_MS} ms | ${mark(added < CLIP_BENCH_TARGET_ADDED_MS)} |`,
      )
    }
    if (run.wholeLists) {
      const added = run.wholeLists.addedP99Ms
      lines.push(
        `| ${label}/api/health p99 added while two clients download every post | ${added} ms (p99 ${run.wholeLists.during.p99Ms} ms vs ${run.wholeLists.idle.p99Ms} ms idle) | < ${WHOLE_LIST_HEALTH_TARGET_MS} ms | ${mark(added < WHOLE_LIST_HEALTH_TARGET_MS)} |`,
      )
    }
    const rss = run.server.rssMiB
    lines.push(
      `| ${label}server memory after the bench, once quiet | ${rss === null ? '?' : `${rss.toFixed(0)} MiB (peak ${run.server.peakRssMiB?.toFixed(0) ?? '?'} MiB)`} | ≤ ${TARGETS.rssMiB} MB | ${rss === null ? '?' : mark(rss <= TARGETS.rssMiB)} |`,
    )
  }
  lines.push(
    `| first posts on /home (bench:ui median) | ${uiMedianMs === null ? 'not measured (npm run bench:ui)' : `${uiMedianMs} ms`} | ≤ ${TARGETS.uiFirstPostsMs} ms | ${uiMedianMs === null ? '?' : mark(uiMedianMs <= TARGETS.uiFirstPostsMs)} |`,
  )
  return lines.join('\n')
}

/** The report as a table for the terminal (and docs/PERFORMANCE.md): the databases side by side. */
export function formatTable(report: BenchReport): string {
  const { runs } = report
  const [first] = runs
  if (!first) return ''
  const header =
    '| endpoint | ' +
    runs
      .map(({ database: db }) => `${db} req/s | ${db} p50 ms | ${db} p99 ms | ${db} CPU µs/req`)
      .join(' | ') +
    (runs.length > 1 ? ` | ${runs.map((run) => run.database).join(' / ')}` : ' | vs bare') +
    ' | response bytes | non-2xx |'
  const columns = 4 * runs.length + 4
  const rule = `|---${'|---:'.repeat(columns - 1)}|`
  const rows = first.endpoints.map((row, index) => {
    const cells = runs.map((run) => {
      const cell = run.endpoints[index]
      if (!cell) return ' | | '
      const cpu =
        cell.cpuMsPerRequest === undefined ? '?' : (cell.cpuMsPerRequest * 1000).toFixed(0)
      return `${cell.requestsPerSecond.toFixed(0)} | ${cell.p50Ms} | ${cell.p99Ms} | ${cpu}`
    })
    const rates = runs.map((run) => run.endpoints[index]?.requestsPerSecond ?? 0)
    const relative =
      runs.length > 1
        ? rates
            .map((rate) => (rates[0] ? `${((rate / rates[0]) * 100).toFixed(0)}%` : '?'))
            .join(' / ')
        : `${(row.ratioToBare * 100).toFixed(0)}%`
    const failed = runs.reduce(
      (sum, run) => sum + (run.endpoints[index]?.non2xx ?? 0) + (run.endpoints[index]?.errors ?? 0),
      0,
    )
    return `| ${row.name} | ${cells.join(' | ')} | ${relative} | ${Math.round(row.responseBytes)} | ${failed} |`
  })
  const perRun = runs.flatMap((run) => {
    const label = runs.length > 1 ? `${run.database}: ` : ''
    const server = run.server
    return [
      ...(run.stream ? [`${label}${formatStream(run.stream)}`] : []),
      ...(run.uploads ? [`${label}${formatUploads(run.uploads)}`] : []),
      ...(run.clips ? [`${label}${formatClipBench(run.clips)}`] : []),
      ...(run.wholeLists ? [`${label}${formatWholeLists(run.wholeLists)}`] : []),
      `${label}server ready in ${server.readySeconds.toFixed(2)} s` +
        (run.loadSeconds ? ` (data copied in ${run.loadSeconds.toFixed(1)} s)` : '') +
        `; server memory ${server.rssMiB?.toFixed(0) ?? '?'} MiB (peak ${server.peakRssMiB?.toFixed(0) ?? '?'} MiB).`,
    ]
  })
  const load = report.machine.loadAverage
  return [
    header,
    rule,
    ...rows,
    ...(report.memory ? ['', formatMemory(report.memory)] : []),
    '',
    ...perRun,
    `Dataset generated in ${report.dataset.generateSeconds.toFixed(1)} s; load average ${load.start.toFixed(1)} at the start, ${load.end.toFixed(1)} at the end (${report.machine.cores} cores).`,
  ].join('\n')
}
