import type { SpawnSyncReturns } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  DesktopSetupError,
  desktopSetupCli,
  ensureElectronBinary,
  ensureSqliteForElectron,
  failureReason,
  installedElectronBinary,
  packagedAppExecutable,
  prepareDesktop,
  type Runner,
} from '../../scripts/desktop-setup'
import { removeTempDirs, tempDir } from './helpers/net'

const ELECTRON_VERSION = '40.1.0'
const SQLITE_VERSION = '12.0.0'

function result(fields: Partial<SpawnSyncReturns<string>>): SpawnSyncReturns<string> {
  return { pid: 1, output: [], stdout: '', stderr: '', status: 0, signal: null, ...fields }
}

function writeJson(file: string, value: unknown): void {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, JSON.stringify(value))
}

describe('desktop-setup', () => {
  let root: string

  beforeEach(() => {
    root = tempDir()
    writeJson(join(root, 'node_modules', 'electron', 'package.json'), {
      name: 'electron',
      version: ELECTRON_VERSION,
    })
    writeJson(join(root, 'node_modules', 'better-sqlite3', 'package.json'), {
      name: 'better-sqlite3',
      version: SQLITE_VERSION,
    })
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
  })

  afterEach(() => {
    vi.restoreAllMocks()
    removeTempDirs()
  })

  const electronDir = () => join(root, 'node_modules', 'electron')
  const cacheDir = () =>
    join(
      root,
      'node_modules',
      '.cache',
      'gamerstage',
      `better-sqlite3-${SQLITE_VERSION}-electron-${ELECTRON_VERSION}-${process.platform}-${process.arch}`,
    )
  const bindingIn = (dir: string) => join(dir, 'build', 'Release', 'better_sqlite3.node')

  describe('failureReason', () => {
    it('picks the line that names the error and skips stack lines', () => {
      const reason = failureReason(
        result({
          status: 1,
          stderr: [
            'Downloading…',
            '    at ClientRequest.<anonymous> (node_modules/got/index.js:1:1)',
            'RequestError: getaddrinfo ENOTFOUND example',
            '    at GetAddrInfoReqWrap.onlookup (node:dns:107:26)',
          ].join('\n'),
        }),
      )

      expect(reason).toBe('RequestError: getaddrinfo ENOTFOUND example')
    })

    it('never answers a stack line, even one that mentions an error', () => {
      const reason = failureReason(
        result({
          status: 1,
          stderr: '    at throwError (errors.js:1:1)\nsomething went wrong\n',
        }),
      )

      expect(reason).toBe('something went wrong')
    })

    it('answers the first line when no line names an error', () => {
      expect(failureReason(result({ status: 1, stdout: '\n  first line  \nsecond' }))).toBe(
        'first line',
      )
    })

    it('uses the spawn error when the command could not run', () => {
      expect(failureReason(result({ status: null, error: new Error('spawn node ENOENT') }))).toBe(
        'spawn node ENOENT',
      )
    })

    it('says so when the command gave no reason', () => {
      expect(failureReason(result({ status: 1 }))).toBe('no reason given')
    })
  })

  describe('ensureElectronBinary', () => {
    it('answers the version without running anything when the binary is there', () => {
      writeFileSync(join(electronDir(), 'path.txt'), 'electron')
      const runner = vi.fn<Runner>()

      expect(ensureElectronBinary(root, runner)).toBe(ELECTRON_VERSION)
      expect(runner).not.toHaveBeenCalled()
    })

    it('runs the install script of electron when the binary is missing', () => {
      const runner = vi.fn<Runner>(() => {
        writeFileSync(join(electronDir(), 'path.txt'), 'electron')
        return result({ status: 0 })
      })

      expect(ensureElectronBinary(root, runner)).toBe(ELECTRON_VERSION)
      expect(runner).toHaveBeenCalledExactlyOnceWith(
        process.execPath,
        ['install.js'],
        electronDir(),
      )
    })

    it('explains a failed download with its reason and points to npm run serve', () => {
      const runner = vi.fn<Runner>(() =>
        result({
          status: 1,
          stderr: 'RequestError: getaddrinfo ENOTFOUND example\n    at ClientRequest (x.js:1:1)',
        }),
      )

      let thrown: unknown
      try {
        ensureElectronBinary(root, runner)
      } catch (error) {
        thrown = error
      }

      expect(thrown).toBeInstanceOf(DesktopSetupError)
      const message = (thrown as Error).message
      expect(message).toContain(`Electron ${ELECTRON_VERSION} could not be downloaded`)
      expect(message).toContain('(RequestError: getaddrinfo ENOTFOUND example)')
      expect(message).toContain('`npm run serve`')
      expect(message).not.toContain('    at ')
    })

    it('fails when the install script exits 0 but leaves no binary', () => {
      const runner = vi.fn<Runner>(() => result({ status: 0, stdout: 'done' }))

      expect(() => ensureElectronBinary(root, runner)).toThrow(DesktopSetupError)
    })
  })

  describe('ensureSqliteForElectron', () => {
    it('answers a cached binding without running anything', () => {
      const binding = bindingIn(cacheDir())
      mkdirSync(dirname(binding), { recursive: true })
      writeFileSync(binding, 'cached')
      const runner = vi.fn<Runner>()

      expect(ensureSqliteForElectron(root, ELECTRON_VERSION, runner)).toBe(binding)
      expect(runner).not.toHaveBeenCalled()
    })

    it('runs prebuild-install for Electron in the cache folder and answers the binding', () => {
      const runner = vi.fn<Runner>((_command, _args, cwd) => {
        const binding = bindingIn(cwd)
        mkdirSync(dirname(binding), { recursive: true })
        // Not loadable by Node, as a binary built for Electron would not be.
        writeFileSync(binding, 'electron build')
        return result({ status: 0 })
      })

      const binding = ensureSqliteForElectron(root, ELECTRON_VERSION, runner)

      expect(binding).toBe(bindingIn(cacheDir()))
      expect(runner).toHaveBeenCalledExactlyOnceWith(
        process.execPath,
        [
          join(root, 'node_modules', 'prebuild-install', 'bin.js'),
          '--runtime',
          'electron',
          '--target',
          ELECTRON_VERSION,
          '--path',
          cacheDir(),
        ],
        cacheDir(),
      )
      // prebuild-install reads the package's name and version there.
      expect(existsSync(join(cacheDir(), 'package.json'))).toBe(true)
    })

    it('throws a DesktopSetupError and removes the cache folder when the download fails', () => {
      const runner = vi.fn<Runner>((_command, _args, cwd) => {
        writeFileSync(join(cwd, 'partial.tgz'), 'half')
        return result({
          status: 1,
          stderr: 'prebuild-install warn install No prebuilt binaries found',
        })
      })

      let thrown: unknown
      try {
        ensureSqliteForElectron(root, ELECTRON_VERSION, runner)
      } catch (error) {
        thrown = error
      }

      expect(thrown).toBeInstanceOf(DesktopSetupError)
      expect((thrown as Error).message).toContain(
        `better-sqlite3 for Electron ${ELECTRON_VERSION} could not be downloaded`,
      )
      expect(existsSync(cacheDir())).toBe(false)
      expect(readdirSync(join(root, 'node_modules', '.cache', 'gamerstage'))).toEqual([])
    })

    it('discards a binding that Node can load, since it was built for Node', () => {
      const nodeBuild = createRequire(import.meta.url).resolve(
        'better-sqlite3/build/Release/better_sqlite3.node',
      )
      const runner = vi.fn<Runner>((_command, _args, cwd) => {
        mkdirSync(dirname(bindingIn(cwd)), { recursive: true })
        copyFileSync(nodeBuild, bindingIn(cwd))
        return result({ status: 0 })
      })

      expect(() => ensureSqliteForElectron(root, ELECTRON_VERSION, runner)).toThrow(
        'was built for Node instead',
      )
      expect(existsSync(cacheDir())).toBe(false)
    })
  })

  /** A runner that "downloads" Electron: electron/install.js leaves path.txt and the binary. */
  const installsElectron = (): Runner =>
    vi.fn<Runner>((_command, args, cwd) => {
      if (args[0] === 'install.js') {
        writeFileSync(join(cwd, 'path.txt'), 'electron')
        mkdirSync(join(cwd, 'dist'), { recursive: true })
        writeFileSync(join(cwd, 'dist', 'electron'), 'binary')
      } else {
        mkdirSync(dirname(bindingIn(cwd)), { recursive: true })
        writeFileSync(bindingIn(cwd), 'electron build')
      }
      return result({ status: 0 })
    })

  const offline: Runner = () =>
    result({
      status: 1,
      stderr: 'RequestError: getaddrinfo ENOTFOUND github.com\n    at ClientRequest (x.js:1:1)',
    })

  describe('prepareDesktop', () => {
    it('fetches Electron, then better-sqlite3 for that version, and answers both', () => {
      const runner = installsElectron()
      const report = vi.fn()

      expect(prepareDesktop(root, runner, report)).toEqual({
        electronVersion: ELECTRON_VERSION,
        sqliteBinding: bindingIn(cacheDir()),
      })
      expect(vi.mocked(runner).mock.calls.map(([, args]) => args[0])).toEqual([
        'install.js',
        join(root, 'node_modules', 'prebuild-install', 'bin.js'),
      ])
      expect(report).not.toHaveBeenCalled()
    })

    it('reports one line and answers null when Electron cannot be downloaded', () => {
      const runner = vi.fn<Runner>(offline)
      const report = vi.fn()

      expect(prepareDesktop(root, runner, report)).toBeNull()
      expect(report).toHaveBeenCalledOnce()
      const line = String(report.mock.calls[0]?.[0])
      expect(line).toMatch(/^gamerstage: Electron 40\.1\.0 could not be downloaded \(/)
      expect(line).toContain('ENOTFOUND github.com')
      expect(line).not.toContain('\n')
      // better-sqlite3 is not even tried without an Electron version to build for.
      expect(runner).toHaveBeenCalledOnce()
    })

    it('reports an unexpected error as it is, still on one line', () => {
      const runner = vi.fn<Runner>(() => {
        throw new Error('EACCES: permission denied')
      })
      const report = vi.fn()

      expect(prepareDesktop(root, runner, report)).toBeNull()
      expect(report).toHaveBeenCalledExactlyOnceWith('gamerstage: Error: EACCES: permission denied')
    })
  })

  describe('desktopSetupCli (npm run desktop:setup)', () => {
    it('exits 0 and says what is ready', () => {
      const log = vi.mocked(console.log)

      expect(desktopSetupCli(root, installsElectron())).toBe(0)
      expect(log.mock.calls.at(-1)?.[0]).toBe(
        `Electron ${ELECTRON_VERSION} and its better-sqlite3 build are ready (${bindingIn(cacheDir())}).`,
      )
    })

    it('exits 1 with the same one-line reason npm start gives, and nothing on stdout after', () => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
      const log = vi.mocked(console.log)

      expect(desktopSetupCli(root, offline)).toBe(1)
      expect(error).toHaveBeenCalledOnce()
      expect(String(error.mock.calls[0]?.[0])).toMatch(
        /^gamerstage: Electron 40\.1\.0 could not be downloaded \(RequestError: getaddrinfo ENOTFOUND github\.com\)\. .*`npm run serve`/,
      )
      expect(log.mock.calls.map(([line]) => String(line))).toEqual([
        `Downloading Electron ${ELECTRON_VERSION} (once)…`,
      ])
    })

    it('is the desktop:setup script of package.json', () => {
      const pkg = JSON.parse(
        readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8'),
      ) as { scripts: Record<string, string> }
      expect(pkg.scripts['desktop:setup']).toBe('tsx scripts/desktop-setup.ts')
    })
  })

  describe('installedElectronBinary', () => {
    it('is null before the download, and where path.txt names a missing file', () => {
      expect(installedElectronBinary(root)).toBeNull()
      writeFileSync(join(electronDir(), 'path.txt'), 'electron')
      expect(installedElectronBinary(root)).toBeNull()
    })

    it('answers the binary path.txt names under dist/', () => {
      writeFileSync(join(electronDir(), 'path.txt'), 'Electron.app/Contents/MacOS/Electron\n')
      const binary = join(electronDir(), 'dist', 'Electron.app', 'Contents', 'MacOS', 'Electron')
      mkdirSync(dirname(binary), { recursive: true })
      writeFileSync(binary, 'binary')

      expect(installedElectronBinary(root)).toBe(binary)
    })
  })

  describe('packagedAppExecutable', () => {
    const dist = () => join(root, 'dist')
    const touch = (...parts: string[]) => {
      const file = join(dist(), ...parts)
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, 'app')
      return file
    }

    it('is null when npm run dist has not run, or ran for another platform', () => {
      expect(packagedAppExecutable(dist(), 'linux')).toBeNull()
      touch('win-unpacked', 'Gamerstage.exe')
      expect(packagedAppExecutable(dist(), 'linux')).toBeNull()
      expect(packagedAppExecutable(dist(), 'darwin')).toBeNull()
    })

    it('finds the lower-case binary in linux-unpacked', () => {
      touch('Gamerstage-0.1.0.AppImage')
      const binary = touch('linux-unpacked', 'gamerstage')
      touch('linux-unpacked', 'chrome-sandbox')

      expect(packagedAppExecutable(dist(), 'linux')).toBe(binary)
    })

    it('finds Gamerstage.exe in win-unpacked', () => {
      const binary = touch('win-unpacked', 'Gamerstage.exe')

      expect(packagedAppExecutable(dist(), 'win32')).toBe(binary)
    })

    it('finds the app bundle in mac, mac-arm64 or mac-universal, never in other folders', () => {
      touch('mac-arm64-extra', 'Gamerstage.app', 'Contents', 'MacOS', 'Gamerstage')
      expect(packagedAppExecutable(dist(), 'darwin')).toBeNull()

      const binary = touch('mac-arm64', 'Gamerstage.app', 'Contents', 'MacOS', 'Gamerstage')
      expect(packagedAppExecutable(dist(), 'darwin')).toBe(binary)
    })
  })
})
