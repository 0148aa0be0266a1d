import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { SERVER_CLI } from '../../scripts/build-stamp'
import { FAST_PASSWORDS_ENV } from '../../src/server/auth/scrypt-cost'

/** A real Gamerstage server started by a test, on a data folder the test owns. */
export interface SpawnedServer {
  url: string
  /** What the server printed so far (its start-up lines: the address, a host's password). */
  output: () => string
  /** Stops the server (its whole process group) and waits until the port stops answering. */
  stop: () => Promise<void>
}

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const start = Date.now()
  while (Date.now() - start < timeoutMs) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`Timed out waiting for ${what}`)
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/health`, {
      signal: AbortSignal.timeout(1000),
      // A server on HTTPS answers plain HTTP with the way there: it is up too.
      redirect: 'manual',
    })
    return response.ok || response.status === 301
  } catch {
    return false
  }
}

export interface SpawnOptions {
  /** Seed a fresh data folder with the demo data (default false: `--no-demo`). */
  demo?: boolean
  /** More command-line options (`npm run serve -- --help`). */
  extraArgs?: string[]
}

/**
 * `node out/server/cli.js --port <port> --data <dataDir> [--no-demo] [extraArgs]`, once its
 * health answers. Passwords are hashed at the test cost (src/server/cli.ts): the suite signs up
 * hundreds of accounts.
 */
export async function spawnServer(
  port: number,
  dataDir: string,
  { demo = false, extraArgs = [] }: SpawnOptions = {},
): Promise<SpawnedServer> {
  const url = `http://127.0.0.1:${port}`
  const args = [SERVER_CLI, '--port', String(port), '--host', '127.0.0.1', '--data', dataDir]
  if (!demo) args.push('--no-demo')
  let stderr = ''
  let stdout = ''
  const child: ChildProcess = spawn(process.execPath, [...args, ...extraArgs], {
    env: { ...process.env, [FAST_PASSWORDS_ENV]: '1' },
    // Its own process group, so that stopping it stops everything it started.
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  let exited = false
  child.on('exit', () => {
    exited = true
  })
  await waitUntil(async () => {
    // e.g. "Port 5401 is already in use": a server another run left behind, or another checkout
    // with an overlapping E2E_PORT_BASE (ports.ts).
    if (exited) throw new Error(`The server on port ${port} exited while starting: ${stderr}`)
    return answers(url)
  }, `${url}/api/health`)

  return {
    url,
    output: () => stdout,
    stop: async () => {
      if (!exited && child.pid) {
        try {
          process.kill(-child.pid, 'SIGTERM')
        } catch {
          // Already gone.
        }
      }
      await waitUntil(async () => !(await answers(url)), `${url} to stop`, 20_000)
    },
  }
}
