/**
 * Builds whichever of the web app (out/renderer) and the headless server (out/server) no longer
 * matches its sources, and nothing else. `npm run serve` runs it before it starts
 * `node out/server/cli.js` in a process of its own, so the server never loads vite or tsx; the
 * test setup runs it too. `npm run build` builds everything, this included.
 */
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { ROOT, isStale, type Artifact } from './build-stamp'

const viteBin = join(createRequire(import.meta.url).resolve('vite/package.json'), '../bin/vite.js')

/**
 * Runs `vite build` in a process of its own with NODE_ENV=production: vite takes NODE_ENV from
 * its environment when it is set, and a caller such as vitest (NODE_ENV=test) would otherwise
 * get React's development build, half again as large.
 */
function viteBuild(config: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [viteBin, 'build', '--config', config, '--logLevel', 'warn'],
      {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: 'inherit',
      },
    )
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`vite build --config ${config} exited with ${code}`)),
    )
  })
}

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
    await viteBuild(join(ROOT, CONFIG[artifact]))
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
