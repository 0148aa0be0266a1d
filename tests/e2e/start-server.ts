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
const args = ['tsx', 'scripts/serve.ts', '--port', values.port, '--host', '127.0.0.1']
args.push('--data', dataDir)
if (values['no-demo']) args.push('--no-demo')
// The account tests/e2e/moderation.spec.ts signs up as the host (README "Moderation").
args.push('--admin', 'e2e_host')

const child = spawn('npx', args, { stdio: 'inherit' })
const cleanup = () => rmSync(dataDir, { recursive: true, force: true })

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => child.kill(signal))
}
child.on('exit', (code) => {
  cleanup()
  process.exit(code ?? 0)
})
