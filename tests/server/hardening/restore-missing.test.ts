/** `--restore` of a file that is not there: one line, exit code 1, nothing touched. */
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Cleanup, runCli } from '../../helpers/hardening'

const cleanup = new Cleanup()
afterEach(() => cleanup.run())

describe('a backup under load', () => {
  it('refuses to restore a backup file that does not exist, in one line', async () => {
    const root = cleanup.tempDir()
    const run = runCli(cleanup, ['--data', join(root, 'data'), '--restore', join(root, 'none.db')])
    const { code } = await run.exit
    expect(code).toBe(1)
    expect(run.stderr()).toBe(`gamerstage: There is no backup file ${join(root, 'none.db')}.\n`)
  })
})
