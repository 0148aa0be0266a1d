/**
 * `/api/health` while hostile clips upload: its p99 with the server idle, then
 * while two clients send the hostile clips one after another (a 400-byte-a-track MP4
 * whose text tracks declare 200 million samples each, a WebM of 2-byte Void elements as large as
 * the default clip limit allows, 20,000 nested `minf`, widths of 2^40 and 2^64). The clips are
 * read on the clip worker (src/server/services/media/clip-checks.ts), so the added p99 is the cost of
 * receiving their bytes, not of reading them. Target: under 50 ms added. Never pass/fail: a
 * figure for docs/PERFORMANCE.md.
 *
 * Part of `npm run bench` (run-bench.ts, `--clip-seconds S`, 10 by default, 0 skips it), or
 * alone against a fresh demo server of this checkout's build (clips-alone.ts):
 * `npm run bench:clips [-- --seconds 10 --void-mb 49]`.
 */
import { Worker } from 'node:worker_threads'
import {
  hugeTextTrack,
  mp4WithNestedMinf,
  webmWithOverflowingWidth,
  webmWithVoidFlood,
  webmWithWidth2e40,
} from '../tests/helpers/hostile-videos'
import { makeMp4 } from '../tests/helpers/videos'

/** The target: `/api/health`'s p99 while hostile clips upload, over its p99 idle. */
export const CLIP_BENCH_TARGET_ADDED_MS = 50

export interface ClipBenchResult {
  seconds: number
  idle: { requests: number; p50Ms: number; p99Ms: number }
  underHostileClips: { requests: number; p50Ms: number; p99Ms: number }
  addedP99Ms: number
  /** Hostile clips sent, and how they were answered (status: count). */
  clips: number
  clipStatuses: Record<string, number>
  /** The largest clip sent, in MB. */
  largestClipMB: number
}

/** Two clients sending the hostile clips one after another until `until` (a worker's code). */
const UPLOADER = `
const { workerData, parentPort } = require('node:worker_threads')
const { url, token, clips, until } = workerData
const statuses = {}
let sent = 0
const client = async (first) => {
  for (let index = first; Date.now() < until; index += 1) {
    const clip = clips[index % clips.length]
    const form = new FormData()
    form.append('file', new Blob([clip.bytes], { type: clip.type }), 'clip')
    const response = await fetch(url + '/api/media/clips', {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    })
    await response.arrayBuffer()
    sent += 1
    statuses[response.status] = (statuses[response.status] ?? 0) + 1
  }
}
Promise.all([client(0), client(1)]).then(() => parentPort.postMessage({ sent, statuses }))
`

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0

/** `/api/health` one request after another until `until()` says stop; each one's time in ms. */
async function healthTimes(url: string, until: () => boolean): Promise<number[]> {
  const times: number[] = []
  while (!until()) {
    const started = performance.now()
    const response = await fetch(`${url}/api/health`)
    await response.arrayBuffer()
    times.push(performance.now() - started)
    // A request every 10 ms: a steady probe, not a load of its own.
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return times
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b)
  return {
    requests: times.length,
    p50Ms: Math.round(percentile(sorted, 0.5) * 10) / 10,
    p99Ms: Math.round(percentile(sorted, 0.99) * 10) / 10,
  }
}

/** Hostile clips, each of which once froze the server or ran it out of memory (the Void flood
 * at `voidMB`). */
export function hostileClips(voidMB: number): { name: string; bytes: Buffer; type: string }[] {
  return [
    {
      name: 'ten 200M-sample text tracks',
      bytes: makeMp4({ extraTracks: Array.from({ length: 10 }, () => hugeTextTrack()) }),
      type: 'video/mp4',
    },
    {
      name: `${voidMB} MB of Void elements`,
      bytes: webmWithVoidFlood(Math.floor((voidMB * 1024 * 1024) / 2)),
      type: 'video/webm',
    },
    { name: '20,000 nested minf', bytes: mp4WithNestedMinf(20_000), type: 'video/mp4' },
    { name: 'PixelWidth 2^40', bytes: webmWithWidth2e40(), type: 'video/webm' },
    { name: 'PixelWidth 2^64', bytes: webmWithOverflowingWidth(), type: 'video/webm' },
  ]
}

export async function runClipBench(options: {
  url: string
  token: string
  seconds?: number
  /** The Void flood's size in MB: by default just under the default clip limit (50 MB). */
  voidMB?: number
}): Promise<ClipBenchResult> {
  const { url, token } = options
  const seconds = options.seconds ?? 10
  const voidMB = options.voidMB ?? 49
  const clips = hostileClips(voidMB)

  const idleUntil = performance.now() + seconds * 1000
  const idle = await healthTimes(url, () => performance.now() > idleUntil)

  // The uploads run on a thread of their own: building and sending 49 MB bodies must not delay
  // this thread's probe, or the figure would be the client's.
  const uploader = new Worker(UPLOADER, {
    eval: true,
    workerData: { url, token, clips, until: Date.now() + seconds * 1000 },
  })
  let uploading = true
  const uploads = new Promise<{ sent: number; statuses: Record<string, number> }>(
    (resolve, reject) => {
      uploader.once('message', resolve)
      uploader.once('error', reject)
    },
  ).finally(() => (uploading = false))
  const busy = await healthTimes(url, () => !uploading)
  const { sent, statuses } = await uploads
  await uploader.terminate()

  const idleSummary = summary(idle)
  const busySummary = summary(busy)
  return {
    seconds,
    idle: idleSummary,
    underHostileClips: busySummary,
    addedP99Ms: Math.round((busySummary.p99Ms - idleSummary.p99Ms) * 10) / 10,
    clips: sent,
    clipStatuses: statuses,
    largestClipMB: Math.round(Math.max(...clips.map((clip) => clip.bytes.length)) / 1e5) / 10,
  }
}

export function formatClipBench(result: ClipBenchResult): string {
  const met = result.addedP99Ms < CLIP_BENCH_TARGET_ADDED_MS ? 'met' : 'NOT met'
  return (
    `/api/health p99 while hostile clips upload (${result.clips} clips up to ` +
    `${result.largestClipMB} MB, answers ${JSON.stringify(result.clipStatuses)}): ` +
    `${result.underHostileClips.p99Ms} ms (p50 ${result.underHostileClips.p50Ms} ms) vs idle ` +
    `${result.idle.p99Ms} ms (p50 ${result.idle.p50Ms} ms): +${result.addedP99Ms} ms added, ` +
    `target < ${CLIP_BENCH_TARGET_ADDED_MS} ms: ${met}.`
  )
}
