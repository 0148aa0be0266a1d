import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Temp folders made by `tempDir`, removed by `removeTempDirs` (call it in afterEach): for the
 * main-process tests, whose helpers make several per test. Server tests use the `tempDir` fixture
 * (tests/helpers/fixtures.ts).
 */
const made: string[] = []

export function tempDir(prefix = 'gamerstage-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  made.push(dir)
  return dir
}

export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
}
