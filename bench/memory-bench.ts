/**
 * Memory of the headless server (`node out/server/cli.js`), measured by `npm run bench`:
 * idle on a fresh demo folder, after the read load, and while four clients download the whole
 * post list at once and one client stalls mid-answer. Never pass/fail: figures for the README.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { OUTPUT_DIR } from '../scripts/build-stamp'
import { measureFirstLoad } from '../scripts/first-load'
import { memoryOf, startServerProcess } from './run-bench'

export interface MemoryReport {
  /** A fresh demo folder, a second after start. */
  idleRssMiB: number | null
  /** The bench's server after every endpoint's load. */
  afterLoadRssMiB: number | null
  /** Whole `GET /api/posts` answers downloaded by four clients at once, on a fresh server. */
  wholeList: {
    concurrent: number
    bytesEach: number
    seconds: number
    baselineRssMiB: number | null
    peakRssMiB: number | null
    /** While a client that read the first bytes stopped reading for a few seconds. */
    stalledClientRssMiB: number | null
  }
  /** JS and CSS index.html pulls in, gzipped. */
  firstLoadGzipKiB: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Downloads a URL to the end from the computer at `localAddress`, keeping only its length (one
 * computer may have two whole lists under way at once: http/whole-list-limit.ts).
 */
function download(url: string, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { localAddress }, (response) => {
      let bytes = 0
      response.on('data', (chunk: Buffer) => (bytes += chunk.length))
      response.on('end', () => resolve(bytes))
      response.on('error', reject)
    })
      .on('error', reject)
      .end()
  })
}

/** Opens a download, takes its first bytes, then stops reading; answers how to let it go. */
function stallAfterFirstChunk(url: string): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, (response) => {
      response.once('data', () => {
        response.pause()
        resolve(() => outgoing.destroy())
      })
    })
    outgoing.on('error', reject).end()
  })
}

export async function measureMemory(
  dataDir: string,
  afterLoadRssMiB: number | null,
  log: (line: string) => void,
): Promise<MemoryReport> {
  log('Memory: an idle server on a fresh demo folder…')
  const freshDir = mkdtempSync(join(tmpdir(), 'gamerstage-bench-idle-'))
  let idleRssMiB: number | null = null
  try {
    const idle = await startServerProcess(freshDir, [])
    await sleep(1000)
    idleRssMiB = idle.child.pid ? memoryOf(idle.child.pid).rssMiB : null
    idle.child.kill('SIGTERM')
    await new Promise((resolve) => idle.child.once('exit', resolve))
  } finally {
    rmSync(freshDir, { recursive: true, force: true })
  }

  log('Memory: four whole post lists at once on a fresh server…')
  const server = await startServerProcess(dataDir)
  try {
    const pid = server.child.pid ?? 0
    await sleep(500)
    const baselineRssMiB = memoryOf(pid).rssMiB
    const concurrent = 4
    const started = performance.now()
    const sizes = await Promise.all(
      Array.from({ length: concurrent }, (_, index) =>
        download(`${server.url}/api/posts`, `127.0.0.${20 + index}`),
      ),
    )
    const seconds = (performance.now() - started) / 1000
    const peakRssMiB = memoryOf(pid).peakRssMiB
    const release = await stallAfterFirstChunk(`${server.url}/api/posts`)
    await sleep(3000)
    const stalledClientRssMiB = memoryOf(pid).rssMiB
    release()
    return {
      idleRssMiB,
      afterLoadRssMiB,
      wholeList: {
        concurrent,
        bytesEach: sizes[0] ?? 0,
        seconds,
        baselineRssMiB,
        peakRssMiB,
        stalledClientRssMiB,
      },
      firstLoadGzipKiB: measureFirstLoad(OUTPUT_DIR.renderer).gzipBytes / 1024,
    }
  } finally {
    server.child.kill('SIGTERM')
    await new Promise((resolve) => server.child.once('exit', resolve))
  }
}

const mib = (value: number | null) => (value === null ? '?' : `${value.toFixed(0)} MiB`)

export function formatMemory(memory: MemoryReport): string {
  const whole = memory.wholeList
  return [
    '| memory | figure |',
    '|---|---:|',
    `| server RSS, idle on a fresh demo folder | ${mib(memory.idleRssMiB)} |`,
    `| server RSS after the read load above | ${mib(memory.afterLoadRssMiB)} |`,
    `| whole GET /api/posts (${(whole.bytesEach / 2 ** 20).toFixed(0)} MiB each), ${whole.concurrent} at once: peak RSS | ${mib(whole.peakRssMiB)} (from ${mib(whole.baselineRssMiB)}, ${whole.seconds.toFixed(1)} s) |`,
    `| a client stalled mid-answer for 3 s: RSS | ${mib(whole.stalledClientRssMiB)} |`,
    `| first load (JS + CSS of index.html, gzip) | ${memory.firstLoadGzipKiB.toFixed(1)} KiB |`,
  ].join('\n')
}
