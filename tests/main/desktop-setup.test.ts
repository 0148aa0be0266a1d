import type { SpawnSyncReturns } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  DesktopSetupError,
  ensureElectronBinary,
  ensureSqliteForElectron,
  failureReason,
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
})
