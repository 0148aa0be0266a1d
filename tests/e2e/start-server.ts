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
import { E2E_HOST } from './host-account'

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
const args = [SERVER_CLI, '--host', '127.0.0.1', '--data', dataDir]
if (values['no-demo']) args.push('--no-demo')
// The whole suite signs up and logs in from 127.0.0.1, far past the per-computer allowance of a
// real party.
args.push('--limit-signups', '100000', '--limit-logins', '100000')
// The account tests/e2e/moderation.spec.ts signs in as the host (README "Moderation").
args.push('--admin', E2E_HOST.username)

/**
 * Gives the host account its known password as its operator would: a first run on a free port
 * makes the account and prints a one-time password, which is changed through the API before the
 * real run starts (so no test can sign in before it is).
 */
async function prepareHostAccount(): Promise<void> {
  const first = spawn(process.execPath, [...args, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  first.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  try {
    const start = Date.now()
    let match: RegExpExecArray | null = null
    while (!(match = /listening on (\S+)[\s\S]*one-time password (\S+):/.exec(output))) {
      if (first.exitCode !== null || Date.now() - start > 60_000) {
        throw new Error(`The server did not make the host account: ${output}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const [, url, oneTimePassword] = match
    const post = (path: string, body: unknown, token?: string) =>
      fetch(`${url}/api${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { authorization: token } : {}) },
        body: JSON.stringify(body),
      })
    const login = await post('/auth/login', {
      username: E2E_HOST.username,
      password: oneTimePassword,
    })
    const { encodedToken } = (await login.json()) as { encodedToken: string }
    const change = await post(
      '/auth/password',
      { currentPassword: oneTimePassword, newPassword: E2E_HOST.password },
      encodedToken,
    )
    if (!change.ok) throw new Error(`Could not set the host's password: ${await change.text()}`)
  } finally {
    first.kill('SIGTERM')
    await new Promise((resolve) =>
      first.exitCode !== null ? resolve(null) : first.once('exit', resolve),
    )
  }
}

// `npm test` runs `npm run build` first, so this finds the build that ships fresh and serves it
// as it is; run alone, Playwright still gets a current build.
await ensureBuilt()
const cleanup = () => rmSync(dataDir, { recursive: true, force: true })
try {
  await prepareHostAccount()
} catch (error) {
  cleanup()
  throw error
}
const child = spawn(process.execPath, [...args, '--port', values.port], { stdio: 'inherit' })

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => child.kill(signal))
}
child.on('exit', (code) => {
  cleanup()
  process.exit(code ?? 0)
})
