/**
 * Redis for the cluster tests: the one at GAMERSTAGE_TEST_REDIS_URL when given (.ci/run starts
 * one), or a redis-server of the test file's own on a free loopback port (no persistence, stopped
 * again by `stop`). Each use gets its own key prefix, so that files sharing one Redis never see
 * each other's keys.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'

export const TEST_REDIS_URL_VARIABLE = 'GAMERSTAGE_TEST_REDIS_URL'

export interface TestRedis {
  url: string
  /** The key prefix of this use (`redisKeyPrefix`). */
  prefix: string
  /** A plain client, for looking at what the servers wrote. */
  client(): Redis
  stop(): Promise<void>
}

export interface RestartOptions {
  /**
   * Saves the data (SAVE) before stopping and starts again with it, as a Redis with persistence
   * does; `'last-save'` starts again from the last `save()` (what came after it is lost); without,
   * the server starts empty.
   */
  keepData?: boolean | 'last-save'
  /** Runs while the server is down. */
  whileDown?: () => Promise<void>
}

/** A redis-server of the caller's own, which a test may stop and start again. */
export interface OwnRedis extends TestRedis {
  port: number
  /** Stops the server (SIGTERM) and starts one again on the same port. */
  restart(options?: RestartOptions): Promise<void>
  /** Writes the data file (SAVE) that `restart({ keepData: 'last-save' })` starts from. */
  save(): Promise<void>
}

/** How long a redis-server may take to accept connections before the test fails. */
const START_TIMEOUT_MS = 10_000

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      )
    })
  })
}

/** The data file of a server started in `dir` (SAVE writes it; a start reads it). */
const DATA_FILE = 'dump.rdb'

function spawnRedis(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    [
      ...['--port', String(port), '--bind', '127.0.0.1'],
      // No saving by itself; SAVE writes the file that a restart keeping data reads.
      ...['--save', '', '--appendonly', 'no', '--dir', dir, '--dbfilename', DATA_FILE],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`redis-server did not start within ${START_TIMEOUT_MS} ms:\n${output}`))
    }, START_TIMEOUT_MS)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer)
        child.stdout?.off('data', onData)
        child.stdout?.resume()
        child.stderr?.resume()
        resolve(child)
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer)
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `redis-server is not installed: install Debian's redis-server, or give a running one in ${TEST_REDIS_URL_VARIABLE}.`,
            )
          : error,
      )
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`redis-server exited (${code}):\n${output}`))
    })
  })
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

const newPrefix = () => `gst-${randomBytes(4).toString('hex')}:`

function clientsOf(url: string): { client(): Redis; closeAll(): void } {
  const clients: Redis[] = []
  return {
    client: () => {
      const client = new Redis(url, { maxRetriesPerRequest: 1 })
      clients.push(client)
      return client
    },
    closeAll: () => {
      for (const client of clients) client.disconnect()
    },
  }
}

/** A redis-server of the caller's own on a free loopback port. */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'gamerstage-redis-'))
  let child = await spawnRedis(port, dir)
  const url = `redis://127.0.0.1:${port}`
  const clients = clientsOf(url)
  const save = async () => {
    const saver = new Redis(url, { maxRetriesPerRequest: 1 })
    try {
      await saver.save()
    } finally {
      saver.disconnect()
    }
  }
  return {
    url,
    port,
    prefix: newPrefix(),
    client: clients.client,
    save,
    restart: async ({ keepData = false, whileDown }: RestartOptions = {}) => {
      if (keepData === true) await save()
      else if (keepData === false) rmSync(join(dir, DATA_FILE), { force: true })
      await stopChild(child)
      await whileDown?.()
      child = await spawnRedis(port, dir)
    },
    stop: async () => {
      clients.closeAll()
      await stopChild(child)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The run's Redis (GAMERSTAGE_TEST_REDIS_URL), or one of the caller's own. */
export async function startTestRedis(): Promise<TestRedis> {
  const given = process.env[TEST_REDIS_URL_VARIABLE]
  if (!given) return startOwnRedis()
  const clients = clientsOf(given)
  return {
    url: given,
    prefix: newPrefix(),
    client: clients.client,
    stop: async () => clients.closeAll(),
  }
}
