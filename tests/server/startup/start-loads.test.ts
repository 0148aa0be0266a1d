/**
 * A server loads only what it uses. The headless server a host starts on the data folder's SQLite
 * file (the laptop at a LAN party) never speaks to PostgreSQL, never makes a LAN certificate
 * unless it shares over HTTPS, never announces itself unless asked, and reads no image until one
 * is uploaded; each of those libraries costs memory for as long as the process runs (the idle
 * server's footprint is `npm run bench`'s, docs/PERFORMANCE.md). So the built CLI is started with
 * a module hook that logs every package the process loads (tests/helpers/module-log), and the
 * packages of the paths not taken must be absent once it listens.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { SERVER_CLI } from '../../../scripts/build-stamp'

const REGISTER = fileURLToPath(new URL('../../helpers/module-log/register.mjs', import.meta.url))

/** Packages only other paths need: PostgreSQL, the LAN certificate, discovery, images. */
const NOT_ON_A_PLAIN_START = [
  'pg',
  'pg-pool',
  // drizzle's PostgreSQL driver (drizzle-orm itself loads a few files of its pg-core folder,
  // whatever the database, so that folder says nothing).
  'drizzle-orm/node-postgres',
  '@peculiar/x509',
  'reflect-metadata',
  'multicast-dns',
  'sharp',
]

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

/** The packages a server started with `args` loaded by the time it listened. */
async function packagesLoadedBy(args: string[]): Promise<Set<string>> {
  const folder = mkdtempSync(join(tmpdir(), 'gamerstage-start-loads-'))
  folders.push(folder)
  const log = join(folder, 'modules.log')
  const child = spawn(
    process.execPath,
    ['--import', REGISTER, SERVER_CLI, '--data', join(folder, 'data'), '--port', '0', ...args],
    {
      env: { ...process.env, NODE_OPTIONS: '', GAMERSTAGE_MODULE_LOG: log },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes('listening on')) resolve()
      })
      child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)))
    })
  } finally {
    child.kill('SIGKILL')
  }
  const packages = new Set<string>()
  for (const url of readFileSync(log, 'utf8').split('\n')) {
    // …/node_modules/<name or @scope/name>/<path inside it>
    const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(url)
    if (!match?.[1]) continue
    packages.add(match[1])
    // Subpath entries (drizzle-orm/pg-core) by the folder they live in.
    const folderInside = match[2]?.split('/')[0]
    if (folderInside && !folderInside.includes('.')) packages.add(`${match[1]}/${folderInside}`)
  }
  return packages
}

describe('a server started on the data folder’s SQLite file', () => {
  it('loads neither PostgreSQL, nor the LAN certificate, discovery or images', async () => {
    const loaded = await packagesLoadedBy(['--no-demo'])
    // The log saw the packages this start does use.
    expect(loaded).toContain('better-sqlite3')
    expect(loaded).toContain('hono')
    expect(NOT_ON_A_PLAIN_START.filter((name) => loaded.has(name))).toEqual([])
  })
})
