/**
 * `npm run serve`: builds the web app first when it is missing or older than its sources, so the
 * server works right after `npm install`, then runs the server CLI with the same arguments.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { main } from '../src/server/cli'

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

function webAppIsStale(): boolean {
  if (!existsSync(builtIndex)) return true
  const builtAt = statSync(builtIndex).mtimeMs
  return sources.some((source) => newestChange(join(root, source)) > builtAt)
}

const args = process.argv.slice(2)
if (!args.includes('--help') && !args.includes('-h') && webAppIsStale()) {
  console.log('Building the web app…')
  await build({ configFile: join(root, 'vite.web.config.ts'), logLevel: 'warn' })
}
await main(args)
