/**
 * The built server (`node out/server/cli.js`) reads clips on its worker: the worker
 * file and MediaInfo's WebAssembly are found from out/server, a valid clip is stored and a
 * hostile one refused with INVALID_CLIP, and the server still answers.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { LoginResponse } from '../../../src/shared/api-types'
import { OUTPUT_DIR } from '../../../scripts/build-stamp'
import { DEMO_ACCOUNT } from '../../../src/server/services/writes/seed'
import { CLIP_MESSAGES } from '../../../src/server/services/media/clip-containers'
import { Cleanup, startCli } from '../../helpers/hardening'
import { mp4WithNestedMinf } from '../../helpers/hostile-videos'
import { makeMp4, makeWebm } from '../../helpers/videos'

const cleanup = new Cleanup()
afterEach(() => cleanup.run())

describe('clips on the built server', () => {
  it('finds its clip worker beside cli.js', () => {
    expect(existsSync(join(OUTPUT_DIR.server, 'clip-worker.js'))).toBe(true)
  })

  it('stores a valid clip and refuses a hostile one', async () => {
    const dataDir = join(cleanup.tempDir(), 'data')
    const { run, url } = await startCli(cleanup, ['--port', '0', '--data', dataDir])
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(DEMO_ACCOUNT),
    })
    expect(login.status).toBe(200)
    const { encodedToken } = (await login.json()) as LoginResponse
    const upload = (bytes: Buffer, type: string) => {
      const form = new FormData()
      form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), 'clip')
      return fetch(`${url}/api/media/clips`, {
        method: 'POST',
        headers: { authorization: encodedToken },
        body: form,
      })
    }
    const hostile = await upload(mp4WithNestedMinf(20_000), 'video/mp4')
    expect(hostile.status).toBe(400)
    expect(await hostile.json()).toEqual({ errors: [CLIP_MESSAGES.tooDeep], code: 'INVALID_CLIP' })
    for (const [bytes, type] of [
      [makeMp4(), 'video/mp4'],
      [makeWebm(), 'video/webm'],
    ] as const) {
      const answer = await upload(bytes, type)
      expect(answer.status, `${type}: ${await answer.text()} ${run.stderr()}`).toBe(201)
    }
    expect((await fetch(`${url}/api/health`)).status).toBe(200)
  }, 90_000)
})
