/**
 * `npm start` (build and run the desktop app) and `npm run dev` (with hot reload): fetches what
 * Electron needs on first use (scripts/desktop-setup.ts), then hands over to electron-vite.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { prepareDesktop } from './desktop-setup'

const root = fileURLToPath(new URL('..', import.meta.url))
const mode = process.argv[2] === 'dev' ? 'dev' : 'preview'

const setup = prepareDesktop(root)
if (!setup) process.exit(1)
const binding = setup.sqliteBinding

const child = spawn('npx', ['electron-vite', mode, ...process.argv.slice(3)], {
  cwd: root,
  stdio: 'inherit',
  shell: process.platform === 'win32',
  env: { ...process.env, GAMERSTAGE_SQLITE_BINDING: binding },
})
child.on('exit', (code) => process.exit(code ?? 1))
