/**
 * Builds whichever of the web app (out/renderer) and the headless server (out/server) no longer
 * matches its sources, and nothing else. `npm run serve` runs it before it starts
 * `node out/server/cli.js` in a process of its own, so the server never loads vite or tsx; the
 * test setup runs it too. `npm run build` builds everything, this included.
 */
import { join } from 'node:path'
import { build } from 'vite'
import { ROOT, isStale, type Artifact } from './build-stamp'

const CONFIG: Record<Artifact, string> = {
  renderer: 'vite.web.config.ts',
  server: 'vite.server.config.ts',
}

const LABEL: Record<Artifact, string> = {
  renderer: 'the web app',
  server: 'the server',
}

/** Builds the stale artifacts; answers which it built. */
export async function ensureBuilt(
  artifacts: Artifact[] = ['renderer', 'server'],
  log: (line: string) => void = console.log,
): Promise<Artifact[]> {
  const stale = artifacts.filter(isStale)
  for (const artifact of stale) {
    log(`Building ${LABEL[artifact]}…`)
    await build({ configFile: join(ROOT, CONFIG[artifact]), logLevel: 'warn' })
  }
  return stale
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  try {
    await ensureBuilt()
  } catch (error) {
    console.error(`gamerstage: the build failed: ${(error as Error).message}`)
    process.exitCode = 1
  }
}
