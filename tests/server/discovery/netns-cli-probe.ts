/**
 * Run by netns.test.ts inside a network namespace of its own: starts `npm run serve`'s CLI with
 * `--advertise`, finds it with the real browser, stops it with SIGTERM and sees its goodbye.
 * Prints one JSON line.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startLanBrowser, type FoundServer } from '../../../src/server/discovery'
import { multicastTransport } from '../../../src/server/discovery/transport'

const waitFor = async (check: () => boolean, ms: number) => {
  const deadline = Date.now() + ms
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
}

const dataDir = mkdtempSync(join(tmpdir(), 'gamerstage-netns-'))
const cli = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    'src/server/cli.ts',
    '--host',
    '0.0.0.0',
    '--port',
    '0',
    '--data',
    dataDir,
    '--no-demo',
    '--advertise',
    '--name',
    'LAN box',
  ],
  { stdio: ['ignore', 'pipe', 'pipe'] },
)
let output = ''
cli.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
cli.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
// The CLI announces first and prints its address after: wait for both lines.
await waitFor(
  () => output.includes('Announced on the LAN') && output.includes('listening on'),
  20_000,
)
const port = Number(/listening on https?:\/\/[^:]+:(\d+)/.exec(output)?.[1])

const transport = multicastTransport({ interfaceAddress: '127.0.0.1' })
let servers: FoundServer[] = []
const browser = startLanBrowser({
  transport,
  onChange: (list) => (servers = list),
  queryEveryMs: 500,
  // The namespace has only loopback: the app itself never lists a sender on 127.0.0.0/8.
  acceptLoopback: true,
})
await waitFor(() => servers.length > 0, 5000)
const found = servers
cli.kill('SIGTERM')
await waitFor(() => servers.length === 0, 5000)
const afterStop = servers
const exitCode = cli.exitCode ?? (await new Promise((resolve) => cli.once('exit', resolve)))
browser.stop()
transport.destroy()
rmSync(dataDir, { recursive: true, force: true })
console.log(JSON.stringify({ port, found, afterStop, exitCode, output }))
