/**
 * What electron-builder packages (electron-builder.yml): the fuses of the shipped binary, the
 * files the app needs and nothing of the headless server. electron-builder cannot run here, so
 * the test reads the configuration it would apply.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'

const REPO_ROOT = join(import.meta.dirname, '../..')

interface BuilderConfig {
  files: string[]
  extraResources: { from: string; to: string }[]
  asar: boolean
  asarUnpack: string[]
  electronFuses: Record<string, boolean>
}

const config = load(readFileSync(join(REPO_ROOT, 'electron-builder.yml'), 'utf8')) as BuilderConfig
const packageJson = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>
}

describe('electron-builder.yml', () => {
  it.each([
    ['runAsNode', false],
    ['enableNodeOptionsEnvironmentVariable', false],
    ['enableNodeCliInspectArguments', false],
    ['enableEmbeddedAsarIntegrityValidation', true],
    ['onlyLoadAppFromAsar', true],
    ['enableCookieEncryption', true],
    ['grantFileProtocolExtraPrivileges', false],
  ])('sets the %s fuse to %s', (fuse, value) => {
    expect(config.electronFuses[fuse]).toBe(value)
  })

  it('packs the app into an asar, with the native module outside it', () => {
    expect(config.asar).toBe(true)
    expect(config.asarUnpack).toContain('node_modules/better-sqlite3/**')
  })

  it('ships the built app and the migrations, not the headless server', () => {
    expect(config.files).toContain('out/**')
    expect(config.files).toContain('!out/server/**')
    expect(config.extraResources).toContainEqual({
      from: 'src/server/db/migrations',
      to: 'src/server/db/migrations',
    })
  })
})

describe('the Electron version', () => {
  it('is a major that still gets security fixes (45, the newest that installs here)', () => {
    const major = Number(/\d+/.exec(packageJson.devDependencies.electron ?? '')?.[0])
    expect(major).toBeGreaterThanOrEqual(45)
  })
})
