import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { SERVER_CLI } from '../../scripts/build-stamp'

/** A real Gamerstage server started by a test, on a data folder the test owns. */
export interface SpawnedServer {
  url: string
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
    return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) })).ok
  } catch {
    return false
  }
}

/** `node out/server/cli.js --port <port> --data <dataDir> --no-demo`, once its health answers. */
export async function spawnServer(port: number, dataDir: string): Promise<SpawnedServer> {
  const url = `http://127.0.0.1:${port}`
  const child: ChildProcess = spawn(
    process.execPath,
    [SERVER_CLI, '--port', String(port), '--host', '127.0.0.1'].concat([
      '--data',
      dataDir,
      '--no-demo',
    ]),
    // Its own process group, so stopping it also stops the node process npx started.
    { stdio: 'ignore', detached: true },
  )
  let exited = false
  child.on('exit', () => {
    exited = true
  })
  await waitUntil(async () => {
    if (exited) throw new Error(`The server on port ${port} exited while starting`)
    return answers(url)
  }, `${url}/api/health`)

  return {
    url,
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
