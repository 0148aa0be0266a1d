/**
 * What `npm start` and `npm run dev` need before Electron can run, fetched on first use:
 * - the Electron binary (its install script is denied in package.json so that `npm install`
 *   also passes on machines that cannot download it);
 * - a better-sqlite3 built for Electron's ABI, kept apart from the Node build that tests and
 *   `npm run serve` use, and handed to the main process as GAMERSTAGE_SQLITE_BINDING.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

/** A setup step that failed, with a message that tells the user what to do. */
export class DesktopSetupError extends Error {
  override name = 'DesktopSetupError'
}

export type Runner = (command: string, args: string[], cwd: string) => SpawnSyncReturns<string>

const run: Runner = (command, args, cwd) =>
  spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    // npm's `nodedir` setting would make a native build target Node instead of Electron.
    env: Object.fromEntries(
      Object.entries(process.env).filter(([key]) => key.toLowerCase() !== 'npm_config_nodedir'),
    ),
  })

/** The line of a failed command's output that says what went wrong. */
export function failureReason(result: SpawnSyncReturns<string>): string {
  const lines = `${result.stderr ?? ''}\n${result.stdout ?? ''}\n${result.error?.message ?? ''}`
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^at .*(\(.*:\d+:\d+\)|:\d+:\d+)$/.test(line))
  return (
    lines.find((line) => /error|ENOTFOUND|ECONNREFUSED|EAI_AGAIN|404/i.test(line)) ??
    lines[0] ??
    'no reason given'
  )
}

/** Downloads the Electron binary when it is missing; answers the installed Electron version. */
export function ensureElectronBinary(root: string, runner: Runner = run): string {
  const electronDir = join(root, 'node_modules', 'electron')
  const version = (
    JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')) as { version: string }
  ).version
  if (existsSync(join(electronDir, 'path.txt'))) return version
  console.log(`Downloading Electron ${version} (once)…`)
  const result = runner(process.execPath, ['install.js'], electronDir)
  if (result.status !== 0 || !existsSync(join(electronDir, 'path.txt'))) {
    throw new DesktopSetupError(
      `Electron ${version} could not be downloaded (${failureReason(result)}). ` +
        'The desktop app needs it once: check the internet connection and run `npm start` again. ' +
        'Meanwhile, `npm run serve` runs Gamerstage in your browser.',
    )
  }
  return version
}

/** True when this Node process can load the binary: then it was built for Node, not Electron. */
function loadsInNode(binding: string): boolean {
  try {
    createRequire(import.meta.url)(binding)
    return true
  } catch {
    return false
  }
}

/**
 * Answers the path of a better_sqlite3.node for `electronVersion`, downloading the prebuilt one
 * (or building it) into node_modules/.cache on first use.
 */
export function ensureSqliteForElectron(
  root: string,
  electronVersion: string,
  runner: Runner = run,
): string {
  const sqliteDir = join(root, 'node_modules', 'better-sqlite3')
  const sqliteVersion = (
    JSON.parse(readFileSync(join(sqliteDir, 'package.json'), 'utf8')) as { version: string }
  ).version
  const cacheDir = join(
    root,
    'node_modules',
    '.cache',
    'gamerstage',
    `better-sqlite3-${sqliteVersion}-electron-${electronVersion}-${process.platform}-${process.arch}`,
  )
  const binding = join(cacheDir, 'build', 'Release', 'better_sqlite3.node')
  if (existsSync(binding)) return binding

  console.log(`Fetching better-sqlite3 ${sqliteVersion} for Electron ${electronVersion} (once)…`)
  rmSync(cacheDir, { recursive: true, force: true })
  mkdirSync(cacheDir, { recursive: true })
  // prebuild-install reads the package's name, version and binary host from its package.json.
  copyFileSync(join(sqliteDir, 'package.json'), join(cacheDir, 'package.json'))
  const prebuildInstall = join(root, 'node_modules', 'prebuild-install', 'bin.js')
  const result = runner(
    process.execPath,
    [prebuildInstall, '--runtime', 'electron', '--target', electronVersion, '--path', cacheDir],
    cacheDir,
  )
  if (result.status !== 0 || !existsSync(binding)) {
    rmSync(cacheDir, { recursive: true, force: true })
    throw new DesktopSetupError(
      `better-sqlite3 for Electron ${electronVersion} could not be downloaded (${failureReason(result)}). ` +
        'Check the internet connection and run `npm start` again.',
    )
  }
  // A build that Node can load targets Node's ABI and would crash Electron: never use it.
  if (loadsInNode(binding)) {
    rmSync(cacheDir, { recursive: true, force: true })
    throw new DesktopSetupError(
      'The better-sqlite3 fetched for Electron was built for Node instead; it was discarded.',
    )
  }
  return binding
}
