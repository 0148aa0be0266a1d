/**
 * The house's rules a reader relies on: no server module over 400 lines, so that each
 * has one job a newcomer can hold in mind (the schemas excepted: one table a block), and a
 * user's status announced from one place only, so that who may hear it is decided once.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const SERVER = join(__dirname, '../../../src/server')
const MAX_LINES = 400

/** Long on purpose: one table a block, both dialects (db/README.md). */
const SCHEMA = /^db\/schema[^/]*\.ts$/

function serverModules(dir = SERVER): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return serverModules(path)
    return entry.name.endsWith('.ts') ? [relative(SERVER, path).split('\\').join('/')] : []
  })
}

const lineCount = (module: string) =>
  readFileSync(join(SERVER, module), 'utf8').replace(/\n$/, '').split('\n').length

describe('the server house', () => {
  it(`has no module over ${MAX_LINES} lines but the schemas`, () => {
    const modules = serverModules()
    expect(modules.length).toBeGreaterThan(100)
    const tooLong = modules
      .filter((module) => !SCHEMA.test(module))
      .filter((module) => lineCount(module) > MAX_LINES)
      .map((module) => `${module}: ${lineCount(module)} lines`)
    expect(tooLong).toEqual([])
  })

  it('announces a status from presence/announce-status.ts only', () => {
    const announcing = serverModules().filter((module) =>
      /publish\(\s*'status'/.test(readFileSync(join(SERVER, module), 'utf8')),
    )
    expect(announcing).toEqual(['presence/announce-status.ts'])
  })
})
