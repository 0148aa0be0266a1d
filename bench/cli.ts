/**
 * `npm run bench [-- --databases sqlite,postgres --pg-url URL --users N --posts N --likes N
 * --comments N --follows N --duration S --connections N --stream-clients N --upload-side N]`
 * Prints a table, the databases side by side, and writes a JSON report to bench/results/. Not
 * part of `npm test` (tests/server/bench-smoke.test.ts runs it on a tiny dataset).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { ensureBuilt } from '../scripts/build-stale'
import { DEFAULT_SIZE } from './generate'
import { postgresBinDir } from '../tests/helpers/postgres'
import { checkPostgresUrl } from './postgres'
import { BENCH_DATABASES, formatTable, runBench, type BenchDatabase } from './run-bench'
import { LARGEST_SIDE } from './upload-bench'

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
    databases: { type: 'string' },
    'pg-url': { type: 'string' },
  },
})
const number = (value: string | undefined, fallback: number, { zero = false } = {}) => {
  const parsed = value === undefined ? fallback : Number(value)
  if (!Number.isFinite(parsed) || parsed < 0 || (parsed === 0 && !zero)) {
    throw new Error(`Not a positive number${zero ? ' or 0' : ''}: ${value}`)
  }
  return parsed
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
  memory: true,
})
console.log(`\n${formatTable(report)}`)
const dir = fileURLToPath(new URL('./results', import.meta.url))
mkdirSync(dir, { recursive: true })
const file = join(dir, `${report.date.replace(/[:.]/g, '-')}.json`)
const json = `${JSON.stringify(report, null, 2)}\n`
writeFileSync(file, json)
writeFileSync(join(dir, 'latest.json'), json)
console.log(`Report: ${file} (and bench/results/latest.json)`)
