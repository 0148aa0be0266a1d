/**
 * `/api/health` while whole lists download: two clients, each at its own
 * loopback address, download every post (`GET /api/posts`, the spec's whole list: at the bench's
 * 200k posts about 143 MB each) as fast as they read, and one more client asks `/api/health`
 * again and again until both end. Its p99 beside the same client's p99 on the idle server is
 * the time a whole list adds to everyone else's requests. Never pass/fail: a figure beside its
 * target (run-bench.ts, formatTargets).
 */
import { request } from 'node:http'

export interface WholeListBenchResult {
  /** Whole lists downloaded at once, and each one's size. */
  downloads: number
  bytesEach: number
  statuses: number[]
  /** From sending the downloads to the last one's end. */
  seconds: number
  idle: { requests: number; p50Ms: number; p99Ms: number }
  during: { requests: number; p50Ms: number; p99Ms: number; maxMs: number }
  /** `during.p99Ms - idle.p99Ms`: what the lists added. */
  addedP99Ms: number
}

/** The target: what two whole lists may add to /api/health's p99. */
export const WHOLE_LIST_HEALTH_TARGET_MS = 50

/** At least this many health requests in each phase, even when the lists end sooner. */
const MIN_REQUESTS = 20

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0

function download(url: URL, localAddress: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    request(
      { host: url.hostname, port: url.port, path: '/api/posts', localAddress, agent: false },
      (response) => {
        let bytes = 0
        response.on('data', (chunk: Buffer) => (bytes += chunk.length))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }))
        response.on('error', reject)
      },
    )
      .on('error', reject)
      .end()
  })
}

/**
 * One `/api/health` on a kept-alive connection; its time in ms, a retry included: a kept-alive
 * connection the server closed as idle while the request was on its way is reset, as browsers
 * see it and retry.
 */
async function health(url: string): Promise<number> {
  const started = performance.now()
  let response: Response
  try {
    response = await fetch(`${url}/api/health`)
  } catch {
    response = await fetch(`${url}/api/health`)
  }
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`/api/health during whole lists: ${response.status}`)
  return performance.now() - started
}

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b)
  return {
    requests: sorted.length,
    p50Ms: Math.round(percentile(sorted, 0.5)),
    p99Ms: Math.round(percentile(sorted, 0.99)),
    maxMs: Math.round(sorted.at(-1) ?? 0),
  }
}

export async function runWholeListBench(options: {
  url: string
  downloads?: number
}): Promise<WholeListBenchResult> {
  const url = new URL(options.url)
  const downloads = options.downloads ?? 2
  const idleTimes: number[] = []
  // As long as it takes for a p99 of a few hundred requests: the baseline is noisy on a busy box.
  const idleUntil = performance.now() + 3000
  while (performance.now() < idleUntil || idleTimes.length < MIN_REQUESTS) {
    idleTimes.push(await health(options.url))
  }

  const started = performance.now()
  let done = false
  const lists = Promise.all(
    Array.from({ length: downloads }, (_, index) => download(url, `127.0.0.${10 + index}`)),
  ).finally(() => (done = true))
  const duringTimes: number[] = []
  while (!done || duringTimes.length < MIN_REQUESTS) duringTimes.push(await health(options.url))
  const answers = await lists
  const seconds = (performance.now() - started) / 1000

  const idle = summary(idleTimes)
  const during = summary(duringTimes)
  return {
    downloads,
    bytesEach: answers[0]?.bytes ?? 0,
    statuses: answers.map((answer) => answer.status),
    seconds,
    idle: { requests: idle.requests, p50Ms: idle.p50Ms, p99Ms: idle.p99Ms },
    during,
    addedP99Ms: Math.max(0, during.p99Ms - idle.p99Ms),
  }
}

export function formatWholeLists(result: WholeListBenchResult): string {
  return (
    `/api/health while ${result.downloads} clients download every post ` +
    `(${(result.bytesEach / 2 ** 20).toFixed(0)} MiB each, ${result.statuses.join('/')}, ` +
    `${result.seconds.toFixed(1)} s): ${result.during.requests} requests, p50 ${result.during.p50Ms} ms, ` +
    `p99 ${result.during.p99Ms} ms, max ${result.during.maxMs} ms; idle p99 ${result.idle.p99Ms} ms: ` +
    `${result.addedP99Ms} ms added (target under ${WHOLE_LIST_HEALTH_TARGET_MS} ms).`
  )
}
