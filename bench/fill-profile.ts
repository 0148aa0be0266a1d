/**
 * `npx tsx bench/fill-profile.ts [--duration S] [--path P]`: what a fill of a kept answer costs,
 * and where its time goes. The real server, in its own process with `node --cpu-prof`, on the
 * mixed bench's generated community (mixed-bench.ts); its 200 viewers read `path` (the feed page)
 * on 10 connections, each request with a query of its own (`&n=…`, which the route ignores), so
 * that no whole answer is ever served again and every read is a fill. Pieces of earlier answers
 * (caches/answer-pieces.ts) still hold, as after a write that changed one item of each page: the
 * figure is a fill that joins its page. Prints the server's CPU a fill (from /proc) and the
 * profile per fill (profile-summary.ts), the load's own samples only.
 */
import autocannon from 'autocannon'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ensureBuilt } from '../scripts/build-stale'
import { formatProfile, readProfileFrom, summarizeProfile } from './profile-summary'
import { startProfiledServer } from './profiled-server'
import { cpuSecondsOf } from './run-bench'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '6' },
    path: { type: 'string', default: '/api/feed?limit=20' },
  },
})
const CONNECTIONS = 10
/** Requests of each connection before it comes back to its first: more than it sends. */
const DISTINCT_PER_CONNECTION = 20_000

await ensureBuilt()
const dataDir = mkdtempSync(join(tmpdir(), 'gamerstage-fill-profile-'))
try {
  const { child, url, tokens, profileDir } = await startProfiledServer(dataDir)
  const window = { fromUs: 0, toUs: 0 }
  let fills = 0
  try {
    const perConnection = Math.ceil(tokens.length / CONNECTIONS)
    let distinct = 0
    const load = (duration: number) => {
      let connection = 0
      return autocannon({
        url,
        connections: CONNECTIONS,
        duration,
        requests: [{ method: 'GET', path: values.path }],
        setupClient: (client) => {
          const first = (connection++ % CONNECTIONS) * perConnection
          const mine = tokens.slice(first, first + perConnection)
          client.setRequests(
            Array.from({ length: DISTINCT_PER_CONNECTION }, (_, index) => ({
              method: 'GET',
              path: `${values.path}&n=${distinct++}`,
              headers: { authorization: mine[index % mine.length] ?? '' },
            })),
          )
        },
      })
    }
    // Warm: every viewer's first pages (and pieces), then the load.
    await load(2)
    const cpuBefore = child.pid ? cpuSecondsOf(child.pid) : null
    window.fromUs = Number(process.hrtime.bigint() / 1000n)
    const result = await load(Number(values.duration))
    window.toUs = Number(process.hrtime.bigint() / 1000n)
    const cpuAfter = child.pid ? cpuSecondsOf(child.pid) : null
    fills = result.requests.total
    console.log(
      `\n### ${values.path}, every read a fill: ${result.requests.average.toFixed(0)} fills/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}` +
        (cpuBefore !== null && cpuAfter !== null
          ? `; server CPU ${(((cpuAfter - cpuBefore) * 1e6) / fills).toFixed(0)} µs a fill`
          : '') +
        '\n',
    )
  } finally {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
  }
  const profile = readProfileFrom(profileDir)
  console.log(
    formatProfile(summarizeProfile(profile, Number(process.env.PROFILE_TOP ?? 25), window), fills),
  )
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
