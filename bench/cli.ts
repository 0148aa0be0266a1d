/**
 * `npm run bench [-- --users N --posts N --likes N --comments N --follows N --duration S --connections N --stream-clients N --upload-side N]`
 * Prints a table and writes a JSON report to bench/results/. Not part of `npm test`.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { ensureBuilt } from '../scripts/build-stale'
import { DEFAULT_SIZE } from './generate'
import { formatTable, runBench } from './run-bench'
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
  },
})
const number = (value: string | undefined, fallback: number) => {
  const parsed = value === undefined ? fallback : Number(value)
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`Not a positive number: ${value}`)
  return parsed
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
  duration: number(values.duration, 10),
  connections: number(values.connections, 10),
  streamClients: number(values['stream-clients'], 200),
  uploadSide: number(values['upload-side'], LARGEST_SIDE),
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
