/**
 * The static baseline: a bare Hono + @hono/node-server app, in its own process, that
 * answers each recorded request with the very bytes and headers the real server answered for it.
 * What it serves per second is what this stack can do for that answer on this machine at this
 * moment; the bench reports the real server's rate as a share of it.
 *
 * Run as a child: `node --import tsx bench/static-baseline.ts <answers.json>`; it prints
 * `listening on http://…` as the real server does.
 */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { SERVER_NODE_FLAGS } from '../scripts/build-stamp'

/** One recorded answer, by its request's path and query. */
export interface RecordedAnswer {
  path: string
  status: number
  headers: [string, string][]
  /** The body, base64. */
  body: string
}

/** Headers the baseline leaves to its own stack (framing and time), as the real server's does. */
const OWN_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
])

/** Asks the real server for `path` (with `headers`) and records its answer. */
export async function recordAnswer(
  url: string,
  path: string,
  headers: Record<string, string>,
): Promise<RecordedAnswer> {
  const response = await fetch(`${url}${path}`, { headers })
  const body = Buffer.from(await response.arrayBuffer())
  return {
    path,
    status: response.status,
    headers: [...response.headers.entries()].filter(([name]) => !OWN_HEADERS.has(name)),
    body: body.toString('base64'),
  }
}

/** Starts the baseline process on these answers; answers its address and a stop. */
export function startStaticBaseline(
  answers: RecordedAnswer[],
  file: string,
): Promise<{ child: ChildProcess; url: string; stop(): Promise<void> }> {
  writeFileSync(file, JSON.stringify(answers))
  // With the real server's Node flags: the same stack, set up the same way.
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--import', 'tsx', fileURLToPath(import.meta.url), file],
    { stdio: ['ignore', 'pipe', 'pipe'], cwd: fileURLToPath(new URL('..', import.meta.url)) },
  )
  return new Promise((resolve, reject) => {
    let output = ''
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match?.[1]) {
        child.stdout?.off('data', onData)
        resolve({
          child,
          url: match[1],
          stop: async () => {
            if (child.exitCode !== null) return
            child.kill('SIGTERM')
            await new Promise((done) => child.once('exit', done))
          },
        })
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) => reject(new Error(`The baseline exited (${code}): ${output}`)))
  })
}

function main(file: string): void {
  const answers = JSON.parse(readFileSync(file, 'utf8')) as RecordedAnswer[]
  const byPath = new Map(
    answers.map((answer) => [
      answer.path,
      { ...answer, bytes: new Uint8Array(Buffer.from(answer.body, 'base64')) },
    ]),
  )
  const app = new Hono()
  app.all('*', (c) => {
    const answer = byPath.get(c.req.path + (new URL(c.req.url).search || ''))
    if (!answer) return c.text('not recorded', 404)
    return c.body(answer.bytes, answer.status as 200, Object.fromEntries(answer.headers))
  })
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
    console.log(`listening on http://127.0.0.1:${info.port}`)
  })
  process.on('SIGTERM', () => server.close(() => process.exit(0)))
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && process.argv[2]) {
  main(process.argv[2])
}
