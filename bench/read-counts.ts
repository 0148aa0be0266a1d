/**
 * `npx tsx bench/read-counts.ts [--reads N] [--reads-per-write N]`: what one read of the mixed
 * workload costs in statements, counted rather than timed, so that it says the same on
 * a busy machine. The app runs in this process on the mixed bench's generated community
 * (mixed-bench.ts MIXED_SIZE, SQLite); the 200 viewers read their feed in a random order while a
 * new post, a like or a dislike goes in after every `reads-per-write` reads (170: 30 writes a
 * second beside some 5,000 reads). Prints the statements per read, the share of reads that ran
 * any, the share answered by a kept whole answer (`--answer-ms N`: kept up to N ms rather than
 * the server's second, so that only the writes drop them), this process's CPU time per read (the writes' left out: on a busy machine a steadier
 * figure than a rate), and the statements of the writes.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createApp } from '../src/server/app'
import { ReadCache } from '../src/server/caches/read-cache'
import { signToken } from '../src/server/auth/token'
import { openSqliteStore } from '../src/server/db/sqlite'
import { DATABASE_FILE } from '../src/server/server'
import { generateDataset, usernameOf } from './generate'
import { MIXED_SIZE } from './mixed-bench'

const { values } = parseArgs({
  options: {
    reads: { type: 'string', default: '20000' },
    'reads-per-write': { type: 'string', default: '170' },
    path: { type: 'string', default: '/api/feed?limit=20' },
    // Every read a fill: no whole answer kept (what a fill costs).
    'no-answers': { type: 'boolean', default: false },
    // How long a whole answer may live (the server's second by default): longer, what drops
    // answers is the writes alone, however slowly a busy machine reads.
    'answer-ms': { type: 'string' },
  },
})
const reads = Number(values.reads)
const readsPerWrite = Number(values['reads-per-write'])
const dataDir = mkdtempSync(join(tmpdir(), 'gamerstage-read-counts-'))
try {
  await generateDataset(dataDir, { ...MIXED_SIZE })
  let counting: Map<string, number> | null = null
  const db = openSqliteStore({
    file: join(dataDir, DATABASE_FILE),
    onStatement: (sql) => {
      if (!counting) return
      const kind = /^\s*(\w+)[\s\S]*?\bFROM\s+(\w+)/i.exec(sql)
      const key = kind
        ? `${(kind[1] ?? '').toUpperCase()} … FROM ${kind[2]}`
        : sql.trim().slice(0, 40)
      counting.set(key, (counting.get(key) ?? 0) + 1)
    },
  })
  const secret = new TextEncoder().encode('read-counts-secret-of-at-least-32-bytes')
  const readCache = new ReadCache({
    ...(values['no-answers'] ? { answerBytes: 0 } : {}),
    ...(values['answer-ms'] ? { answerMs: Number(values['answer-ms']) } : {}),
  })
  // Reads answered by a kept whole answer (no fill at all), counted beside the statements.
  let served = 0
  const answer = readCache.answer.bind(readCache)
  readCache.answer = (key, now) => {
    const kept = answer(key, now)
    if (kept && counting === readStatements) served++
    return kept
  }
  const app = createApp({ db, secret, version: 'bench', limits: false, readCache })
  const viewers = await Promise.all(
    Array.from({ length: MIXED_SIZE.users }, (_, index) =>
      signToken({ _id: String(index + 1), username: usernameOf(index + 1) }, secret),
    ),
  )
  const readStatements = new Map<string, number>()
  const writeStatements = new Map<string, number>()
  let fills = 0
  /** CPU time (this process's, user and system) of the reads alone, the writes' left out. */
  let readCpuUs = 0
  let writes = 0
  let liked = { token: '', postId: 0 }
  const write = async () => {
    const token = viewers[Math.floor(Math.random() * viewers.length)] ?? ''
    const kind = writes++ % 3
    const [path, by] =
      kind === 0
        ? ['/api/posts', token]
        : kind === 1
          ? [
              `/api/posts/like/${(liked = { token, postId: 1 + Math.floor(Math.random() * MIXED_SIZE.posts) }).postId}`,
              token,
            ]
          : [`/api/posts/dislike/${liked.postId}`, liked.token]
    counting = writeStatements
    const response = await app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=minimal', authorization: by },
      body: JSON.stringify(kind === 0 ? { postData: { content: 'Counted #bench' } } : {}),
    })
    await response.arrayBuffer()
    counting = null
  }
  // Every viewer reads once first: the counts are of a warm server.
  for (const token of viewers) {
    await (await app.request(values.path, { headers: { authorization: token } })).arrayBuffer()
  }
  for (let read = 0; read < reads; read++) {
    if (read % readsPerWrite === 0) await write()
    const token = viewers[Math.floor(Math.random() * viewers.length)] ?? ''
    const before = [...readStatements.values()].reduce((sum, n) => sum + n, 0)
    counting = readStatements
    const cpu = process.cpuUsage()
    const response = await app.request(values.path, { headers: { authorization: token } })
    await response.arrayBuffer()
    const spent = process.cpuUsage(cpu)
    readCpuUs += spent.user + spent.system
    counting = null
    const after = [...readStatements.values()].reduce((sum, n) => sum + n, 0)
    if (after > before) fills++
  }
  const total = (map: Map<string, number>) => [...map.values()].reduce((sum, n) => sum + n, 0)
  const table = (map: Map<string, number>, per: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .map(([kind, n]) => `| ${kind} | ${(n / per).toFixed(2)} |`)
      .join('\n')
  console.log(
    `${reads} reads of ${values.path} by ${viewers.length} viewers, a write after every ${readsPerWrite}${values['no-answers'] ? ', no whole answer kept' : ''}${values['answer-ms'] ? `, answers kept ${values['answer-ms']} ms at most` : ''}:`,
  )
  console.log(
    `statements per read ${(total(readStatements) / reads).toFixed(2)}; reads that ran any ${((fills / reads) * 100).toFixed(1)}%; reads answered whole (no fill) ${((served / reads) * 100).toFixed(1)}%; CPU ${(readCpuUs / reads).toFixed(0)} µs per read (load average ${loadavg()[0]?.toFixed(1)})`,
  )
  console.log(`\n| statement, per read | n |\n|---|---:|\n${table(readStatements, reads)}`)
  console.log(
    `\n${writes} writes, statements per write ${(total(writeStatements) / Math.max(writes, 1)).toFixed(2)}`,
  )
  await db.close()
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
