/**
 * `npm run bench:pg-writes [-- --duration S --connections N --writes N --instances N]`: writes on
 * PostgreSQL (issue 37, item 3), printed beside their targets. On a throwaway cluster on disk, as
 * durable as the main bench's (tests/helpers/postgres.ts `sqlite-like`), with the server that
 * ships (`node out/server/cli.js`) in processes of their own on one database and one secret:
 *
 * 1. new posts a second on one instance (autocannon, `Prefer: return=minimal`, each connection
 *    a player of its own), target at least 1,000;
 * 2. twenty writers (posts, likes and dislikes, follows and unfollows, comments and votes, on the
 *    same few posts and players) spread over three instances, 10,000 writes: no 5xx, and every
 *    counter equal to its rows afterwards (tests/helpers/concurrent-writers.ts, whose short run is
 *    tests/server/cluster/concurrent-writes.test.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { ensureBuilt } from '../scripts/build-stale'
import { SERVER_CLI } from '../scripts/build-stamp'
import {
  countersAgainstRows,
  likeCounts,
  runConcurrentWriters,
} from '../tests/helpers/concurrent-writers'
import { databaseUrl, onCluster, startTestCluster } from '../tests/helpers/postgres'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    writes: { type: 'string', default: '10000' },
    writers: { type: 'string', default: '20' },
  },
})
const DURATION = Number(values.duration)
const CONNECTIONS = Number(values.connections)
const WRITES = Number(values.writes)
const WRITERS = Number(values.writers)
const PASSWORD = 'correct horse battery'
const HOSTS = ['127.0.0.2', '127.0.0.3', '127.0.0.4'] as const
/** Per-hour limits far above what the bench sends: it measures the database, not the limits. */
const NO_LIMITS = ['posts', 'comments', 'reactions', 'follows', 'signups'].flatMap((kind) => [
  `--limit-${kind}`,
  '100000000',
])

interface Instance {
  url: string
  child: ChildProcess
}

async function startInstance(host: string, args: string[]): Promise<Instance> {
  const child = spawn(process.execPath, [SERVER_CLI, '--host', host, '--port', '0', ...args], {
    env: { ...process.env, GAMERSTAGE_INSECURE_FAST_PASSWORDS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', () => reject(new Error(`${host} exited: ${output.join('')}`)))
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const listening = /listening on (http\S+)/.exec(line)
      if (listening?.[1]) resolve(listening[1])
    })
  })
  return { url, child }
}

async function signUp(url: string, username: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  })
  if (response.status !== 201) throw new Error(`Sign-up answered ${response.status}`)
  return ((await response.json()) as { encodedToken: string }).encodedToken
}

/** New posts a second on one instance, each connection posting as a player of its own. */
async function newPostsPerSecond(url: string): Promise<{ rate: number; non2xx: number }> {
  const tokens: string[] = []
  for (let index = 0; index < CONNECTIONS; index++) tokens.push(await signUp(url, `poster${index}`))
  let next = 0
  const request = {
    method: 'POST' as const,
    path: '/api/posts',
    headers: { 'content-type': 'application/json', prefer: 'return=minimal' },
    body: JSON.stringify({ postData: { content: 'A new post for the bench' } }),
  }
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [request],
    setupClient: (client) => {
      const token = tokens[next++ % tokens.length] ?? ''
      client.setRequests([{ ...request, headers: { ...request.headers, authorization: token } }])
    },
  })
  return { rate: result.requests.average, non2xx: result.non2xx }
}

await ensureBuilt()
const folder = mkdtempSync(join(tmpdir(), 'gamerstage-pg-writes-'))
const cluster = await startTestCluster({ durability: 'sqlite-like' })
const instances: Instance[] = []
try {
  await onCluster(cluster.url, 'CREATE DATABASE writes')
  const url = databaseUrl(cluster.url, 'writes')
  const secretFile = join(folder, 'cluster.key')
  writeFileSync(secretFile, randomBytes(32).toString('hex'), { mode: 0o600 })
  for (const [index, host] of HOSTS.entries()) {
    const data = join(folder, `instance-${index}`)
    const args = ['--data', data, '--no-demo', '--database', url, '--secret-file', secretFile]
    instances.push(await startInstance(host, [...args, ...NO_LIMITS]))
  }
  const first = instances[0]?.url ?? ''

  const posts = await newPostsPerSecond(first)
  const writers = await runConcurrentWriters({
    urls: instances.map((instance) => instance.url),
    writers: WRITERS,
    writes: WRITES,
    password: PASSWORD,
    prefix: 'writer',
  })
  const mismatches = await countersAgainstRows(url)
  const counts = await likeCounts(url, [...writers.likeDelta.keys()])
  const likeMismatches = [...writers.likeDelta].filter(([id, delta]) => counts.get(id) !== delta)
  const serverErrors = [...writers.statuses]
    .filter(([status]) => status >= 500)
    .reduce((sum, [, count]) => sum + count, 0)

  const statuses = [...writers.statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ')
  console.log(`PostgreSQL writes (${CONNECTIONS} connections, ${DURATION} s; ${statuses})`)
  console.log(
    `  new posts, one instance:     ${posts.rate.toFixed(0).padStart(7)}/s` +
      `   target >= 1,000/s   ${posts.rate >= 1000 ? 'met' : 'NOT met'} (non-2xx ${posts.non2xx})`,
  )
  console.log(
    `  ${WRITERS} writers, 3 instances:     ${String(writers.writes).padStart(7)} writes` +
      ` in ${writers.seconds.toFixed(1)} s (${(writers.writes / writers.seconds).toFixed(0)}/s)`,
  )
  console.log(
    `    5xx answers:               ${String(serverErrors).padStart(7)}` +
      `     target 0            ${serverErrors === 0 ? 'met' : 'NOT met'}`,
  )
  const wrong = mismatches.length + likeMismatches.length
  console.log(
    `    counters unequal to rows:  ${String(wrong).padStart(7)}` +
      `     target 0            ${wrong === 0 ? 'met' : 'NOT met'}`,
  )
  for (const line of writers.serverErrors) console.log(`    ${line}`)
  for (const mismatch of mismatches.slice(0, 10)) console.log(`    ${JSON.stringify(mismatch)}`)
} finally {
  for (const instance of instances) instance.child.kill('SIGTERM')
  await Promise.all(
    instances.map(
      (instance) =>
        new Promise<void>((resolve) => {
          if (instance.child.exitCode !== null) resolve()
          else instance.child.once('exit', () => resolve())
        }),
    ),
  )
  await cluster.stop()
  rmSync(folder, { recursive: true, force: true })
}
