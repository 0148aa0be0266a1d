/**
 * `npm run bench [-- --databases sqlite,postgres --pg-url URL --users N --posts N --likes N
 * --comments N --follows N --duration S --connections N --stream-clients N --upload-side N
 * --clip-seconds S]`; `npm run bench -- --mixed [--viewers N --writes N]`: the mixed
 * workload (bench/mixed-bench.ts) instead; `npm run bench -- --streams N [--post-rate R
 * --post-seconds S --instances 1|3 --cpu-prof DIR --server-cli FILE]` for the live streams at
 * scale alone (stream-scale.ts; `--instances 3`: three servers on PostgreSQL through one Redis;
 * FILE: another build's out/server/cli.js, to measure before and after)
 * Prints a table, the databases side by side, and writes a JSON report to bench/results/. Not
 * part of `npm test` (tests/server/bench/smoke/ runs it on a tiny dataset).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { ensureBuilt } from '../scripts/build-stale'
import { DEFAULT_SIZE } from './generate'
import { postgresBinDir } from '../tests/helpers/postgres'
import { checkPostgresUrl } from './postgres'
import {
  BENCH_DATABASES,
  formatTable,
  formatTargets,
  runBench,
  type BenchDatabase,
} from './run-bench'
import { LARGEST_SIDE } from './upload-bench'
import { formatMixed, MIXED_SIZE } from './mixed-bench'
import { STREAM_TARGETS, streamScaleCommand } from './stream-scale'
import { API_DEFAULT_SIZE, API_ISSUE_SIZE, populateThroughApi } from './populate-api'
import { formatProfile, readProfileFrom, summarizeProfile } from './profile-summary'

const { values } = parseArgs({
  options: {
    users: { type: 'string' },
    posts: { type: 'string' },
    likes: { type: 'string' },
    comments: { type: 'string' },
    follows: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string' },
    'stream-clients': { type: 'string' },
    'upload-side': { type: 'string' },
    'clip-seconds': { type: 'string' },
    databases: { type: 'string' },
    'pg-url': { type: 'string' },
    sticky: { type: 'boolean' },
    populate: { type: 'string' },
    scale: { type: 'string' },
    'cpu-prof': { type: 'string' },
    mixed: { type: 'boolean' },
    viewers: { type: 'string' },
    writes: { type: 'string' },
    streams: { type: 'string' },
    'post-rate': { type: 'string' },
    'post-seconds': { type: 'string' },
    'server-cli': { type: 'string' },
    instances: { type: 'string' },
  },
})
const number = (value: string | undefined, fallback: number, { zero = false } = {}) => {
  const parsed = value === undefined ? fallback : Number(value)
  if (!Number.isFinite(parsed) || parsed < 0 || (parsed === 0 && !zero)) {
    throw new Error(`Not a positive number${zero ? ' or 0' : ''}: ${value}`)
  }
  return parsed
}

/** `--instances`: the stream bench on one server or on three through Redis. */
function instancesOf(value: string | undefined): 1 | 3 {
  if (value === undefined || value === '1') return 1
  if (value === '3') return 3
  throw new Error(`--instances takes 1 or 3, not ${value}`)
}

if (values.streams !== undefined) {
  await ensureBuilt()
  await streamScaleCommand({
    streams: number(values.streams, STREAM_TARGETS.streams),
    postRate: number(values['post-rate'], 10),
    postSeconds: number(values['post-seconds'], 10, { zero: true }),
    perAddress: 25,
    instances: instancesOf(values.instances),
    ...(values['cpu-prof'] ? { cpuProfDir: values['cpu-prof'] } : {}),
    ...(values['server-cli'] ? { serverCli: values['server-cli'] } : {}),
  })
  process.exit(0)
}

if (values.populate !== undefined) {
  if (values.populate !== 'api') throw new Error(`--populate takes api, not ${values.populate}`)
  if (values.scale !== undefined && values.scale !== 'issue') {
    throw new Error(`--scale takes issue (2,000 users and 50,000 posts), not ${values.scale}`)
  }
  await ensureBuilt()
  const base = values.scale === 'issue' ? API_ISSUE_SIZE : API_DEFAULT_SIZE
  const profileDir = values['cpu-prof']
  const report = await populateThroughApi({
    size: {
      users: number(values.users, base.users),
      posts: number(values.posts, base.posts),
      likes: number(values.likes, base.likes),
      comments: number(values.comments, base.comments),
      follows: number(values.follows, base.follows),
    },
    duration: number(values.duration, 10),
    connections: number(values.connections, 10),
    ...(profileDir ? { nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}),
  })
  const { tokens: _tokens, userIds: _userIds, postIds: _postIds, ...shown } = report
  console.log(JSON.stringify(shown, null, 2))
  if (profileDir) {
    // The server's profile, summarized for each write load alone (populating left out).
    const profile = readProfileFrom(profileDir)
    for (const row of report.writes) {
      console.log(`\n### ${row.name}\n`)
      console.log(formatProfile(summarizeProfile(profile, 12, row.window), row.window.requests))
    }
  }
  process.exit(0)
}

const databases = (values.databases ?? BENCH_DATABASES.join(','))
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean)
for (const name of databases) {
  if (!(BENCH_DATABASES as readonly string[]).includes(name)) {
    throw new Error(
      `--databases takes ${BENCH_DATABASES.join(', ')} (comma-separated), not ${name}`,
    )
  }
}
const pgUrl = values['pg-url']
if (databases.includes('postgres') || databases.includes('cluster')) {
  // Before minutes of generating: a cluster we cannot reach, or cannot start, says so now.
  if (pgUrl) await checkPostgresUrl(pgUrl)
  else {
    try {
      postgresBinDir()
    } catch (error) {
      throw new Error(`${(error as Error).message} Or measure SQLite alone: --databases sqlite.`)
    }
  }
}

// The bench measures the server that ships: `node out/server/cli.js` and the web app it serves.
await ensureBuilt()
if (values.mixed) {
  // 200 viewers reading while 30 writes a second go in, on the mixed bench's community (200
  // players following about 25 each, 4,000 posts).
  const report = await runBench({
    size: {
      users: number(values.users, MIXED_SIZE.users),
      posts: number(values.posts, MIXED_SIZE.posts),
      likes: number(values.likes, MIXED_SIZE.likes),
      comments: number(values.comments, MIXED_SIZE.comments),
      follows: number(values.follows, MIXED_SIZE.follows),
    },
    databases: databases as BenchDatabase[],
    ...(pgUrl ? { pgUrl } : {}),
    sticky: values.sticky === true,
    duration: number(values.duration, 10),
    connections: number(values.connections, 10),
    mixed: {
      viewers: number(values.viewers, 200),
      writesPerSecond: number(values.writes, 30),
    },
  })
  for (const run of report.runs) {
    if (run.mixed) console.log(`\n${formatMixed(run.mixed, `${run.database}: `)}`)
  }
  const load = report.machine.loadAverage
  console.log(
    `\nLoad average ${load.start.toFixed(1)} at the start, ${load.end.toFixed(1)} at the end (${report.machine.cores} cores).`,
  )
  const dir = fileURLToPath(new URL('./results', import.meta.url))
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'mixed-latest.json'), `${JSON.stringify(report, null, 2)}\n`)
  console.log('Report: bench/results/mixed-latest.json')
  process.exit(0)
}
const report = await runBench({
  size: {
    users: number(values.users, DEFAULT_SIZE.users),
    posts: number(values.posts, DEFAULT_SIZE.posts),
    likes: number(values.likes, DEFAULT_SIZE.likes),
    comments: number(values.comments, DEFAULT_SIZE.comments),
    follows: number(values.follows, DEFAULT_SIZE.follows),
  },
  databases: databases as BenchDatabase[],
  ...(pgUrl ? { pgUrl } : {}),
  duration: number(values.duration, 10),
  connections: number(values.connections, 10),
  // 0 skips the row.
  streamClients: number(values['stream-clients'], 200, { zero: true }),
  uploadSide: number(values['upload-side'], LARGEST_SIDE, { zero: true }),
  // /api/health idle and while hostile clips upload, seconds each; 0 skips it.
  clipSeconds: number(values['clip-seconds'], 10, { zero: true }),
  memory: true,
})
console.log(`\n${formatTable(report)}`)
const uiFile = fileURLToPath(new URL('./results/ui-latest.json', import.meta.url))
const uiMedian = existsSync(uiFile)
  ? ((JSON.parse(readFileSync(uiFile, 'utf8')) as { medianMs?: number }).medianMs ?? null)
  : null
console.log(`\nTargets (ratios within this run):\n${formatTargets(report, uiMedian)}`)
const dir = fileURLToPath(new URL('./results', import.meta.url))
mkdirSync(dir, { recursive: true })
const file = join(dir, `${report.date.replace(/[:.]/g, '-')}.json`)
const json = `${JSON.stringify(report, null, 2)}\n`
writeFileSync(file, json)
writeFileSync(join(dir, 'latest.json'), json)
console.log(`Report: ${file} (and bench/results/latest.json)`)
