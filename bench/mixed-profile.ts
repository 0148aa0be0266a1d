/**
 * `npx tsx bench/mixed-profile.ts [--duration S] [--writes N] [--path P]`: a CPU profile of the
 * server under the mixed workload (mixed-bench.ts): the 200 viewers read `path` (the feed
 * page) on 10 connections while `writes` writes a second go in (0: none). The real server, in its
 * own process with `node --cpu-prof`, on the mixed bench's generated community; its profile is
 * summarized per read answered (profile-summary.ts), the load's own samples only.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ensureBuilt } from '../scripts/build-stale'
import { load, MIXED_SIZE, startWrites } from './mixed-bench'
import { formatProfile, readProfileFrom, summarizeProfile } from './profile-summary'
import { startProfiledServer } from './profiled-server'
import { cpuSecondsOf } from './run-bench'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    writes: { type: 'string', default: '30' },
    path: { type: 'string', default: '/api/feed?limit=20' },
  },
})
await ensureBuilt()
const dataDir = mkdtempSync(join(tmpdir(), 'gamerstage-mixed-profile-'))
try {
  const { child, url, tokens, profileDir } = await startProfiledServer(dataDir)
  const window = { fromUs: 0, toUs: 0 }
  let completed = 0
  try {
    const options = { url, tokens, connections: 10, duration: Number(values.duration) }
    const writesPerSecond = Number(values.writes)
    // Warm: every viewer's first read, then the load.
    await load(url, values.path, { ...options, duration: 2 })
    const writer =
      writesPerSecond > 0
        ? startWrites({ url, tokens, postCount: MIXED_SIZE.posts, writesPerSecond })
        : null
    const cpuBefore = child.pid ? cpuSecondsOf(child.pid) : null
    window.fromUs = Number(process.hrtime.bigint() / 1000n)
    const result = await load(url, values.path, options)
    window.toUs = Number(process.hrtime.bigint() / 1000n)
    const cpuAfter = child.pid ? cpuSecondsOf(child.pid) : null
    const written = await writer?.stop()
    completed = result.requests.total
    console.log(
      `\n### ${values.path}, 200 viewers, ${writesPerSecond} writes/s: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}` +
        (written ? `; writes ${written.perSecond.toFixed(1)}/s (${written.failed} failed)` : '') +
        // The process's own CPU time (/proc), unlike the profile's samples not stretched by
        // time spent waiting for a core on a busy machine; the writes' included.
        (cpuBefore !== null && cpuAfter !== null
          ? `; server CPU ${(((cpuAfter - cpuBefore) * 1e6) / result.requests.total).toFixed(0)} µs/read`
          : '') +
        `; load average ${loadavg()[0]?.toFixed(1)}\n`,
    )
  } finally {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
  }
  const profile = readProfileFrom(profileDir)
  console.log(
    formatProfile(
      summarizeProfile(profile, Number(process.env.PROFILE_TOP ?? 20), window),
      completed,
    ),
  )
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
