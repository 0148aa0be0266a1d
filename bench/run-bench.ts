/**
 * The benchmark: generates a dataset, starts the real server on it in a child process, loads
 * each endpoint over loopback with autocannon, and reports throughput, latency and size per
 * endpoint beside a bare `GET /api/health` measured in the same run.
 */
import autocannon from 'autocannon'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BENCH_PASSWORD, generateDataset, type Dataset, type DatasetSize } from './generate'
import { SERVER_CLI } from '../scripts/build-stamp'
import { formatMemory, measureMemory, type MemoryReport } from './memory-bench'
import { formatStream, runStreamBench, type StreamBenchResult } from './stream-bench'
import { formatUploads, runUploadBench, type UploadBenchResult } from './upload-bench'

const root = fileURLToPath(new URL('..', import.meta.url))

export interface BenchOptions {
  size: DatasetSize
  /** Seconds of load per endpoint. */
  duration: number
  connections: number
  /** Requests per endpoint instead of a duration (the smoke test's exact, quick runs). */
  amount?: number
  /** Also measure memory: idle, after load, and whole lists (memory-bench.ts). */
  memory?: boolean
  /** Clients of the live event stream (`GET /api/events`) for its row (default 200); 0 skips it. */
  streamClients?: number
  /**
   * The side of the four images uploaded at once while logins are timed (upload-bench.ts;
   * default the largest the server takes, LARGEST_SIDE); 0 skips it.
   */
  uploadSide?: number
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
  non2xx: number
  errors: number
  /** Requests answered. */
  completed: number
}

export interface BenchReport {
  date: string
  machine: { cpu: string; cores: number; memoryGiB: number; platform: string; node: string }
  options: BenchOptions
  dataset: { generateSeconds: number; popularPostLikes: number }
  server: { readySeconds: number; rssMiB: number | null; peakRssMiB: number | null }
  endpoints: EndpointResult[]
  memory?: MemoryReport
  /** The live event stream: new posts' delivery to every connected client (stream-bench.ts). */
  stream?: StreamBenchResult
  /** Logins while four large images are uploaded at once (upload-bench.ts). */
  uploads?: UploadBenchResult
}

interface Endpoint {
  name: string
  requests: autocannon.Request[]
  /** Each connection signs in as its own user. */
  signedIn?: boolean
}

function endpoints(dataset: Dataset, freshPostId: number): Endpoint[] {
  const get = (path: string): autocannon.Request[] => [{ method: 'GET', path }]
  const json = { 'content-type': 'application/json' }
  const minimal = { ...json, prefer: 'return=minimal' }
  return [
    { name: 'bare GET /api/health', requests: get('/api/health') },
    { name: 'home feed page (follows 200)', requests: get('/api/feed?limit=20'), signedIn: true },
    { name: 'explore page, recent', requests: get('/api/posts?limit=20'), signedIn: true },
    {
      name: 'explore page, by likes',
      requests: get('/api/posts?limit=20&sort=likes'),
      signedIn: true,
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
    },
    {
      name: "a post's comments page",
      requests: get(`/api/comments/${dataset.popularPostId}?limit=20`),
      signedIn: true,
    },
    {
      name: "a profile's posts page",
      requests: get(`/api/posts/user/${dataset.profileUsername}?limit=20`),
      signedIn: true,
    },
    { name: 'user search by prefix', requests: get('/api/users?search=user00&limit=8') },
    {
      name: 'like + dislike pair',
      requests: [
        { method: 'POST', path: `/api/posts/like/${freshPostId}`, headers: minimal, body: '{}' },
        { method: 'POST', path: `/api/posts/dislike/${freshPostId}`, headers: minimal, body: '{}' },
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

/** Starts `npm run serve`'s server on the data folder and waits for its address. */
export function startServerProcess(
  dataDir: string,
  args: string[] = ['--no-demo'],
): Promise<{ child: ChildProcess; url: string; readySeconds: number }> {
  const started = performance.now()
  const child = spawn(
    process.execPath,
    [
      ...[SERVER_CLI, '--port', '0', '--data', dataDir, ...args],
      // The bench likes, posts and logs in far past any real allowance: the limiter stays in
      // the measured path, its limit out of the way.
      ...['--limit-reactions', '999999999', '--limit-posts', '999999999'],
      ...['--limit-logins', '999999999'],
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
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

export async function runBench(
  options: BenchOptions,
  log: (line: string) => void = console.log,
): Promise<BenchReport> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gamerstage-bench-'))
  let server: ChildProcess | undefined
  try {
    log(`Generating ${JSON.stringify(options.size)}…`)
    const dataset = await generateDataset(dataDir, options.size)
    log(`Generated in ${dataset.seconds.toFixed(1)} s. Starting the server…`)
    const started = await startServerProcess(dataDir)
    server = started.child
    const { url } = started
    log(`Ready in ${started.readySeconds.toFixed(2)} s at ${url}.`)

    // First, while the server's memory is at its resting level: RSS growth is the streams' own.
    const streamClients = options.streamClients ?? 200
    const stream =
      streamClients > 0
        ? await runStreamBench({
            url,
            dataDir,
            clients: streamClients,
            posts: 5,
            users: options.size.users,
            usernameOf: dataset.usernameOf,
            memory: () => (server?.pid ? memoryOf(server.pid) : { rssMiB: null }),
          })
        : undefined
    if (stream) log(formatStream(stream))

    // One signed-in user per connection (users 1..n; user 1 follows 200 people).
    const tokens: string[] = []
    for (let id = 1; id <= options.connections; id++) {
      const login = await post(`${url}/api/auth/login`, {
        username: dataset.usernameOf(id),
        password: BENCH_PASSWORD,
      })
      tokens.push(login.encodedToken as string)
    }
    const fresh = await post(`${url}/api/posts`, { postData: { content: 'like me' } }, tokens[0])
    const freshPostId = Number((fresh.post as { _id: string })._id)

    const results: EndpointResult[] = []
    let bareRate = 0
    for (const endpoint of endpoints(dataset, freshPostId)) {
      // Each connection signs in as its own user, so a like and the dislike after it are
      // always allowed; the home feed is user 1's, who follows 200 people. (Tokens go into each
      // client's own requests: autocannon resets per-request context after every round.)
      let nextUser = 0
      const result = await autocannon({
        url,
        connections: options.connections,
        ...(options.amount ? { amount: options.amount } : { duration: options.duration }),
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
      const requestsPerSecond = result.requests.average
      if (results.length === 0) bareRate = requestsPerSecond
      const row: EndpointResult = {
        name: endpoint.name,
        requestsPerSecond,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        responseBytes: result.requests.total ? result.throughput.total / result.requests.total : 0,
        ratioToBare: bareRate ? requestsPerSecond / bareRate : 0,
        non2xx: result.non2xx,
        errors: result.errors,
        completed: result.requests.total,
      }
      results.push(row)
      log(
        `${row.name.padEnd(32)} ${row.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${row.p50Ms} ms  p99 ${row.p99Ms} ms`,
      )
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
    if (uploads) log(formatUploads(uploads))
    const memory = server.pid ? memoryOf(server.pid) : { rssMiB: null, peakRssMiB: null }
    const memoryReport = options.memory
      ? await measureMemory(dataDir, memory.rssMiB, log)
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
      },
      options,
      dataset: { generateSeconds: dataset.seconds, popularPostLikes: dataset.popularLikes },
      server: { readySeconds: started.readySeconds, ...memory },
      endpoints: results,
      ...(memoryReport ? { memory: memoryReport } : {}),
      ...(stream ? { stream } : {}),
      ...(uploads ? { uploads } : {}),
    }
  } finally {
    server?.kill('SIGTERM')
    if (server) await new Promise((resolve) => server?.once('exit', resolve))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The report as a table for the terminal (and the README). */
export function formatTable(report: BenchReport): string {
  const header =
    '| endpoint | req/s | p50 ms | p99 ms | response bytes | vs bare | non-2xx |\n|---|---:|---:|---:|---:|---:|---:|'
  const rows = report.endpoints.map(
    (row) =>
      `| ${row.name} | ${row.requestsPerSecond.toFixed(0)} | ${row.p50Ms} | ${row.p99Ms} | ${Math.round(row.responseBytes)} | ${(row.ratioToBare * 100).toFixed(0)}% | ${row.non2xx + row.errors} |`,
  )
  const server = report.server
  return [
    header,
    ...rows,
    ...(report.memory ? ['', formatMemory(report.memory)] : []),
    ...(report.stream ? ['', formatStream(report.stream)] : []),
    ...(report.uploads ? ['', formatUploads(report.uploads)] : []),
    '',
    `Dataset generated in ${report.dataset.generateSeconds.toFixed(1)} s; server ready in ${server.readySeconds.toFixed(2)} s; ` +
      `server memory ${server.rssMiB?.toFixed(0) ?? '?'} MiB (peak ${server.peakRssMiB?.toFixed(0) ?? '?'} MiB).`,
  ].join('\n')
}
