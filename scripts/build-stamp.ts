/**
 * What each built artifact was built from. A build writes a stamp beside its output holding a
 * hash of the contents of its sources; an artifact is fresh only while that hash still matches.
 * Times are not enough: `git checkout`, a copied folder or a build by another command would fool
 * them (a relative-path renderer built by one command was served by another as fresh).
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))

export type Artifact = 'renderer' | 'server'

/** The sources of each artifact: a change to any of these files makes it stale. */
const SOURCES: Record<Artifact, string[]> = {
  renderer: [
    'src/renderer',
    'src/shared',
    'vite.web.config.ts',
    'scripts/build-stamp.ts',
    'scripts/precompress.ts',
    'package-lock.json',
  ],
  server: [
    'src/server',
    'src/shared',
    'vite.server.config.ts',
    'scripts/build-stamp.ts',
    'package-lock.json',
  ],
}

/** Where each artifact's output and stamp live. */
export const OUTPUT_DIR: Record<Artifact, string> = {
  renderer: join(ROOT, 'out', 'renderer'),
  server: join(ROOT, 'out', 'server'),
}

/** Beside the output folder, not in it: the renderer's folder is served to every browser. */
const stampFile = (artifact: Artifact) => join(ROOT, 'out', `${artifact}.build-stamp`)

function listFiles(path: string): string[] {
  if (!existsSync(path)) return []
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path)
    .sort()
    .flatMap((entry) => listFiles(join(path, entry)))
}

/** A hash of every source file's path and contents. */
export function sourceFingerprint(artifact: Artifact): string {
  const hash = createHash('sha256')
  for (const file of SOURCES[artifact].flatMap((source) => listFiles(join(ROOT, source)))) {
    hash.update(relative(ROOT, file).replaceAll('\\', '/'))
    hash.update('\0')
    hash.update(readFileSync(file))
    hash.update('\0')
  }
  return hash.digest('hex')
}

/** Records that the artifact now matches its sources (called once a build has finished). */
export function writeStamp(artifact: Artifact): void {
  writeFileSync(stampFile(artifact), `${sourceFingerprint(artifact)}\n`)
}

export function isStale(artifact: Artifact): boolean {
  const file = stampFile(artifact)
  if (!existsSync(file)) return true
  return readFileSync(file, 'utf8').trim() !== sourceFingerprint(artifact)
}

/** The headless server as `npm run serve` runs it: `node out/server/cli.js`. */
export const SERVER_CLI = join(OUTPUT_DIR.server, 'cli.js')

/**
 * Node's flags for the headless server, as `npm run serve` passes them (package.json): V8's young
 * generation at 4 MB a half instead of 16. Measured (docs/PERFORMANCE.md, "Memory, third look"):
 * 158 → 137 MiB after the whole bench, for 3–8 % more CPU per write and none per kept read. It
 * only takes effect on the command line (V8 sizes the heap at start).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'] as const
