/**
 * Helpers for the hardening tests (tests/server/hardening): temporary folders, the real CLI in a
 * child process, HTTP clients with real tokens, and checks of a database file's consistency.
 */
import Database from 'better-sqlite3'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request as httpsRequest } from 'node:https'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'
import { SERVER_CLI } from '../../scripts/build-stamp'
import { signToken } from '../../src/server/auth/token'
import { FAST_PASSWORDS_ENV, TEST_SCRYPT_PARAMS } from '../../src/server/auth/password'
import {
  SECRET_FILE,
  startServer,
  type RunningServer,
  type StartServerOptions,
} from '../../src/server/server'
import { sqliteStoreOn } from '../../src/server/db/sqlite'
import type { Store } from '../../src/server/db/store'
import { countersAgainstRows } from '../../src/server/db/counters'
import { createUser } from '../../src/server/services/writes/users'

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** The compiled headless server, as `npm run serve` runs it. */
export const CLI = SERVER_CLI

/** True under `npm run test:soak` (vitest.soak.config.ts) unless GAMERSTAGE_SOAK=0: the long runs. */
export const SOAK = process.env.GAMERSTAGE_SOAK === '1'

/** Folders and child processes to clean up after each test, even a failed one. */
export class Cleanup {
  private readonly folders: string[] = []
  private readonly children: ChildProcess[] = []
  private readonly closers: (() => Promise<unknown> | unknown)[] = []

  tempDir(prefix = 'gamerstage-hardening-'): string {
    const folder = mkdtempSync(join(tmpdir(), prefix))
    this.folders.push(folder)
    return folder
  }

  child(child: ChildProcess): ChildProcess {
    this.children.push(child)
    return child
  }

  defer(close: () => Promise<unknown> | unknown): void {
    this.closers.push(close)
  }

  async run(): Promise<void> {
    for (const close of this.closers.splice(0).reverse()) {
      await Promise.resolve()
        .then(close)
        .catch(() => undefined)
    }
    for (const child of this.children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL')
        await new Promise((resolve) => child.once('exit', resolve))
      }
    }
    for (const folder of this.folders.splice(0)) rmSync(folder, { recursive: true, force: true })
  }
}

export interface CliRun {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** Runs `node out/server/cli.js …args` as `npm run serve` does. */
export function runCli(cleanup: Cleanup, args: string[]): CliRun {
  const child = cleanup.child(
    spawn(process.execPath, [CLI, ...args], {
      cwd: REPO_ROOT,
      // Cheap password hashes (src/server/cli.ts): these tests are about the data, not scrypt.
      env: { ...process.env, NODE_OPTIONS: '', FORCE_COLOR: '0', [FAST_PASSWORDS_ENV]: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  )
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  )
  return { child, stdout: () => stdout, stderr: () => stderr, exit }
}

export async function waitFor<T>(
  probe: () => T | undefined,
  what: string,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Starts the CLI server and answers its URL once it prints it (generous: the machine is slow). */
export async function startCli(
  cleanup: Cleanup,
  args: string[],
): Promise<{ run: CliRun; url: string }> {
  const run = runCli(cleanup, args)
  let exited = false
  void run.exit.then(() => (exited = true))
  const found = await waitFor(() => {
    if (exited) return { error: `the CLI exited early: ${run.stderr()}` }
    const url = /listening on (https?:\/\/\S+)/.exec(run.stdout())?.[1]
    return url ? { url } : undefined
  }, `the server URL (stderr: ${run.stderr()})`)
  if ('error' in found) throw new Error(found.error)
  return { run, url: found.url.replace('0.0.0.0', '127.0.0.1') }
}

/** A CLI run that must end by itself with code 0 (e.g. --backup). */
export async function cliSucceeds(cleanup: Cleanup, args: string[]): Promise<string> {
  const run = runCli(cleanup, args)
  const { code } = await run.exit
  if (code !== 0) throw new Error(`cli ${args.join(' ')} exited ${code}: ${run.stderr()}`)
  return run.stdout()
}

/**
 * A real server in this process on a free port, as the hardening tests run it: the demo data, no
 * rate limits (the load is the test), passwords hashed at the test cost; closed after the test.
 */
export async function startTestServer(
  cleanup: Cleanup,
  options: Omit<StartServerOptions, 'port'>,
): Promise<RunningServer> {
  const server = await startServer({
    port: 0,
    demo: true,
    limits: false,
    passwordCost: TEST_SCRYPT_PARAMS,
    ...options,
  })
  cleanup.defer(() => server.close())
  return server
}

/**
 * Eight signed-in clients of a demo server: the four demo users (ids 1 to 4) and four more,
 * `${prefix}0` to `${prefix}3`, each with a valid token.
 */
export async function eightUsers(
  server: RunningServer,
  prefix: string,
): Promise<{ id: number; token: string }[]> {
  const ids = [1, 2, 3, 4]
  for (let i = 0; i < 4; i += 1) {
    ids.push((await createUser(server.db, { username: `${prefix}${i}`, passwordHash: 'x' })).id)
  }
  const usernameOf = async (id: number) =>
    must(
      await server.db.get<{ username: string }>('SELECT username FROM users WHERE id = ?', id),
      `user ${id}`,
    ).username
  return Promise.all(
    ids.map(async (id) => ({
      id,
      token: await tokenForDataDir(server.dataDir, id, await usernameOf(id)),
    })),
  )
}

/** A valid token for user `id` of the data folder, signed with its secret.key. */
export async function tokenForDataDir(dataDir: string, id: number, username: string) {
  const secret = readFileSync(join(dataDir, SECRET_FILE))
  return signToken({ _id: String(id), username }, secret)
}

/** The value, or a thrown error saying what was missing (lint forbids `!`). */
export function must<T>(value: T | null | undefined, what = 'a value'): T {
  if (value === null || value === undefined) throw new Error(`Expected ${what}`)
  return value
}

/** One request over HTTPS that trusts only the certificate `ca` (a pinned one), as fetch answers. */
function pinnedRequest(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  ca: string | Buffer,
): Promise<{ status: number; text: () => Promise<string>; headers: Headers }> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      url,
      // The pin is the certificate itself; the names in it are not what is checked.
      { method: init.method, headers: init.headers, ca, checkServerIdentity: () => undefined },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => {
          const headers = new Headers()
          for (const [name, value] of Object.entries(response.headers)) {
            if (typeof value === 'string') headers.set(name, value)
          }
          resolve({ status: response.statusCode ?? 0, text: async () => text, headers })
        })
      },
    )
    request.on('error', reject)
    request.end(init.body)
  })
}

/** An answer of `client`: its body as text and as JSON ({} when it is not JSON). */
export interface ClientAnswer {
  status: number
  text: string
  headers: Headers
  json: Record<string, unknown>
}

/**
 * A small JSON client of one server; over HTTPS with `ca`, the server's certificate, which it
 * then trusts alone (as a friend's app that pinned it).
 */
export function client(baseUrl: string, options: { ca?: string | Buffer } = {}) {
  const call = async (
    method: string,
    path: string,
    callOptions: { token?: string; body?: unknown; minimal?: boolean } = {},
  ): Promise<ClientAnswer> => {
    const headers: Record<string, string> = {}
    if (callOptions.token) headers.authorization = callOptions.token
    if (callOptions.minimal) headers.Prefer = 'return=minimal'
    if (method !== 'GET') headers['Content-Type'] = 'application/json'
    const init = {
      method,
      headers,
      body: method === 'GET' ? undefined : JSON.stringify(callOptions.body ?? {}),
    }
    const response = options.ca
      ? await pinnedRequest(`${baseUrl}${path}`, init, options.ca)
      : await fetch(`${baseUrl}${path}`, init)
    const text = await response.text()
    let json: unknown = undefined
    try {
      json = JSON.parse(text)
    } catch {
      // Left undefined: the caller asserts on status and body.
    }
    // An answer that is not JSON reads as {}: the caller's assertions on it then fail.
    return {
      status: response.status,
      text,
      headers: response.headers,
      json: (json ?? {}) as Record<string, unknown>,
    }
  }
  return {
    call,
    get: (path: string, token?: string) => call('GET', path, { token }),
    post: (path: string, token: string, body: unknown = {}, minimal = true) =>
      call('POST', path, { token, body, minimal }),
  }
}

/**
 * Every place where a stored count disagrees with its relation rows, as readable lines; empty
 * when the database is consistent. Portable SQL through a store: a running server's `db`, or a
 * file's connection as `sqliteStoreOn(connection)`.
 */
export async function countMismatches(db: Store): Promise<string[]> {
  const problems = (await countersAgainstRows(db)).map(
    ({ label, id, stored, actual }) => `${label} of ${id} is ${stored}, rows say ${actual}`,
  )
  const negative = await db.all<{ id: number; like_count: number }>(
    'SELECT id, like_count FROM posts WHERE like_count < 0',
  )
  for (const row of negative) problems.push(`posts.like_count of ${row.id} is ${row.like_count}`)
  const [self = 0] = await db.ids(
    'SELECT count(*) AS n FROM follows WHERE follower_id = followee_id',
  )
  if (self > 0) problems.push(`${self} users follow themselves`)
  return problems
}

/** `PRAGMA integrity_check` and `foreign_key_check` of an open database. */
export function integrityOf(db: Database.Database): { integrity: unknown; foreignKeys: unknown[] } {
  return {
    integrity: db.pragma('integrity_check', { simple: true }),
    foreignKeys: db.pragma('foreign_key_check') as unknown[],
  }
}

/** Opens a database file read-only for checks; the caller closes it. */
export function openReadOnly(file: string): Database.Database {
  return new Database(file, { readonly: true, fileMustExist: true })
}

/** The SQLite database passes SQLite's own checks and every count equals its rows. */
export async function expectSound(db: Database.Database): Promise<void> {
  expect(integrityOf(db)).toEqual({ integrity: 'ok', foreignKeys: [] })
  expect(await countMismatches(sqliteStoreOn(db))).toEqual([])
}

/** `expectSound` on a SQLite database file, opened read-only and closed again. */
export async function expectSoundFile(file: string): Promise<void> {
  const db = openReadOnly(file)
  try {
    await expectSound(db)
  } finally {
    db.close()
  }
}
