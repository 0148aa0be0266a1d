/**
 * A community as a cluster on one machine: three processes of the server that
 * ships (`node out/server/cli.js`) on 127.0.0.2, 127.0.0.3 and 127.0.0.4, behind a reverse proxy
 * on 127.0.0.1 that they trust, with one PostgreSQL database, one Redis, one S3 bucket and one
 * token secret. What one instance does, the others see; a client moves between instances without
 * missing anything; and killing one mid-stream loses no write that was acknowledged.
 *
 * PostgreSQL only (`npm run test:pg`): the instances share the run's PostgreSQL cluster.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  LiveEventMap,
  LoginResponse,
  Post,
  SignupResponse,
} from '../../../src/shared/api-types'
import { SERVER_CLI } from '../../../scripts/build-stamp'
import { startOwnRedis, type OwnRedis } from '../../helpers/redis'
import { startRoundRobinProxy, type RoundRobinProxy } from '../../helpers/round-robin-proxy'
import { S3RVER_KEY, startS3Server, type TestS3Server } from '../../helpers/s3'
import { readEvents, type EventReader } from '../../helpers/sse'
import { createTestPostgresDatabase } from '../../helpers/test-store'

const HOSTS = ['127.0.0.2', '127.0.0.3', '127.0.0.4'] as const
const POSTS_PER_HOUR = 40
const PASSWORD = 'correct horse battery'
/** How long an instance may take to print that it listens. */
const START_TIMEOUT_MS = 20_000

interface Instance {
  host: string
  url: string
  child: ChildProcess
  /** Resolves once the process has exited. */
  exited: Promise<void>
}

let redis: OwnRedis
let s3: TestS3Server
let database: { url: string; drop(): Promise<void> }
let proxy: RoundRobinProxy
let bucketName = ''
const instances: Instance[] = []
const folders: string[] = []
const readers: EventReader[] = []

function folder(): string {
  const made = mkdtempSync(join(tmpdir(), 'gamerstage-three-'))
  folders.push(made)
  return made
}

async function startInstance(host: string, args: string[]): Promise<Instance> {
  const child = spawn(
    process.execPath,
    [SERVER_CLI, '--host', host, '--port', '0', '--data', folder(), ...args],
    {
      env: {
        ...process.env,
        GAMERSTAGE_INSECURE_FAST_PASSWORDS: '1',
        AWS_ACCESS_KEY_ID: S3RVER_KEY.accessKeyId,
        AWS_SECRET_ACCESS_KEY: S3RVER_KEY.secretAccessKey,
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const output: string[] = []
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${host} did not start: ${output.join('')}`)),
      START_TIMEOUT_MS,
    )
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      output.push(line)
      const listening = /listening on (http\S+)/.exec(line)
      if (listening?.[1]) {
        clearTimeout(timer)
        resolve(listening[1])
      }
    })
    void exited.then(() => reject(new Error(`${host} exited: ${output.join('\n')}`)))
  })
  return { host, url, child, exited }
}

beforeAll(async () => {
  redis = await startOwnRedis()
  s3 = await startS3Server()
  const bucket = await s3.newBucket()
  bucketName = bucket.bucket
  database = await createTestPostgresDatabase()
  const secretFile = join(folder(), 'cluster.key')
  writeFileSync(secretFile, randomBytes(32).toString('hex'))
  const args = [
    '--no-demo',
    '--database',
    database.url,
    '--redis',
    redis.url,
    '--secret-file',
    secretFile,
    '--s3-endpoint',
    bucket.endpoint,
    '--s3-bucket',
    bucket.bucket,
    '--trust-proxy',
    '127.0.0.1',
    '--limit-posts',
    String(POSTS_PER_HOUR),
  ]
  // One at a time: the first migrates the database, the others find it ready.
  for (const host of HOSTS) instances.push(await startInstance(host, args))
  proxy = await startRoundRobinProxy(
    instances.map(({ url }) => {
      const { hostname, port } = new URL(url)
      return { host: hostname, port: Number(port) }
    }),
  )
}, 90_000)

afterAll(async () => {
  for (const reader of readers) await reader.close().catch(() => {})
  await proxy?.close()
  for (const instance of instances) instance.child.kill('SIGTERM')
  await Promise.all(instances.map((instance) => instance.exited))
  await database?.drop()
  await redis?.stop()
  await s3?.close()
  for (const made of folders) rmSync(made, { recursive: true, force: true })
})

/** The address of the index-th instance (A, B, C), talked to directly. */
function instanceUrl(index: number): string {
  const instance = instances[index]
  if (!instance) throw new Error(`No instance ${index}`)
  return instance.url
}
const A = () => instanceUrl(0)
const B = () => instanceUrl(1)
const C = () => instanceUrl(2)

function send(
  base: string,
  path: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: token } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  })
}

async function signup(base: string, username: string): Promise<string> {
  const response = await send(base, '/api/auth/signup', { username, password: PASSWORD })
  expect(response.status).toBe(201)
  return ((await response.json()) as SignupResponse).encodedToken
}

async function post(base: string, token: string, content: string): Promise<Response> {
  // Only the new post in the answer (docs/API.md, "Prefer: return=minimal").
  return send(base, '/api/posts', { postData: { content } }, token, { Prefer: 'return=minimal' })
}

async function postId(response: Response): Promise<string> {
  expect(response.status).toBe(201)
  return ((await response.json()) as { post: Post }).post._id
}

async function stream(base: string, token: string, lastEventId?: string): Promise<EventReader> {
  const response = await fetch(`${base}/api/events`, {
    headers: { authorization: token, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
  })
  expect(response.status).toBe(200)
  const reader = readEvents(response)
  readers.push(reader)
  return reader
}

/** The ids of the posts a stream has told of so far. */
const toldPosts = (reader: EventReader) =>
  reader.events
    .filter((event) => event.type === 'post')
    .map((event) => (event.data as LiveEventMap['post']).post._id)

describe('three instances behind a proxy, one PostgreSQL, one Redis, one bucket', () => {
  it('tells a live client on B of a post made through A', async () => {
    const author = await signup(A(), 'cluster_author')
    const watcher = await signup(B(), 'cluster_watcher')
    const onB = await stream(B(), watcher)
    await onB.next('ready')
    const id = await postId(await post(A(), author, 'made on A'))
    const told = await onB.next('post', 5_000)
    expect(told.data.post._id).toBe(id)
    expect(told.data.post.content).toBe('made on A')
  })

  it('gives a client that reconnects to C with its Last-Event-ID what it missed', async () => {
    const author = await signup(A(), 'cluster_writer')
    const reader = await signup(B(), 'cluster_reader')
    const onB = await stream(B(), reader)
    await onB.next('ready')
    const first = await postId(await post(A(), author, 'seen on B'))
    expect((await onB.next('post', 5_000)).data.post._id).toBe(first)
    const lastSeen = onB.lastEventId()
    await onB.close()
    const missed = [
      await postId(await post(A(), author, 'missed one')),
      await postId(await post(B(), author, 'missed two')),
    ]
    const onC = await stream(C(), reader, lastSeen)
    await onC.next('ready')
    const replayed = [
      (await onC.next('post', 5_000)).data.post._id,
      (await onC.next('post', 5_000)).data.post._id,
    ]
    expect(replayed).toEqual(missed)
  })

  it('serves from B the image uploaded through A, byte for byte', async () => {
    const token = await signup(A(), 'cluster_artist')
    const image = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#3a7' },
    })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'shot.png')
    const uploaded = await fetch(`${A()}/api/media`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    })
    expect(uploaded.status).toBe(201)
    const { url } = (await uploaded.json()) as { url: string }
    const fromA = Buffer.from(await (await fetch(`${A()}${url}`)).arrayBuffer())
    const fromB = await fetch(`${B()}${url}`)
    expect(fromB.status).toBe(200)
    expect(fromB.headers.get('content-type')).toMatch(/^image\//)
    expect(Buffer.from(await fromB.arrayBuffer()).equals(fromA)).toBe(true)
    // The bytes are the bucket's, not A's: B has no copy of its own.
    expect(await s3.keys(bucketName)).toContain(`media/${url.slice('/api/media/'.length)}`)
  })

  it('refuses on B a session logged out on A', async () => {
    await signup(C(), 'cluster_leaver')
    const login = await send(A(), '/api/auth/login', {
      username: 'cluster_leaver',
      password: PASSWORD,
    })
    expect(login.status).toBe(200)
    const token = ((await login.json()) as LoginResponse).encodedToken
    const session = (base: string) =>
      fetch(`${base}/api/auth/session`, { headers: { authorization: token } })
    expect((await session(B())).status).toBe(200)
    expect((await send(A(), '/api/auth/logout', {}, token)).status).toBeLessThan(300)
    expect((await session(B())).status).toBe(401)
    expect((await session(C())).status).toBe(401)
  })

  it('counts a rate limit across the instances the proxy spreads requests over', async () => {
    const token = await signup(proxyUrl(), 'cluster_spammer')
    const before = proxy.served.length
    const statuses: number[] = []
    for (let index = 0; index <= POSTS_PER_HOUR; index += 1) {
      statuses.push((await post(proxyUrl(), token, `post ${index}`)).status)
    }
    expect(statuses.slice(0, POSTS_PER_HOUR)).toEqual(Array<number>(POSTS_PER_HOUR).fill(201))
    expect(statuses.at(-1)).toBe(429)
    expect(new Set(proxy.served.slice(before))).toEqual(new Set([0, 1, 2]))
  })

  it('loses no acknowledged write when B is killed mid-stream, and every client resumes', async () => {
    const author = await signup(A(), 'cluster_survivor')
    const watchers = await Promise.all(
      HOSTS.map((_, index) => signup(A(), `cluster_watch${index}`)),
    )
    const bases = [A(), B(), C()]
    const live = await Promise.all(
      watchers.map((token, index) => stream(bases[index] ?? '', token)),
    )
    for (const reader of live) await reader.next('ready')

    // Writes through the proxy while B dies under them.
    const acknowledged: string[] = []
    const writes = Array.from({ length: 24 }, async (_, index) => {
      const response = await post(proxyUrl(), author, `under fire ${index}`)
      if (response.status === 201) acknowledged.push(await postId(response))
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    instances[1]?.child.kill('SIGKILL')
    await Promise.all(writes)
    await instances[1]?.exited
    expect(instances[1]?.child.signalCode).toBe('SIGKILL')
    expect(acknowledged.length).toBeGreaterThan(0)

    // Every acknowledged post is in the database, as A and C answer.
    for (const id of acknowledged) {
      expect((await fetch(`${A()}/api/posts/${id}`)).status).toBe(200)
      expect((await fetch(`${C()}/api/posts/${id}`)).status).toBe(200)
    }

    // B's client lost its stream; through the proxy, with its last id, it gets the rest.
    const cut = live[1]
    if (!cut) throw new Error('No stream on B')
    await cut.ended
    const resumed = await stream(proxyUrl(), watchers[1] ?? '', cut.lastEventId())
    await resumed.next('ready')
    const deadline = Date.now() + 10_000
    const told = () => new Set([...toldPosts(cut), ...toldPosts(resumed)])
    while (acknowledged.some((id) => !told().has(id)) && Date.now() < deadline) {
      await resumed.settle(100)
    }
    expect(acknowledged.filter((id) => !told().has(id))).toEqual([])
    // The clients of A and C never lost theirs.
    for (const reader of [live[0], live[2]]) {
      const seen = new Set(toldPosts(reader ?? cut))
      expect(acknowledged.filter((id) => !seen.has(id))).toEqual([])
    }
  })
})

function proxyUrl(): string {
  return proxy.url
}
