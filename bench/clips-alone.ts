/**
 * `npm run bench:clips [-- --seconds 10 --void-mb 49]`: clip-bench.ts alone, against a fresh demo
 * server of this checkout's build. Its own entry because run-bench.ts imports clip-bench.ts: an
 * entry in clip-bench.ts that imported run-bench.ts back waited on itself (top-level await in an
 * import cycle) and Node quit with code 13 before printing anything.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ensureBuilt } from '../scripts/build-stale'
import { DEMO_ACCOUNT } from '../src/server/services/writes/seed'
import { makeMp4 } from '../tests/helpers/videos'
import { formatClipBench, runClipBench } from './clip-bench'
import { startServerProcess } from './run-bench'

const { values } = parseArgs({
  options: { seconds: { type: 'string' }, 'void-mb': { type: 'string' } },
})
await ensureBuilt()
const dataDir = mkdtempSync(join(tmpdir(), 'gamerstage-clip-bench-'))
const server = await startServerProcess(dataDir, [
  ...['--limit-uploads', '999999999', '--limit-upload-mb', '999999999'],
])
try {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ACCOUNT),
  })
  const { encodedToken } = (await login.json()) as { encodedToken: string }
  // One valid clip first: the worker is started and MediaInfo compiled before the measure.
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(makeMp4())], { type: 'video/mp4' }), 'clip')
  await fetch(`${server.url}/api/media/clips`, {
    method: 'POST',
    headers: { authorization: encodedToken },
    body: form,
  }).then((response) => response.arrayBuffer())
  const result = await runClipBench({
    url: server.url,
    token: encodedToken,
    ...(values.seconds ? { seconds: Number(values.seconds) } : {}),
    ...(values['void-mb'] ? { voidMB: Number(values['void-mb']) } : {}),
  })
  console.log(formatClipBench(result))
  console.log(JSON.stringify(result, null, 2))
} finally {
  server.child.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
}
