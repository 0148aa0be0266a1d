/**
 * `npm run bench:compare -- --base DIR [--rounds N --duration S --connections N --with-login
 *   --node-flags=FLAGS --users N …]`
 *
 * This checkout's server against another build of it (DIR: a checkout with `out/server/cli.js`
 * built, e.g. a `git worktree` of an older commit), side by side on one machine: the dataset is
 * generated once and copied, both servers run at once on their own copy, and every endpoint is
 * loaded on one then the other, alternating which goes first, for N rounds. A shared, noisy
 * machine drifts within minutes; pairs measured seconds apart drift together, so the report
 * gives, per endpoint, each build's median and range and the median of the per-round ratios,
 * for the rate and for the server's CPU time per request (from /proc: what the code costs, which
 * other work on the machine moves far less than it moves the rate).
 * `--node-flags=FLAGS` starts this checkout's server with Node's own flags (space-separated), the
 * base's without them: with `--base .` it compares one build with and without a flag, e.g.
 * `--node-flags=--max-semi-space-size=2`.
 * Writes bench/results/compare-<date>.json. docs/PERFORMANCE.md ("Store boundary") tells how it
 * was used.
 */
import type { ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { ensureBuilt } from '../scripts/build-stale'
import { DEFAULT_SIZE, generateDataset } from './generate'
import {
  endpoints,
  loadEndpoint,
  memoryOf,
  signIn,
  startServerProcess,
  type EndpointResult,
} from './run-bench'

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    rounds: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string' },
    users: { type: 'string' },
    posts: { type: 'string' },
    likes: { type: 'string' },
    comments: { type: 'string' },
    follows: { type: 'string' },
    'with-login': { type: 'boolean' },
    'node-flags': { type: 'string' },
  },
})
const number = (value: string | undefined, fallback: number) => {
  const parsed = value === undefined ? fallback : Number(value)
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`Not a positive number: ${value}`)
  return parsed
}
if (!values.base) throw new Error('--base DIR: the checkout whose build to compare with.')
const baseCli = join(resolve(values.base), 'out', 'server', 'cli.js')
if (!existsSync(baseCli)) {
  throw new Error(
    `${baseCli} is missing: build it first (cd ${values.base} && npx tsx scripts/build-stale.ts).`,
  )
}
const thisNodeFlags = values['node-flags']?.split(/\s+/).filter(Boolean) ?? []
const rounds = number(values.rounds, 5)
const load = {
  duration: number(values.duration, 5),
  connections: number(values.connections, 10),
}
const size = {
  users: number(values.users, DEFAULT_SIZE.users),
  posts: number(values.posts, DEFAULT_SIZE.posts),
  likes: number(values.likes, DEFAULT_SIZE.likes),
  comments: number(values.comments, DEFAULT_SIZE.comments),
  follows: number(values.follows, DEFAULT_SIZE.follows),
}

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

await ensureBuilt(['server'])
const folder = mkdtempSync(join(tmpdir(), 'gamerstage-compare-'))
const builds = [
  { name: 'base', cli: baseCli, dataDir: join(folder, 'base'), nodeFlags: [] },
  { name: 'this', cli: undefined, dataDir: join(folder, 'this'), nodeFlags: thisNodeFlags },
] as const
const children: ChildProcess[] = []
try {
  mkdirSync(builds[1].dataDir)
  console.log(`Generating ${JSON.stringify(size)}…`)
  const dataset = await generateDataset(builds[1].dataDir, size)
  cpSync(builds[1].dataDir, builds[0].dataDir, { recursive: true })
  const servers = []
  for (const build of builds) {
    const server = await startServerProcess(
      build.dataDir,
      ['--no-demo'],
      build.cli,
      build.nodeFlags,
    )
    children.push(server.child)
    const session = await signIn(server.url, dataset.usernameOf, load.connections)
    // Login is left out unless asked for: it is scrypt's time (and its queue's 503s under
    // load), the same code in both builds, measured by `npm run bench`.
    const list = endpoints(dataset, session.freshPostId).filter(
      (endpoint) => values['with-login'] || endpoint.name !== 'login',
    )
    servers.push({
      ...build,
      url: server.url,
      pid: server.child.pid,
      tokens: session.tokens,
      endpoints: list,
    })
    console.log(`${build.name}: ${build.cli ?? 'this checkout'} at ${server.url}`)
  }
  const [base, current] = servers
  if (!base || !current) throw new Error('Two servers were to start.')
  const rows = new Map<string, { base: EndpointResult[]; this: EndpointResult[] }>()
  const loads: number[] = []
  for (let round = 1; round <= rounds; round++) {
    for (const [index, { name }] of base.endpoints.entries()) {
      const order = (round + index) % 2 ? [base, current] : [current, base]
      const row = rows.get(name) ?? { base: [], this: [] }
      for (const server of order) {
        const endpoint = server.endpoints[index]
        if (!endpoint) continue
        row[server.name].push(
          await loadEndpoint(server.url, endpoint, server.tokens, load, 0, server.pid),
        )
      }
      rows.set(name, row)
      loads.push(loadavg()[0] ?? 0)
    }
    console.log(`Round ${round} of ${rounds} done (load average ${loadavg()[0]?.toFixed(1)}).`)
  }

  const report = [...rows.entries()].map(([name, row]) => {
    const rate = (results: EndpointResult[]) => results.map((result) => result.requestsPerSecond)
    const ratios = row.this.map((result, index) => {
      const before = row.base[index]?.requestsPerSecond ?? 0
      return before ? result.requestsPerSecond / before : 0
    })
    const cpu = (results: EndpointResult[]) => results.map((result) => result.cpuMsPerRequest ?? 0)
    // CPU per request: this over base, so above 100 % is slower.
    const cpuRatios = row.this.map((result, index) => {
      const before = row.base[index]?.cpuMsPerRequest ?? 0
      return before ? (result.cpuMsPerRequest ?? 0) / before : 0
    })
    return {
      name,
      baseCpuMs: cpu(row.base),
      thisCpuMs: cpu(row.this),
      cpuMedianRatio: median(cpuRatios),
      cpuRatios,
      base: rate(row.base),
      this: rate(row.this),
      baseP99Ms: row.base.map((result) => result.p99Ms),
      thisP99Ms: row.this.map((result) => result.p99Ms),
      failed: [...row.base, ...row.this].reduce((sum, r) => sum + r.non2xx + r.errors, 0),
      medianRatio: median(ratios),
      ratios,
    }
  })
  const percent = (list: number[]) =>
    `${(median(list) * 100).toFixed(0)}% (${(Math.min(...list) * 100).toFixed(0)}–${(Math.max(...list) * 100).toFixed(0)}%)`
  const range = (list: number[]) =>
    `${Math.min(...list).toFixed(0)}–${Math.max(...list).toFixed(0)}`
  console.log(
    `\n| endpoint | base req/s, median (range) | this req/s, median (range) | this / base, median of rounds (range) | non-2xx |\n|---|---:|---:|---:|---:|`,
  )
  for (const row of report) {
    console.log(
      `| ${row.name} | ${median(row.base).toFixed(0)} (${range(row.base)}) | ${median(row.this).toFixed(0)} (${range(row.this)}) | ` +
        `${percent(row.ratios)} | ${row.failed} |`,
    )
  }
  const micros = (list: number[]) =>
    `${(median(list) * 1000).toFixed(0)} (${(Math.min(...list) * 1000).toFixed(0)}–${(Math.max(...list) * 1000).toFixed(0)})`
  console.log(
    `\n| endpoint | base server CPU µs/request, median (range) | this | this / base, median of rounds (range) |\n|---|---:|---:|---:|`,
  )
  for (const row of report) {
    console.log(
      `| ${row.name} | ${micros(row.baseCpuMs)} | ${micros(row.thisCpuMs)} | ${percent(row.cpuRatios)} |`,
    )
  }
  // Resident memory once the loads ended (and its peak): what a flag such as
  // --max-semi-space-size changes most.
  const memory = Object.fromEntries(
    servers.map((server) => [server.name, server.pid ? memoryOf(server.pid) : null]),
  )
  for (const [name, figures] of Object.entries(memory)) {
    if (!figures?.rssMiB) continue
    console.log(
      `${name}: ${figures.rssMiB.toFixed(0)} MiB resident after the loads (peak ${figures.peakRssMiB?.toFixed(0)} MiB)`,
    )
  }
  console.log(
    `\n${rounds} rounds of ${load.duration} s per endpoint and build, ${load.connections} connections; ` +
      `load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} (median ${median(loads).toFixed(1)}) on ${cpus().length} cores.`,
  )
  const dir = fileURLToPath(new URL('./results', import.meta.url))
  mkdirSync(dir, { recursive: true })
  const date = new Date().toISOString()
  const file = join(dir, `compare-${date.replace(/[:.]/g, '-')}.json`)
  writeFileSync(
    file,
    `${JSON.stringify({ date, base: baseCli, nodeFlags: thisNodeFlags, size, rounds, ...load, loadAverages: loads, memory, endpoints: report }, null, 2)}\n`,
  )
  console.log(`Report: ${file}`)
} finally {
  for (const child of children) {
    if (child.exitCode !== null) continue
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
  }
  rmSync(folder, { recursive: true, force: true })
}
