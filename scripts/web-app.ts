/**
 * Builds the web app (out/renderer) when it is missing or older than its sources, so that the
 * server can serve it right after `npm install`: used by `npm run serve` and by the test setup.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

const root = fileURLToPath(new URL('..', import.meta.url))
const builtIndex = join(root, 'out', 'renderer', 'index.html')
const sources = ['src/renderer', 'src/shared', 'vite.web.config.ts', 'package-lock.json']

/** The newest modification time of a file or of any file below a folder. */
function newestChange(path: string): number {
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestChange(join(path, entry))),
    stats.mtimeMs,
  )
}

export function webAppIsStale(): boolean {
  if (!existsSync(builtIndex)) return true
  const builtAt = statSync(builtIndex).mtimeMs
  return sources.some((source) => newestChange(join(root, source)) > builtAt)
}

/** Builds the web app if it is stale; answers whether it built. */
export async function ensureWebAppBuilt(
  log: (line: string) => void = console.log,
): Promise<boolean> {
  if (!webAppIsStale()) return false
  log('Building the web app…')
  await build({ configFile: join(root, 'vite.web.config.ts'), logLevel: 'warn' })
  return true
}
