/**
 * The live stream at community scale: `npm run bench -- --streams 2500` opens that many
 * live streams (`GET /api/events`), one per player, 25 per loopback source address (127.0.1.x,
 * as players come from their own computers), all at once; then one more player posts 10 times a
 * second, each post's delivery is timed to every stream, and `/api/health` is asked every 50 ms
 * throughout. Prints each figure beside its target, with the machine's load average.
 *
 * The bench's own process parses every stream too: on a small machine it shares the cores with
 * the server, so its figures are an upper bound of the server's. `--cpu-prof DIR` profiles the
 * server (`node --cpu-prof`) and summarizes where its time went (profile-summary.ts).
 */
import { fork } from 'node:child_process'
import { request as httpRequest, type ClientRequest } from 'node:http'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { signToken } from '../src/server/auth/token'
import { SECRET_FILE } from '../src/server/server'
import { generateDataset, usernameOf } from './generate'
import { formatProfile, summarizeProfile } from './profile-summary'
import { cpuSecondsOf, memoryOf } from './run-bench'
import { startStreamTarget } from './stream-targets'

export interface StreamScaleOptions {
  streams: number
  /** New posts per second while measuring delivery. */
  postRate: number
  /** Seconds of posting. */
  postSeconds: number
  /** Streams per loopback source address (the server's default cap is 32). */
  perAddress: number
  /**
   * 1: one server on SQLite; 3: three on PostgreSQL through one Redis (stream-targets.ts), the
   * streams spread over them and the posts sent to the first.
   */
  instances?: 1 | 3
  /** Node's flags for the server process (`--cpu-prof`, …). */
  nodeFlags?: readonly string[]
  /** Another build's `out/server/cli.js` (a worktree of an older commit), for before and after. */
  serverCli?: string
  log?: (line: string) => void
}

export interface StreamScaleResult {
  instances: number
  streams: number
  opened: number
  /** From the first connect to the last stream's `ready`. */
  connectSeconds: number
  connectP99Ms: number
  /** Bytes each stream received from its `ready` until the server fell quiet (presence). */
  bytesPerStreamWhileConnecting: number
  posts: number
  delivered: number
  expected: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  /** `/api/health` as a player elsewhere sees it: asked from a process of its own. */
  healthWhileConnecting: HealthSummary
  healthWhilePosting: HealthSummary
  /** The same asked from the bench's own process, which also parses every stream. */
  healthInBenchWhilePosting: HealthSummary
  rssIdleMiB: number | null
  rssOpenMiB: number | null
  rssAfterMiB: number | null
  kibPerStream: number | null
  /** The 1-minute load average before the run and after it. */
  loadBefore: number
  loadAfter: number
  /** Each phase's span on the monotonic clock (µs), for the server's CPU profile. */
  phases: Record<'connecting' | 'posting', { fromUs: number; toUs: number }>
  /** The server's CPU seconds (user + system, /proc) and the hub's counts, per phase. */
  work: Record<'connecting' | 'posting', PhaseWork>
}

export interface HealthSummary {
  p50Ms: number
  p99Ms: number
  maxMs: number
  count: number
}

export interface PhaseWork {
  cpuSeconds: number | null
  /** Events published (gamerstage_events_published_total) and chunks written to streams. */
  events: number | null
  writes: number | null
}

/** The targets of live streams at community scale. */
export const STREAM_TARGETS = {
  streams: 2500,
  connectSeconds: 10,
  p99Ms: 200,
  healthP99Ms: 50,
} as const

const MARK = 'scale-post-'

/** The hub's counts from the server's `--metrics` listener. */
async function hubCounts(metricsUrl: string): Promise<{ events: number; writes: number } | null> {
  try {
    const text = await (await fetch(metricsUrl)).text()
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1])
    const events = value('gamerstage_events_published_total')
    const writes = value('gamerstage_events_delivered_total')
    return Number.isFinite(events) && Number.isFinite(writes) ? { events, writes } : null
  } catch {
    return null
  }
}

/** What the server did between two readings of its CPU time and counts. */
function workBetween(
  before: { cpu: number | null; counts: { events: number; writes: number } | null },
  after: { cpu: number | null; counts: { events: number; writes: number } | null },
): PhaseWork {
  return {
    cpuSeconds: before.cpu === null || after.cpu === null ? null : round(after.cpu - before.cpu),
    events: before.counts && after.counts ? after.counts.events - before.counts.events : null,
    writes: before.counts && after.counts ? after.counts.writes - before.counts.writes : null,
  }
}
const DELIVERY_GRACE_MS = 30_000

interface ScaleClient {
  request: ClientRequest
  ready: Promise<number>
  /** Arrival time of each post, by its number (NaN until it came). */
  arrivals: Float64Array
  bytes: number
}

/** The last moment any stream received a byte. */
let lastByteAt = 0

function openStream(
  url: URL,
  token: string,
  localAddress: string,
  posts: number,
  onArrival: () => void,
): ScaleClient {
  const arrivals = new Float64Array(posts).fill(Number.NaN)
  let resolveReady: (time: number) => void = () => {}
  let rejectReady: (error: Error) => void = () => {}
  const ready = new Promise<number>((resolve, reject) => {
    resolveReady = resolve
    rejectReady = reject
  })
  let carry = ''
  let isReady = false
  const client: ScaleClient = {
    request: undefined as unknown as ClientRequest,
    ready,
    arrivals,
    bytes: 0,
  }
  const pattern = new RegExp(`${MARK}(\\d+)-`, 'g')
  client.request = httpRequest(
    {
      host: url.hostname,
      port: url.port,
      path: '/api/events',
      localAddress,
      agent: false,
      headers: { authorization: token },
    },
    (response) => {
      if (response.statusCode !== 200) {
        rejectReady(new Error(`GET /api/events from ${localAddress}: ${response.statusCode}`))
        response.resume()
        return
      }
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        const time = performance.now()
        lastByteAt = time
        client.bytes += chunk.length
        const text = carry + chunk
        if (!isReady && text.includes('event: ready')) {
          isReady = true
          resolveReady(time)
        }
        pattern.lastIndex = 0
        for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
          const index = Number(match[1])
          if (index < posts && Number.isNaN(arrivals[index])) {
            arrivals[index] = time
            onArrival()
          }
        }
        // A marker cut in two by the chunks is found in the next one.
        carry = text.slice(-(MARK.length + 12))
      })
    },
  )
  client.request.once('error', (error) => rejectReady(error))
  client.request.end()
  return client
}

const percentile = (sorted: ArrayLike<number>, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
const round = (value: number) => Math.round(value * 10) / 10
const nowUs = () => Number(process.hrtime.bigint() / 1000n)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function summary(values: number[]): HealthSummary {
  const sorted = [...values].sort((a, b) => a - b)
  return {
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? 0),
    count: sorted.length,
  }
}

interface HealthProbe {
  setPhase: (phase: string) => void
  stop: () => Promise<Map<string, number[]>>
}

/**
 * Asks `/api/health` every 50 ms from a process of its own (health-probe.ts) until stopped;
 * answers each answer's time by phase.
 */
function probeHealthApart(url: string): HealthProbe {
  const child = fork(new URL('./health-probe.ts', import.meta.url), [url], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const answer = new Promise<Map<string, number[]>>((resolve, reject) => {
    child.once('message', (message: { times: Record<string, number[]> }) =>
      resolve(new Map(Object.entries(message.times))),
    )
    child.once('exit', (code) => reject(new Error(`the health probe stopped (${code})`)))
  })
  return {
    setPhase: (phase) => child.send({ phase }),
    stop: async () => {
      child.send({ stop: true })
      return answer
    },
  }
}

/** Asks `/api/health` every 50 ms until stopped; answers each answer's time by phase. */
function probeHealth(url: string): HealthProbe {
  const times = new Map<string, number[]>()
  let phase = 'connecting'
  let running = true
  const done = (async () => {
    while (running) {
      const started = performance.now()
      try {
        const response = await fetch(`${url}/api/health`)
        await response.arrayBuffer()
      } catch {
        // A refused probe counts as its time, as a user would wait it.
      }
      const list = times.get(phase) ?? []
      list.push(performance.now() - started)
      times.set(phase, list)
      await sleep(50)
    }
  })()
  return {
    setPhase: (next: string) => (phase = next),
    stop: async () => {
      running = false
      await done
      return times
    },
  }
}

export async function runStreamScale(options: StreamScaleOptions): Promise<StreamScaleResult> {
  const log = options.log ?? ((line: string) => console.log(line))
  const dataDir = mkdtempSync(join(tmpdir(), 'gamerstage-streams-'))
  const posterId = options.streams + 1
  const totalPosts = Math.round(options.postRate * options.postSeconds)
  const instances = options.instances ?? 1
  try {
    log(`Generating ${posterId} players…`)
    await generateDataset(dataDir, {
      users: Math.max(posterId, 200),
      posts: 200,
      likes: 0,
      comments: 0,
      follows: 0,
    })
    const target = await startStreamTarget({
      dataDir,
      instances,
      args: [
        '--no-demo',
        '--no-rate-limits',
        '--max-streams',
        String(options.streams + 100),
        '--max-connections',
        String(options.streams + 1000),
        '--max-connections-per-address',
        String(options.streams + 500),
      ],
      ...(options.serverCli ? { serverCli: options.serverCli } : {}),
      nodeFlags: options.nodeFlags ?? [],
    })
    // Posts and `/api/health` go to the first instance; streams to each in turn.
    const url = target.urls[0] ?? ''
    const sumOf = (values: (number | null)[]) =>
      values.some((value) => value === null)
        ? null
        : values.reduce<number>((total, value) => total + (value ?? 0), 0)
    const rss = () => sumOf(target.pids.map((pid) => memoryOf(pid).rssMiB))
    const reading = async () => {
      const counts = await Promise.all(target.metricsUrls.map(hubCounts))
      return {
        cpu: sumOf(target.pids.map(cpuSecondsOf)),
        counts: counts.some((count) => count === null)
          ? null
          : {
              events: counts.reduce((total, count) => total + (count?.events ?? 0), 0),
              writes: counts.reduce((total, count) => total + (count?.writes ?? 0), 0),
            },
      }
    }
    try {
      const secret = readFileSync(join(target.secretDir, SECRET_FILE))
      const tokenOf = (id: number) =>
        signToken({ _id: String(id), username: usernameOf(id) }, secret)
      const tokens = await Promise.all(
        Array.from({ length: options.streams }, (_, index) => tokenOf(index + 1)),
      )
      const posterToken = await tokenOf(posterId)
      // One warm-up request, so the first stream does not pay for the server's cold start.
      await fetch(`${url}/api/health`)
      await sleep(1000)
      const loadBefore = loadavg()[0] ?? 0
      const rssIdleMiB = rss()
      const atStart = await reading()
      const health = probeHealthApart(url)
      const healthInBench = probeHealth(url)

      log(`Opening ${options.streams} live streams…`)
      const bases = target.urls.map((each) => new URL(each))
      let arrived = 0
      const connectStart = performance.now()
      const connecting = { fromUs: nowUs(), toUs: 0 }
      const clients: ScaleClient[] = []
      const connectTimes: number[] = []
      for (let index = 0; index < options.streams; index++) {
        // 127.0.1.1 onwards: 254 addresses of `perAddress` each, then 127.0.2.x.
        const slot = Math.floor(index / options.perAddress)
        const address = `127.0.${1 + Math.floor(slot / 254)}.${1 + (slot % 254)}`
        const opened = performance.now()
        const base = bases[index % bases.length] as URL
        const client = openStream(base, tokens[index] ?? '', address, totalPosts, () => {
          arrived += 1
        })
        void client.ready.then(
          (at) => connectTimes.push(at - opened),
          () => undefined,
        )
        clients.push(client)
        // A breath every 100 connects, so the bench's own process does not starve its sockets.
        if (index % 100 === 99) await sleep(0)
      }
      const settled = await Promise.allSettled(clients.map((client) => client.ready))
      const opened = settled.filter((result) => result.status === 'fulfilled').length
      const failure = settled.find((result) => result.status === 'rejected')
      if (failure?.status === 'rejected') log(`A stream failed: ${String(failure.reason)}`)
      const connectSeconds = (performance.now() - connectStart) / 1000
      log(`${opened} of ${options.streams} ready after ${connectSeconds.toFixed(1)} s.`)
      const bytesAtReady = clients.reduce((sum, client) => sum + client.bytes, 0)
      // Until the server has told everyone who arrived (presence): 2 s without a byte.
      while (performance.now() - lastByteAt < 2000) await sleep(250)
      const bytesWhileConnecting =
        (clients.reduce((sum, client) => sum + client.bytes, 0) - bytesAtReady) /
        Math.max(1, opened)
      connecting.toUs = nowUs()
      const rssOpenMiB = rss()
      const atOpen = await reading()

      log(`Posting ${options.postRate} times a second for ${options.postSeconds} s…`)
      health.setPhase('posting')
      healthInBench.setPhase('posting')
      const sentAt = new Float64Array(totalPosts).fill(Number.NaN)
      const postStart = performance.now()
      const postingSpan = { fromUs: nowUs(), toUs: 0 }
      const posting: Promise<void>[] = []
      for (let index = 0; index < totalPosts; index++) {
        const due = postStart + (index * 1000) / options.postRate
        const wait = due - performance.now()
        if (wait > 0) await sleep(wait)
        sentAt[index] = performance.now()
        posting.push(
          fetch(`${url}/api/posts`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              prefer: 'return=minimal',
              authorization: posterToken,
            },
            body: JSON.stringify({ postData: { content: `${MARK}${index}- live at scale` } }),
          })
            .then(async (response) => {
              await response.arrayBuffer()
              if (response.status !== 201) log(`POST /api/posts: ${response.status}`)
            })
            // A post that failed is one nobody receives: it shows as missed deliveries.
            .catch((error: unknown) => log(`POST /api/posts failed: ${String(error)}`)),
        )
      }
      await Promise.all(posting)
      const expected = totalPosts * opened
      const deadline = performance.now() + DELIVERY_GRACE_MS
      while (arrived < expected && performance.now() < deadline) await sleep(100)
      postingSpan.toUs = nowUs()
      const atEnd = await reading()
      const times = await health.stop()
      const timesInBench = await healthInBench.stop()
      const rssAfterMiB = rss()
      const loadAfter = loadavg()[0] ?? 0
      for (const client of clients) client.request.destroy()

      const latencies: number[] = []
      for (const client of clients) {
        for (let index = 0; index < totalPosts; index++) {
          const arrival = client.arrivals[index] ?? Number.NaN
          if (!Number.isNaN(arrival)) latencies.push(arrival - (sentAt[index] ?? 0))
        }
      }
      const delivery = summary(latencies)
      const connect = summary(connectTimes)
      const perStream =
        rssOpenMiB !== null && rssIdleMiB !== null && opened > 0
          ? round(((rssOpenMiB - rssIdleMiB) * 1024) / opened)
          : null
      return {
        instances,
        streams: options.streams,
        opened,
        connectSeconds: round(connectSeconds),
        connectP99Ms: connect.p99Ms,
        bytesPerStreamWhileConnecting: Math.round(bytesWhileConnecting),
        posts: totalPosts,
        delivered: latencies.length,
        expected,
        p50Ms: delivery.p50Ms,
        p99Ms: delivery.p99Ms,
        maxMs: delivery.maxMs,
        healthWhileConnecting: summary(times.get('connecting') ?? []),
        healthWhilePosting: summary(times.get('posting') ?? []),
        healthInBenchWhilePosting: summary(timesInBench.get('posting') ?? []),
        rssIdleMiB: rssIdleMiB === null ? null : round(rssIdleMiB),
        rssOpenMiB: rssOpenMiB === null ? null : round(rssOpenMiB),
        rssAfterMiB: rssAfterMiB === null ? null : round(rssAfterMiB),
        kibPerStream: perStream,
        loadBefore: round(loadBefore),
        loadAfter: round(loadAfter),
        phases: { connecting, posting: postingSpan },
        work: { connecting: workBetween(atStart, atOpen), posting: workBetween(atOpen, atEnd) },
      }
    } finally {
      await target.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const mark = (ok: boolean) => (ok ? 'met' : 'MISSED')

/** The figures, each beside its target. */
export function formatStreamScale(result: StreamScaleResult): string {
  const t = STREAM_TARGETS
  const h = result.healthWhilePosting
  const c = result.healthWhileConnecting
  return [
    `Live streams at scale, ${result.instances === 1 ? 'one instance' : `${result.instances} instances through Redis`} (load average ${result.loadBefore} before, ${result.loadAfter} after):`,
    `  streams open:     ${result.opened} of ${result.streams}` +
      `   target ${t.streams}: ${mark(result.opened >= t.streams)}`,
    `  connecting:       all ready in ${result.connectSeconds} s (each: p99 ${result.connectP99Ms} ms)` +
      `   target within ${t.connectSeconds} s: ${mark(result.opened === result.streams && result.connectSeconds <= t.connectSeconds)}`,
    `  /api/health then: p50 ${c.p50Ms} ms, p99 ${c.p99Ms} ms, max ${c.maxMs} ms (${c.count} asked)`,
    `  presence traffic: ${result.bytesPerStreamWhileConnecting} bytes per stream after its ready`,
    `  delivery:         ${result.delivered} of ${result.expected} (${result.posts} posts): p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms` +
      `   target every post, p99 <= ${t.p99Ms} ms: ${mark(result.delivered === result.expected && result.p99Ms <= t.p99Ms)}`,
    `  /api/health meanwhile: p50 ${h.p50Ms} ms, p99 ${h.p99Ms} ms, max ${h.maxMs} ms (${h.count} asked, from a process of its own)` +
      `   target p99 <= ${t.healthP99Ms} ms: ${mark(h.count > 0 && h.p99Ms <= t.healthP99Ms)}`,
    `    asked from the bench's process, which parses every stream: p50 ${result.healthInBenchWhilePosting.p50Ms} ms, p99 ${result.healthInBenchWhilePosting.p99Ms} ms`,
    `  memory:           RSS ${result.rssIdleMiB ?? '?'} MiB idle, ${result.rssOpenMiB ?? '?'} MiB with the streams open ` +
      `(${result.kibPerStream ?? '?'} KiB per stream), ${result.rssAfterMiB ?? '?'} MiB after posting`,
    ...(['connecting', 'posting'] as const).map((phase) => {
      const work = result.work[phase]
      return `  server ${phase}:${' '.repeat(11 - phase.length)}CPU ${work.cpuSeconds ?? '?'} s, ${work.events ?? '?'} events, ${work.writes ?? '?'} writes to streams`
    }),
  ].join('\n')
}

/** `npm run bench -- --streams N [...]`: runs it, and summarizes a CPU profile when asked. */
export async function streamScaleCommand(
  options: StreamScaleOptions & { cpuProfDir?: string },
): Promise<void> {
  const flags = options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] : []
  const before = options.cpuProfDir ? new Set(readdirSync(options.cpuProfDir)) : new Set()
  const result = await runStreamScale({ ...options, nodeFlags: flags })
  console.log(`\n${formatStreamScale(result)}`)
  console.log(JSON.stringify(result))
  if (options.cpuProfDir) {
    const dir = options.cpuProfDir
    const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile') && !before.has(name))
    if (!file) return
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Parameters<
      typeof summarizeProfile
    >[0]
    for (const [phase, window] of Object.entries(result.phases)) {
      console.log(`\nServer CPU while ${phase} (${join(dir, file)}):`)
      console.log(formatProfile(summarizeProfile(profile, 15, window)))
    }
  }
}
