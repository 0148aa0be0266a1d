/**
 * `npx tsx bench/write-load.ts --from DIR [--duration S] [--warm N]`: issue 38's HTTP write loads
 * (new posts; likes and dislikes) on a copy of a populated data folder (`bench/profile.ts --data
 * api --scale issue --kept DIR` makes one), without a profiler: the server is started afresh,
 * optionally warmed with `--warm N` new posts first, then loaded with autocannon on 10 keep-alive
 * connections, each as its own user. What populate-api.ts measures right after its populating,
 * repeatable in a minute rather than ten.
 */
import type autocannon from 'autocannon'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ensureBuilt } from '../scripts/build-stale'
import { usernameOf } from './generate'
import { formatWriteRow, loadWrites } from './populate-api'
import { signIn, startServerProcess } from './run-bench'

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    duration: { type: 'string', default: '8' },
    warm: { type: 'string', default: '0' },
    // Read the whole lists first, as populate-api.ts does before its loads.
    'whole-lists': { type: 'boolean', default: false },
  },
})
if (!values.from)
  throw new Error('--from DIR: a populated data folder (see bench/profile.ts --kept)')
await ensureBuilt()
const dataDir = mkdtempSync(join(tmpdir(), 'gamerstage-write-load-'))
cpSync(values.from, dataDir, { recursive: true })
const { child, url } = await startServerProcess(dataDir, [
  '--no-demo',
  '--limit-signups',
  '999999999',
  '--limit-comments',
  '999999999',
])
try {
  const connections = 10
  const { tokens } = await signIn(url, (id) => usernameOf(id + 2), connections)
  const minimal = { 'content-type': 'application/json', prefer: 'return=minimal' }
  const liked: number[] = []
  for (let index = 0; index < connections; index++) {
    const response = await fetch(`${url}/api/posts`, {
      method: 'POST',
      headers: { ...minimal, authorization: tokens[0] ?? '' },
      body: JSON.stringify({ postData: { content: `To be liked ${index}` } }),
    })
    liked.push(Number(((await response.json()) as { post: { _id: string } }).post._id))
  }
  for (let n = 0; n < Number(values.warm); n++) {
    await fetch(`${url}/api/posts`, {
      method: 'POST',
      headers: { ...minimal, authorization: tokens[n % connections] ?? '' },
      body: JSON.stringify({ postData: { content: `Warming ${n}` } }),
    })
  }
  if (values['whole-lists']) {
    for (const path of ['/posts', '/users', `/posts/user/${usernameOf(1)}`, '/feed']) {
      const response = await fetch(`${url}/api${path}`, {
        headers: { authorization: tokens[0] ?? '' },
      })
      await response.arrayBuffer()
    }
  }
  // As populate-api.ts loads them: a like, then a dislike, of the connection's own post.
  const loads: [string, autocannon.Request[]][] = [
    [
      'new post (return=minimal)',
      [
        {
          method: 'POST',
          path: '/api/posts',
          headers: minimal,
          body: JSON.stringify({ postData: { content: 'After a while #lan' } }),
        },
      ],
    ],
    [
      'like + dislike',
      [
        { method: 'POST', path: '/api/posts/like/:post', headers: minimal, body: '{}' },
        { method: 'POST', path: '/api/posts/dislike/:post', headers: minimal, body: '{}' },
      ],
    ],
  ]
  for (const [name, requests] of loads) {
    const row = await loadWrites({
      url,
      serverPid: child.pid,
      name,
      requests,
      connections,
      duration: Number(values.duration),
      tokenOf: (index) => tokens[index % connections] ?? '',
      perConnection: (request, index) => ({
        ...request,
        path: (request.path ?? '').replace(':post', String(liked[index % connections])),
      }),
    })
    console.log(formatWriteRow(row))
  }
} finally {
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
  rmSync(dataDir, { recursive: true, force: true })
}
