/**
 * Vitest fixtures for the server tests: a test names what it needs in its first argument and
 * gets it fresh, cleaned up after it even when it fails (CONTRIBUTING.md, "Tests").
 *
 * - `app`: the real app over a fresh in-memory database with the demo data. A describe that
 *   needs another app calls `test.override({ appOptions: { demo: false } })` first.
 * - `makeApp(options)`: another app, or one built its own way, closed after the test too.
 * - `player1`: the seeded player1, signed in (a valid token without the slow login).
 * - `tempDir`: a fresh temporary folder.
 * - `s3Bucket`: a new, empty bucket on an S3-compatible server (s3rver, tests/helpers/s3.ts)
 *   that the test worker starts on loopback the first time a test asks, and stops at its end.
 * - `loopbackServer(dataDir, options)`: the real server (`startServer`) on 127.0.0.1 and a free
 *   port, with the demo data and the test password cost unless options say otherwise; closed
 *   after the test.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base } from 'vitest'
import { TEST_SCRYPT_PARAMS } from '../../src/server/auth/password'
import { startServer, type RunningServer, type StartServerOptions } from '../../src/server/server'
import type { S3StorageOptions } from '../../src/server/storage/s3'
import { quickUser, seededToken } from './api'
import { startS3Server, type TestS3Server } from './s3'
import { makeTestApp, type TestApp, type TestAppOptions } from './server-app'

export interface SignedIn {
  token: string
  id: string
}

export interface ServerFixtures {
  /** How `app` is built; the defaults are the demo data and no rate limits. */
  appOptions: TestAppOptions
  app: TestApp
  /** Builds more apps, or one with options of its own; each is closed after the test. */
  makeApp: (options?: TestAppOptions) => Promise<TestApp>
  player1: SignedIn
  tempDir: string
  loopbackServer: (
    dataDir: string,
    options?: Omit<StartServerOptions, 'dataDir'>,
  ) => Promise<RunningServer>
  s3Bucket: S3StorageOptions
}

export interface WorkerFixtures {
  /** The worker's S3 server, started on first use. */
  s3Server: TestS3Server
}

export const test = base.extend<{ $test: ServerFixtures; $worker: WorkerFixtures }>({
  s3Server: [
    // eslint-disable-next-line no-empty-pattern -- as makeApp
    async ({}, use) => {
      const server = await startS3Server()
      await use(server)
      await server.close()
    },
    { scope: 'worker' },
  ],
  s3Bucket: async ({ s3Server }, use) => {
    await use(await s3Server.newBucket())
  },
  appOptions: {},
  app: async ({ appOptions }, use) => {
    const app = await makeTestApp(appOptions)
    await use(app)
    await app.close()
  },
  // Without the demo data there is no seeded player1: a player1 is made in the app instead.
  player1: async ({ app, appOptions }, use) => {
    await use(appOptions.demo === false ? await quickUser(app, 'player1') : await seededToken())
  },
  // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's needs from its first argument: none
  makeApp: async ({}, use) => {
    const made: TestApp[] = []
    await use(async (options = {}) => {
      const app = await makeTestApp(options)
      made.push(app)
      return app
    })
    for (const app of made) await app.close()
  },
  // eslint-disable-next-line no-empty-pattern -- as makeApp
  loopbackServer: async ({}, use: (value: ServerFixtures['loopbackServer']) => Promise<void>) => {
    const started: RunningServer[] = []
    await use(async (dataDir, options = {}) => {
      const server = await startServer({
        host: '127.0.0.1',
        port: 0,
        demo: true,
        passwordCost: TEST_SCRYPT_PARAMS,
        ...options,
        dataDir,
      })
      started.push(server)
      return server
    })
    for (const server of started) await server.close()
  },
  // eslint-disable-next-line no-empty-pattern -- as makeApp
  tempDir: async ({}, use) => {
    const folder = mkdtempSync(join(tmpdir(), 'gamerstage-test-'))
    await use(folder)
    rmSync(folder, { recursive: true, force: true })
  },
})

export const it = test
export { describe, expect } from 'vitest'
