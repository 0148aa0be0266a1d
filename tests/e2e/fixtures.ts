/**
 * The browser tests' `test`: every spec imports `test` and `expect` from here, not from
 * '@playwright/test'. Each Playwright worker starts its own pair of servers (`node
 * out/server/cli.js`, the build that ships) on fresh data folders, so that workers never share
 * accounts, posts or rate limits:
 *
 * - `demoUrl`: seeded with the demo data; every test's `baseURL`, so `page.goto('/home')`,
 *   `request.get('/api/…')` and `browser.newContext()` go there.
 * - `emptyUrl`: started with `--no-demo`.
 * - `ports`: this worker's ports for servers a test starts itself (ports.ts).
 */
import { test as base, expect } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { E2E_HOST, claimHostAccount } from './host-account'
import { workerPorts, type WorkerPorts } from './ports'
import { spawnServer } from './spawn-server'

export interface WorkerServers {
  demoUrl: string
  emptyUrl: string
  ports: WorkerPorts
}

export interface ServerFixtures {
  demoUrl: string
  emptyUrl: string
  ports: WorkerPorts
}

/** Options both servers start with. */
const SERVER_ARGS = [
  // The suite signs up and logs in from 127.0.0.1, far past the per-computer allowance of a
  // real party.
  '--limit-signups',
  '100000',
  '--limit-logins',
  '100000',
  // The account tests/e2e/moderation.spec.ts signs in as the host (docs/features.md, "Sessions, accounts and moderation").
  '--admin',
  E2E_HOST.username,
]

export const test = base.extend<ServerFixtures, { servers: WorkerServers }>({
  servers: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from its first argument: none
    async ({}, use, workerInfo) => {
      // parallelIndex, not workerIndex: a worker that replaces a failed one takes its ports.
      const ports = workerPorts(workerInfo.parallelIndex)
      const folders = ['demo', 'empty'].map((kind) =>
        mkdtempSync(join(tmpdir(), `gamerstage-e2e-${kind}-`)),
      )
      const [demoDir = '', emptyDir = ''] = folders
      const started = await Promise.allSettled([
        spawnServer(ports.demo, demoDir, { demo: true, extraArgs: SERVER_ARGS }),
        spawnServer(ports.empty, emptyDir, { demo: false, extraArgs: SERVER_ARGS }),
      ])
      try {
        const [demo, empty] = started.map((result) => {
          if (result.status === 'rejected') throw result.reason
          return result.value
        })
        if (!demo || !empty) throw new Error('Both e2e servers must start')
        for (const server of [demo, empty]) await claimHostAccount(server.url, server.output())
        await use({ demoUrl: demo.url, emptyUrl: empty.url, ports })
      } finally {
        for (const result of started) if (result.status === 'fulfilled') await result.value.stop()
        for (const folder of folders) rmSync(folder, { recursive: true, force: true })
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ servers }, use) => use(servers.demoUrl),
  demoUrl: async ({ servers }, use) => use(servers.demoUrl),
  emptyUrl: async ({ servers }, use) => use(servers.emptyUrl),
  ports: async ({ servers }, use) => use(servers.ports),
})

/** `test`, with the worker's empty server as `baseURL`: for specs about a server with no demo data. */
export const testOnEmptyServer = test.extend({
  baseURL: async ({ emptyUrl }, use) => use(emptyUrl),
})

export { expect }
