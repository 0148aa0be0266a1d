/**
 * What `npm start` and `npm run dev` need before Electron can run, fetched on first use:
 * - the Electron binary (its install script is denied in package.json so that `npm install`
 *   also passes on machines that cannot download it);
 * - a better-sqlite3 built for Electron's ABI, kept apart from the Node build that tests and
 *   `npm run serve` use, and handed to the main process as GAMERSTAGE_SQLITE_BINDING.
 *
 * `npm run desktop:setup` runs this file on its own, so that a CI job can fetch both before the
 * desktop journeys (tests/electron) start; see docs/desktop.md, "Desktop journeys".
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

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

/** What the desktop app needs, once both fetches are done. */
export interface DesktopSetup {
  electronVersion: string
  /** better_sqlite3.node built for that Electron, for GAMERSTAGE_SQLITE_BINDING. */
  sqliteBinding: string
}

/**
 * Both fetches, in order (the better-sqlite3 build depends on the Electron version). Answers
 * null after printing one line that says why, so that `npm start`, `npm run dev` and
 * `npm run desktop:setup` fail alike.
 */
export function prepareDesktop(
  root: string,
  runner: Runner = run,
  report: (line: string) => void = (line) => console.error(line),
): DesktopSetup | null {
  try {
    const electronVersion = ensureElectronBinary(root, runner)
    return {
      electronVersion,
      sqliteBinding: ensureSqliteForElectron(root, electronVersion, runner),
    }
  } catch (error) {
    report(`gamerstage: ${error instanceof DesktopSetupError ? error.message : String(error)}`)
    return null
  }
}

/**
 * The Electron binary `npm start` runs, or null where it is not installed (its download was
 * denied or failed). Read from electron's own path.txt, as `require('electron')` does, without
 * the exception that require throws when the file is missing.
 */
export function installedElectronBinary(root: string): string | null {
  const electronDir = join(root, 'node_modules', 'electron')
  const pathFile = join(electronDir, 'path.txt')
  if (!existsSync(pathFile)) return null
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(binary) ? binary : null
}

/**
 * The executable inside the unpacked app that electron-builder leaves in `distDir` beside the
 * installers (`linux-unpacked`, `win-unpacked`, `mac`/`mac-arm64`/`mac-universal`), or null when
 * `npm run dist` has not run for this platform. `productName` and `executableName` are
 * electron-builder's: the Linux binary takes the lower-case name, Windows and macOS the product
 * name.
 */
export function packagedAppExecutable(
  distDir: string,
  platform: NodeJS.Platform,
  productName = 'Gamerstage',
): string | null {
  const entries = existsSync(distDir) ? readdirSync(distDir) : []
  let candidates: string[]
  if (platform === 'win32') {
    candidates = [join(distDir, 'win-unpacked', `${productName}.exe`)]
  } else if (platform === 'darwin') {
    candidates = entries
      .filter((entry) => /^mac(-[a-z0-9]+)?$/.test(entry))
      .sort()
      .map((entry) => join(distDir, entry, `${productName}.app`, 'Contents', 'MacOS', productName))
  } else {
    candidates = [join(distDir, 'linux-unpacked', productName.toLowerCase())]
  }
  return candidates.find((candidate) => existsSync(candidate)) ?? null
}

/** `npm run desktop:setup`: both fetches now; exit 1 with the one-line reason when one fails. */
export function desktopSetupCli(root: string, runner: Runner = run): number {
  const setup = prepareDesktop(root, runner)
  if (!setup) return 1
  console.log(
    `Electron ${setup.electronVersion} and its better-sqlite3 build are ready (${setup.sqliteBinding}).`,
  )
  return 0
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = desktopSetupCli(fileURLToPath(new URL('..', import.meta.url)))
}
