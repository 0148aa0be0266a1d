/**
 * Before the desktop journeys: what `npm start` does before Electron runs, so the journeys test
 * the current code. Fetches the Electron build of better-sqlite3 (once; `npm run desktop:setup`
 * does it ahead) and builds main, preload and renderer into out/ with `npm run build`.
 */
import { spawnSync } from 'node:child_process'
import { prepareDesktop } from '../../scripts/desktop-setup'
import {
  ELECTRON_REQUIRED,
  NO_ELECTRON,
  electronBinary,
  expect,
  root,
  test as setup,
} from './fixtures'

setup('fetch the Electron build of better-sqlite3 and build the app', () => {
  setup.skip(electronBinary === null && !ELECTRON_REQUIRED, NO_ELECTRON)
  if (electronBinary === null) throw new Error(NO_ELECTRON)
  setup.setTimeout(600_000)
  const lines: string[] = []
  expect(
    prepareDesktop(root, undefined, (line) => lines.push(line)),
    lines.join('\n'),
  ).not.toBeNull()
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  })
  expect(build.status, 'npm run build failed').toBe(0)
})
