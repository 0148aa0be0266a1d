import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { signToken } from '../src/server/auth/token'
import { SECRET_FILE } from '../src/server/server'
import { generateDataset, usernameOf } from './generate'
import { load, MIXED_SIZE } from './mixed-bench'
import { startServerProcess } from './run-bench'
const dataDir = mkdtempSync(join(tmpdir(), 'gs-th-'))
await generateDataset(dataDir, { ...MIXED_SIZE })
const { child, url } = await startServerProcess(dataDir, ['--no-demo'])
const secret = readFileSync(join(dataDir, SECRET_FILE))
const tokens = await Promise.all(Array.from({ length: MIXED_SIZE.users }, (_, i) => signToken({ _id: String(i + 1), username: usernameOf(i + 1) }, secret)))
const path = process.argv[2] ?? '/api/feed?limit=20'
const options = { url, tokens, connections: 10, duration: 2 }
await load(url, path, options)
const threads = () => new Map(readdirSync(`/proc/${child.pid}/task`).map((t) => { const st = readFileSync(`/proc/${child.pid}/task/${t}/stat`, 'utf8'); const name = /\((.*)\)/.exec(st)![1]!; const f = st.slice(st.lastIndexOf(')') + 2).split(' '); return [`${t} ${name}`, [Number(f[11]), Number(f[12])]] as const }))
const before = threads()
const r = await load(url, path, { ...options, duration: 6 })
const after = threads()
const n = r.requests.total
console.log(`${r.requests.average} req/s`)
for (const [k, [u, s]] of after) { const [u0, s0] = before.get(k) ?? [0, 0]; const du = (u - u0) * 1e4 / n, ds = (s - s0) * 1e4 / n; if (du + ds > 0.5) console.log(k.padEnd(28), 'user', du.toFixed(1), 'sys', ds.toFixed(1), 'µs/req') }
child.kill('SIGTERM'); rmSync(dataDir, { recursive: true, force: true })
