/**
 * docs/security.md, in a real browser: a rate limit's toast says when to try again (browsing
 * by a LAN name and DNS rebinding: lan-name.spec.ts).
 */
import { expect, test } from './fixtures'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { toast, uniqueName } from './helpers'
import { post, signupAt } from './security-helpers'
import { spawnServer, type SpawnedServer } from './spawn-server'
import { shoot } from './looks'

const folders: string[] = []
const servers: SpawnedServer[] = []
test.afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop()
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

function dataDir(): string {
  const folder = mkdtempSync(join(tmpdir(), 'gamerstage-e2e-security-'))
  folders.push(folder)
  return folder
}

test('a post past the hourly allowance shows a toast saying when to try again', async ({
  page,
  ports,
}) => {
  test.setTimeout(120_000)
  const server = await spawnServer(ports.limited, dataDir(), { extraArgs: ['--limit-posts', '1'] })
  servers.push(server)
  await signupAt(page, server.url, uniqueName('limited'))
  const first = `The one post of this hour ${Date.now()}`
  await post(page, first)
  await expect(page.getByRole('main').getByText(first)).toBeVisible()
  await post(page, 'One too many')
  const limited = toast(page, 'Too many posts. Try again in 60 minutes.')
  await expect(limited).toBeVisible()
  await shoot(limited, { path: 'test-results/e2e/security-rate-limit-toast.png' })
})
