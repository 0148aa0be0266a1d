/**
 * PostgreSQL for the server tests (`npm run test:pg`, vitest.pg.config.ts): a throwaway cluster
 * and one database migrated once, which every test clones (`openTestStore`, test-store.ts).
 *
 * The default export is the run's globalSetup. It takes the cluster at GAMERSTAGE_TEST_PG_URL
 * when one is given (.ci/run starts one), or starts its own under a temporary folder (initdb,
 * trust auth, loopback only, durability off: nothing here outlives the run) and stops it at the
 * end. Either way it creates a template database, migrates it with the committed migrations
 * (src/server/db/migrations-pg), and hands its name to the test workers.
 */
import { execFile, execFileSync } from 'node:child_process'
import { promisify } from 'node:util'
import { randomBytes } from 'node:crypto'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openPostgresStore } from '../../src/server/db/postgres'

/** What the globalSetup hands to the test workers (`inject`). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The cluster's address, on its `postgres` database. */
    gamerstagePgUrl: string
    /** The migrated database every test database is a copy of. */
    gamerstagePgTemplate: string
    /** This run's id, in the name of every database it makes. */
    gamerstagePgRun: string
  }
}

/** The address of the cluster a run uses when it did not start its own. */
export const TEST_PG_URL_VARIABLE = 'GAMERSTAGE_TEST_PG_URL'

/** The folder of PostgreSQL's programs: GAMERSTAGE_PG_BIN, or Debian's, newest version first. */
export function postgresBinDir(): string {
  const given = process.env.GAMERSTAGE_PG_BIN
  if (given) return given
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (!versions[0]) {
    throw new Error(
      'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): install the postgresql ' +
        `package, set GAMERSTAGE_PG_BIN, or give a running cluster in ${TEST_PG_URL_VARIABLE}.`,
    )
  }
  return join(root, versions[0], 'bin')
}

/** A port on 127.0.0.1 that nothing listens on right now. */
async function freePort(): Promise<number> {
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

export interface TestCluster {
  /** `postgres://postgres@127.0.0.1:PORT/postgres`. */
  url: string
  /** Stops the server and removes its folder. */
  stop(): Promise<void>
  /**
   * Shuts the server down (`pg_ctl stop -m fast`: sessions ended with admin_shutdown) and keeps
   * its folder, without blocking the process: a test's own servers keep answering meanwhile.
   */
  pause(): Promise<void>
  /** Starts a paused server again, on the same port. */
  resume(): Promise<void>
}

export interface TestClusterOptions {
  /**
   * `none` (the tests): in memory where the machine has a tmpfs, no fsync, nothing that outlives
   * the run. `sqlite-like` (the bench, bench/postgres.ts): on disk in the temporary folder, as
   * the bench's SQLite file is, and as durable as SQLite in WAL mode with synchronous=NORMAL:
   * fsync and full pages on, commits not waiting for the disk (synchronous_commit=off), so a
   * power cut loses the last transactions but never corrupts. Measured against SQLite, the tests'
   * setting would flatter PostgreSQL's writes.
   */
  durability?: 'none' | 'sqlite-like'
  /** More `name=value` settings for the server (the bench's `pg_stat_statements`). */
  settings?: readonly string[]
}

/**
 * Starts a throwaway cluster. PostgreSQL refuses to run as root, so as root its programs run as
 * the `postgres` user the Debian package creates, on a folder handed to it.
 */
export async function startTestCluster({
  durability = 'none',
  settings = [],
}: TestClusterOptions = {}): Promise<TestCluster> {
  const bin = postgresBinDir()
  // In memory where the machine has a tmpfs: the cluster is thrown away, and copying the template
  // for every test then writes no disk.
  const base = durability === 'none' && existsSync('/dev/shm') ? '/dev/shm' : tmpdir()
  const folder = mkdtempSync(join(base, 'gamerstage-pg-'))
  const data = join(folder, 'data')
  const asRoot = userInfo().uid === 0
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(folder, uid, gid)
  }
  const commandOf = (program: string, args: string[]): [string, string[]] =>
    asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]]
      : [join(bin, program), args]
  const runInBackground = async (program: string, args: string[]) => {
    const [command, fullArgs] = commandOf(program, args)
    await promisify(execFile)(command, fullArgs, { cwd: folder })
  }
  const run = (program: string, args: string[]) => {
    const [command, fullArgs] = commandOf(program, args)
    try {
      execFileSync(command, fullArgs, { stdio: 'pipe', cwd: folder })
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer }
      throw new Error(`${program} failed: ${String(stderr ?? '')}${String(stdout ?? '')}`.trim(), {
        cause: error,
      })
    }
  }

  let port: number
  let options = ''
  const log = join(folder, 'log')
  try {
    run('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--locale=C',
      '-A',
      'trust',
      '--no-sync',
    ])
    port = await freePort()
    options = [
      `-p ${port}`,
      `-k ${folder}`,
      '-c listen_addresses=127.0.0.1',
      '-c synchronous_commit=off',
      ...(durability === 'none' ? ['-c fsync=off', '-c full_page_writes=off'] : []),
      // A run clones a database per test, in parallel workers each with a pool.
      '-c max_connections=300',
      ...settings.map((setting) => `-c ${setting}`),
    ].join(' ')
    try {
      run('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', log, '-o', options])
    } catch (error) {
      const tail = existsSync(log)
        ? readFileSync(log, 'utf8').split('\n').slice(-20).join('\n')
        : ''
      throw new Error(`${(error as Error).message}\n${tail}`, { cause: error })
    }
  } catch (error) {
    rmSync(folder, { recursive: true, force: true })
    throw error
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pause: () => runInBackground('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w']),
    resume: () =>
      runInBackground('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', log, '-o', options]),
    stop: async () => {
      try {
        run('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w'])
      } finally {
        rmSync(folder, { recursive: true, force: true })
      }
    },
  }
}

/** The address of another database on the same cluster. */
export function databaseUrl(url: string, database: string): string {
  const address = new URL(url)
  address.pathname = `/${database}`
  return address.toString()
}

/** Runs one statement on the cluster's `postgres` database. */
export async function onCluster(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

/** Drops the template and every test database of the run that is still there. */
async function dropRun(url: string, run: string, template: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ name: string }>(
      'SELECT datname AS name FROM pg_database WHERE datname LIKE $1',
      [`${testDatabaseName(run, '')}%`],
    )
    for (const { name } of rows) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`)
  } finally {
    await client.end()
  }
}

/** The name of a test's database: `t_<run>_<test>`, lower case, so that SQL needs no quotes. */
export const testDatabaseName = (run: string, test: string) => `t_${run}_${test}`

/**
 * Creates and migrates the database the tests clone; answers its name. No connection stays on
 * it: PostgreSQL copies a template only while nobody is connected to it.
 */
export async function createTemplate(url: string, run: string): Promise<string> {
  const name = `gamerstage_template_${run}`
  await onCluster(url, `CREATE DATABASE ${name}`)
  const store = await openPostgresStore({ url: databaseUrl(url, name), poolSize: 1 })
  await store.close()
  return name
}

/** The run's globalSetup (vitest.pg.config.ts): a cluster, a template, and their teardown. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env[TEST_PG_URL_VARIABLE]
  const cluster = given ? null : await startTestCluster()
  const url = given ?? cluster?.url ?? ''
  try {
    const run = randomBytes(4).toString('hex')
    const template = await createTemplate(url, run)
    project.provide('gamerstagePgUrl', url)
    project.provide('gamerstagePgTemplate', template)
    project.provide('gamerstagePgRun', run)
    return async () => {
      try {
        // A cluster of our own goes whole; on one we were given, we leave nothing behind.
        if (given) await dropRun(url, run, template)
      } finally {
        await cluster?.stop()
      }
    }
  } catch (error) {
    await cluster?.stop()
    throw error
  }
}
