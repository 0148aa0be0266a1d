/**
 * Starts the real Gamerstage server for Playwright on a fresh temporary data folder, removed on
 * exit: `tsx tests/e2e/start-server.ts --port 4599 [--no-demo] [--after URL]`. `--after` waits
 * until URL answers, so a second server starts only once the first one (and its build) is up.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { SERVER_CLI } from '../../scripts/build-stamp'
import { ensureBuilt } from '../../scripts/build-stale'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4599' },
    'no-demo': { type: 'boolean', default: false },
    after: { type: 'string' },
  },
})

async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const start = Date.now()
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  throw new Error(`Timed out waiting for ${url}`)
}

if (values.after) await waitFor(values.after)

const dataDir = mkdtempSync(join(tmpdir(), 'gamerstage-e2e-'))
const args = [SERVER_CLI, '--port', values.port, '--host', '127.0.0.1', '--data', dataDir]
if (values['no-demo']) args.push('--no-demo')
// The whole suite signs up and logs in from 127.0.0.1, far past the per-computer allowance of a
// real party.
args.push('--limit-signups', '100000', '--limit-logins', '100000')
// The account tests/e2e/moderation.spec.ts signs up as the host (README "Moderation").
args.push('--admin', 'e2e_host')

// `npm test` runs `npm run build` first, so this finds the build that ships fresh and serves it
// as it is; run alone, Playwright still gets a current build.
await ensureBuilt()
const child = spawn(process.execPath, args, { stdio: 'inherit' })
const cleanup = () => rmSync(dataDir, { recursive: true, force: true })

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => child.kill(signal))
}
child.on('exit', (code) => {
  cleanup()
  process.exit(code ?? 0)
})
