/**
 * The long run of clip-fuzz.test.ts (`npm run test:soak`): many fuzzed clips with fresh seeds,
 * two at a time, then the server still answers.
 */
import fc from 'fast-check'
import { describe, expect, it } from '../../helpers/fixtures'
import { uploadClip } from '../../helpers/clip-upload'
import { mutatedClip } from '../../helpers/clip-mutations'
import { SOAK } from '../../helpers/hardening'
import { checkFuzzedClipAnswer } from './clip-fuzz'

describe('fuzzed clips, long run', { timeout: SOAK ? 600_000 : 60_000 }, () => {
  it('are stored or refused with a sentence, never a 500', async ({ app, player1 }) => {
    await fc.assert(
      fc.asyncProperty(fc.tuple(mutatedClip, mutatedClip), async (clips) => {
        const answers = await Promise.all(
          clips.map((clip) => uploadClip(app, clip.bytes, player1.token, { type: clip.type })),
        )
        for (const [index, answer] of answers.entries()) {
          await checkFuzzedClipAnswer(answer, clips[index]?.seed ?? '')
        }
      }),
      { numRuns: SOAK ? 1500 : 100, ...(SOAK ? {} : { seed: 3737 }) },
    )
    expect((await app.get('/api/health')).status).toBe(200)
  })
})
