/**
 * Hostile clips: each file that froze the server, ran it out of memory,
 * answered 500 or stored a nonsense size under the old hand-written parser is refused through the
 * real route with INVALID_CLIP and a sentence; a worker that runs out of time or heap is the same
 * refusal, and the next clip is read as usual. Runs on SQLite and, with vitest.pg.config.ts, on
 * PostgreSQL.
 */
import { afterEach } from 'vitest'
import { CLIP_CHECK_LIMITS } from '../../../src/server/services/media/clip-checks'
import { CLIP_MESSAGES } from '../../../src/server/services/media/clip-containers'
import { CLIP_MAX_PARTS } from '../../../src/server/services/media/clip-structure'
import { expectError } from '../../helpers/api'
import { uploadClip } from '../../helpers/clip-upload'
import { describe, expect, it } from '../../helpers/fixtures'
import {
  mp4WithEmptyMehdAtEnd,
  mp4WithEmptyStcoAtEnd,
  mp4WithHugeTextTrack,
  mp4WithNestedMinf,
  webmWithOverflowingWidth,
  webmWithTenByteWidth,
  webmWithVoidFlood,
  webmWithWidth2e40,
} from '../../helpers/hostile-videos'
import { makeMp4, makeWebm } from '../../helpers/videos'

const defaults = { ...CLIP_CHECK_LIMITS }
afterEach(() => Object.assign(CLIP_CHECK_LIMITS, defaults))

const webm = { type: 'video/webm', name: 'clip.webm' }

/** Each hostile file, what it did to the old parser, and the sentence that refuses it now. */
const HOSTILE: [string, () => Buffer, string, typeof webm | undefined][] = [
  // 200 million samples declared in 133 bytes: the old parser walked each (seconds, then 201).
  ['a 200M-sample text track', mp4WithHugeTextTrack, CLIP_MESSAGES.truncated, undefined],
  // A length only in an empty mehd, and an empty stco, at the file's end: 500 before.
  ['an empty mehd at the end', mp4WithEmptyMehdAtEnd, CLIP_MESSAGES.noDuration, undefined],
  ['an empty stco at the end', mp4WithEmptyStcoAtEnd, CLIP_MESSAGES.truncated, undefined],
  // 20,000 nested minf: a stack overflow (500) before.
  ['20,000 nested minf', () => mp4WithNestedMinf(20_000), CLIP_MESSAGES.tooDeep, undefined],
  // 2-byte Void elements past what a clip has: an object each before (3 GB at 49 MB, then 201).
  [
    'a flood of Void elements',
    () => webmWithVoidFlood(CLIP_MAX_PARTS + 1),
    CLIP_MESSAGES.tooManyParts,
    webm,
  ],
  // Widths stored as they came before (1.1e12 stored; 1.8e19 a 500 from the database).
  ['a PixelWidth of 2^40', webmWithWidth2e40, CLIP_MESSAGES.badSize, webm],
  ['a PixelWidth of 2^64 - 1', webmWithOverflowingWidth, CLIP_MESSAGES.badSize, webm],
  ['a 10-byte PixelWidth', webmWithTenByteWidth, CLIP_MESSAGES.noSize, webm],
]

describe('hostile clips', () => {
  for (const [name, build, message, options] of HOSTILE) {
    it(`refuses ${name} with INVALID_CLIP and a sentence`, async ({ app, player1 }) => {
      await expectError(
        uploadClip(app, build(), player1.token, options),
        400,
        message,
        'INVALID_CLIP',
      )
      expect((await app.get('/api/health')).status).toBe(200)
    })
  }

  it('refuses a clip whose reading runs out of time, then reads the next', async ({
    app,
    player1,
  }) => {
    // 1 ms for 2 MB: taking the form apart alone takes longer, so the worker is always ended.
    CLIP_CHECK_LIMITS.budgetMs = 1
    await expectError(
      uploadClip(app, webmWithVoidFlood(1_000_000), player1.token, webm),
      400,
      CLIP_MESSAGES.unreadable,
      'INVALID_CLIP',
    )
    CLIP_CHECK_LIMITS.budgetMs = defaults.budgetMs
    const next = await uploadClip(app, makeWebm(), player1.token, webm)
    expect(next.status, await next.clone().text()).toBe(201)
  })

  it('refuses a clip whose worker runs out of heap, then reads the next', async ({
    app,
    player1,
  }) => {
    // A heap too small for the reader to start: the worker dies with ERR_WORKER_OUT_OF_MEMORY.
    CLIP_CHECK_LIMITS.heapMb = 1
    await closeIdleWorkers()
    await expectError(
      uploadClip(app, makeMp4(), player1.token),
      400,
      CLIP_MESSAGES.unreadable,
      'INVALID_CLIP',
    )
    CLIP_CHECK_LIMITS.heapMb = defaults.heapMb
    const next = await uploadClip(app, makeMp4(), player1.token)
    expect(next.status, await next.clone().text()).toBe(201)
  })
})

async function closeIdleWorkers() {
  const { closeClipWorkers } = await import('../../../src/server/services/media/clip-checks')
  await closeClipWorkers()
}
