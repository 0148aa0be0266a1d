/**
 * Fuzzed clips through POST /api/media/clips: truncations, bit flips, huge
 * counts, repeated slices and deep nests of the valid test videos are stored (201) or refused
 * with a sentence (400), never a 500; the server answers /api/health after. A short run with a
 * fixed seed; clip-fuzz.soak.test.ts runs many more (`npm run test:soak`).
 */
import fc from 'fast-check'
import { describe, expect, it } from '../../helpers/fixtures'
import { uploadClip } from '../../helpers/clip-upload'
import { mutatedClip } from '../../helpers/clip-mutations'
import { checkFuzzedClipAnswer } from './clip-fuzz'

// A guard against hangs, not a speed check: 30 uploads take seconds, more on a loaded machine.
describe('fuzzed clips', { timeout: 120_000 }, () => {
  it('are stored or refused with a sentence, never a 500', async ({ app, player1 }) => {
    await fc.assert(
      fc.asyncProperty(mutatedClip, async (clip) => {
        const response = await uploadClip(app, clip.bytes, player1.token, { type: clip.type })
        await checkFuzzedClipAnswer(response, clip.seed)
      }),
      { numRuns: 30, seed: 3737 },
    )
    expect((await app.get('/api/health')).status).toBe(200)
  })
})
