/**
 * `npm run bench:pg-writes [-- --duration S --connections N --writes N --writers N --connect
 * tcp|unix --profile DIR --server-cli FILE]`: writes on PostgreSQL, printed beside their targets.
 * On a throwaway cluster on disk, as durable as the main bench's (tests/helpers/postgres.ts
 * `sqlite-like`), with the server that ships (`node out/server/cli.js`) in processes of their own
 * on one database and one secret:
 *
 * 1. new posts a second on one instance (autocannon, `Prefer: return=minimal`, each connection
 *    a player of its own), target at least 1,000; with what each post cost: CPU time of the
 *    server's process and of PostgreSQL's, and the statements PostgreSQL ran (pg_stat_statements,
 *    where the cluster has it: BEGIN, COMMIT and savepoints count); `--profile DIR` writes the
 *    posting instance's CPU profile there (`node --cpu-prof`) when it stops;
 * 2. twenty writers (posts, likes and dislikes, follows and unfollows, comments and votes, on the
 *    same few posts and players) spread over three instances, 10,000 writes: no 5xx, and every
 *    counter equal to its rows afterwards (tests/helpers/concurrent-writers.ts, whose short run is
 *    tests/server/cluster/concurrent-writes.test.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import pg from 'pg'
import { ensureBuilt } from '../scripts/build-stale'
import { SERVER_CLI } from '../scripts/build-stamp'
import {
  countersAgainstRows,
  likeCounts,
  runConcurrentWriters,
} from '../tests/helpers/concurrent-writers'
import { databaseUrl, onCluster, postgresBinDir, startTestCluster } from '../tests/helpers/postgres'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    writes: { type: 'string', default: '10000' },
    writers: { type: 'string', default: '20' },
    // How the servers reach PostgreSQL: `tcp` (loopback, as a host's would) or `unix` (its
    // socket in the cluster's folder).
    connect: { type: 'string', default: 'tcp' },
    // A folder for the posting instance's CPU profile (node --cpu-prof), written when it stops.
    profile: { type: 'string' },
    // Another build's server (`out/server/cli.js` of an older commit, built beside this tree so
    // that it finds the same node_modules), to compare builds back to back on a shared machine.
    'server-cli': { type: 'string' },
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

/**
 * CPU seconds a process has used so far, user and system (the kernel's: socket writes to
 * PostgreSQL and to clients count there); 0 once it is gone.
 */
function cpuTimesOf(pid: number): { user: number; system: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // After the command's closing parenthesis: state, then utime and stime at 12 and 13.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 }
  } catch {
    return { user: 0, system: 0 }
  }
}

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
function cpuSecondsOf(pid: number): number {
  const { user, system } = cpuTimesOf(pid)
  return user + system
}

/** The processes of the database's server: its backends and background workers. */
async function postgresPids(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE pid <> pg_backend_pid()',
    )
    return rows.map((row) => row.pid)
  } finally {
    await client.end()
  }
}

/**
 * The same database through the server's Unix socket (`?host=` its folder), to compare with
 * loopback TCP: the socket writes of every statement's round trip were half of the server's CPU
 * time (docs/PERFORMANCE.md, "a new post in 2 messages"); through the socket they cost the same.
 */
async function unixSocketUrl(tcpUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: tcpUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ folder: string }>(
      "SELECT split_part(current_setting('unix_socket_directories'), ',', 1) AS folder",
    )
    const address = new URL(tcpUrl)
    address.searchParams.set('host', rows[0]?.folder ?? '')
    return address.toString()
  } finally {
    await client.end()
  }
}

/**
 * Whether this PostgreSQL has pg_stat_statements to load (a contrib module, in Debian's
 * postgresql package): then the bench counts the statements of each new post.
 */
const STATEMENTS_LIBRARY = join(postgresBinDir(), '..', 'lib', 'pg_stat_statements.so')
const countsStatements = existsSync(STATEMENTS_LIBRARY)

/** A statement PostgreSQL ran: its text (the first line), how often, and its time in all. */
interface StatementRun {
  text: string
  calls: number
  milliseconds: number
}

/**
 * The statements run on the database since the last `reset` (none without pg_stat_statements),
 * most run first.
 */
async function statementsRun(url: string, reset = false): Promise<StatementRun[]> {
  if (!countsStatements) return []
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    if (reset) {
      await client.query('SELECT pg_stat_statements_reset()')
      return []
    }
    const { rows } = await client.query<{ query: string; calls: string; ms: number }>(
      `SELECT query, calls, total_exec_time AS ms FROM pg_stat_statements
       WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
         AND query NOT LIKE '%pg_stat_statements%'
       ORDER BY calls DESC`,
    )
    return rows.map((row) => ({
      text: row.query.replace(/\s+/g, ' ').slice(0, 90),
      calls: Number(row.calls),
      milliseconds: row.ms,
    }))
  } finally {
    await client.end()
  }
}

/** CPU seconds of these processes, by pid. */
const cpuOf = (pids: readonly number[]) => new Map(pids.map((pid) => [pid, cpuSecondsOf(pid)]))

async function startInstance(
  host: string,
  args: string[],
  nodeArgs: string[] = [],
): Promise<Instance> {
  const serverArgs = [values['server-cli'] ?? SERVER_CLI, '--host', host, '--port', '0', ...args]
  const child = spawn(process.execPath, [...nodeArgs, ...serverArgs], {
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

/**
 * New posts a second on one instance, each connection posting as a player of its own, and the
 * CPU time each post cost the server's process and PostgreSQL's (what a quiet machine's cores
 * would bound the rate by).
 */
async function newPostsPerSecond(
  url: string,
  serverPid: number,
  databaseUrl: string,
): Promise<{
  rate: number
  non2xx: number
  serverCpuUs: number
  /** Of serverCpuUs, the kernel's. */
  serverSystemUs: number
  postgresCpuUs: number
  statements: StatementRun[]
  load: number
  posts: number
}> {
  const tokens: string[] = []
  for (let index = 0; index < CONNECTIONS; index++) tokens.push(await signUp(url, `poster${index}`))
  let next = 0
  await statementsRun(databaseUrl, true)
  const load = loadavg()[0] ?? 0
  const serverBefore = cpuTimesOf(serverPid)
  const postgresBefore = cpuOf(await postgresPids(databaseUrl))
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
  const serverAfter = cpuTimesOf(serverPid)
  const serverSystem = serverAfter.system - serverBefore.system
  const serverSeconds = serverAfter.user - serverBefore.user + serverSystem
  let postgresSeconds = 0
  // Backends opened during the run count from 0.
  for (const pid of await postgresPids(databaseUrl)) {
    postgresSeconds += cpuSecondsOf(pid) - (postgresBefore.get(pid) ?? 0)
  }
  const posts = Math.max(1, result['2xx'])
  return {
    rate: result.requests.average,
    non2xx: result.non2xx,
    serverCpuUs: (serverSeconds / posts) * 1e6,
    serverSystemUs: (serverSystem / posts) * 1e6,
    postgresCpuUs: (postgresSeconds / posts) * 1e6,
    statements: await statementsRun(databaseUrl),
    load,
    posts,
  }
}

await ensureBuilt()
const folder = mkdtempSync(join(tmpdir(), 'gamerstage-pg-writes-'))
const cluster = await startTestCluster({
  durability: 'sqlite-like',
  settings: countsStatements ? ['shared_preload_libraries=pg_stat_statements'] : [],
})
const instances: Instance[] = []
try {
  await onCluster(cluster.url, 'CREATE DATABASE writes')
  const tcpUrl = databaseUrl(cluster.url, 'writes')
  const url = values.connect === 'unix' ? await unixSocketUrl(tcpUrl) : tcpUrl
  if (countsStatements) await onCluster(tcpUrl, 'CREATE EXTENSION pg_stat_statements')
  const secretFile = join(folder, 'cluster.key')
  writeFileSync(secretFile, randomBytes(32).toString('hex'), { mode: 0o600 })
  for (const [index, host] of HOSTS.entries()) {
    const data = join(folder, `instance-${index}`)
    const args = ['--data', data, '--no-demo', '--database', url, '--secret-file', secretFile]
    // The first instance takes the new posts: its profile is the one asked for.
    const profile =
      index === 0 && values.profile ? ['--cpu-prof', '--cpu-prof-dir', values.profile] : []
    instances.push(await startInstance(host, [...args, ...NO_LIMITS], profile))
  }
  const first = instances[0]?.url ?? ''

  const posts = await newPostsPerSecond(first, instances[0]?.child.pid ?? 0, url)
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
      `   target >= 1,000/s   ${posts.rate >= 1000 ? 'met' : 'NOT met'} (non-2xx ${posts.non2xx};` +
      // On shared cores the rate is a fraction of a quiet machine's, the CPU per post much less so.
      ` load average ${posts.load.toFixed(1)} before)`,
  )
  const perPost = posts.serverCpuUs + posts.postgresCpuUs
  console.log(
    `    CPU per post: server ${posts.serverCpuUs.toFixed(0)} µs ` +
      `(${posts.serverSystemUs.toFixed(0)} of them the kernel's) + PostgreSQL ` +
      `${posts.postgresCpuUs.toFixed(0)} µs: two idle cores would allow about ` +
      `${((2 * 1e6) / perPost).toFixed(0)}/s`,
  )
  if (countsStatements) {
    const posted = Math.max(1, posts.posts)
    const calls = posts.statements.reduce((sum, statement) => sum + statement.calls, 0)
    console.log(`    statements per post (PostgreSQL's count): ${(calls / posted).toFixed(1)}`)
    for (const { text, calls, milliseconds } of posts.statements.slice(0, 8)) {
      const each = `${(calls / posted).toFixed(2)} a post, ${((1000 * milliseconds) / calls).toFixed(0)} µs each`
      console.log(`      ${each.padEnd(30)} ${text}`)
    }
  }
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
