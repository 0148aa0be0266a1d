import { describe, expect, it } from 'vitest'
import {
  CLIP_MESSAGES,
  sniffVideoType,
} from '../../../../src/server/services/media/clip-containers'
import { readClip as checkClip } from '../../../../src/server/services/media/clip-reader'
import { MP4_FRAME, MP4_SECRET, WEBM_SECRET, makeMp4, makeWebm } from '../../../helpers/videos'

/**
 * The reader itself, in this thread (the server runs it on a worker: clip-checks.ts, whose
 * budget and refusals tests/server/routes/hostile-clips.test.ts tries through the route).
 */
const refusal = async (bytes: Buffer) => {
  try {
    await checkClip(bytes)
  } catch (error) {
    return (error as Error).message
  }
  return null
}

describe('MP4 clips', () => {
  it('reads H.264 + AAC, its length and size, and blanks metadata without moving a byte', async () => {
    const original = makeMp4({ metadataTrackText: 'GPS 48.85 2.35' })
    expect(original.includes(Buffer.from(MP4_SECRET))).toBe(true)
    const { info, bytes } = await checkClip(original)
    expect(info).toEqual({
      contentType: 'video/mp4',
      durationMs: 5000,
      width: 320,
      height: 180,
      videoCodec: 'h264',
      audioCodec: 'aac',
    })
    expect(bytes.length).toBe(original.length)
    expect(bytes.includes(Buffer.from(MP4_SECRET))).toBe(false)
    expect(bytes.includes(Buffer.from('Camera XYZ'))).toBe(false)
    expect(bytes.includes(Buffer.from('GPS 48.85'))).toBe(false)
    // The frame is where the chunk offset says, as before.
    const offset = original.indexOf(MP4_FRAME)
    expect(bytes.subarray(offset, offset + MP4_FRAME.length)).toEqual(MP4_FRAME)
    expect(bytes.includes(Buffer.from('free'))).toBe(true)
    // The stripped file is still a valid clip.
    expect((await checkClip(bytes)).info.durationMs).toBe(5000)
  })

  it('takes a clip without sound', async () => {
    expect((await checkClip(makeMp4({ audio: null }))).info.audioCodec).toBeNull()
  })

  it('refuses hostile and unplayable files with a sentence', async () => {
    expect(await refusal(makeMp4({ durationSeconds: 61 }))).toBe(CLIP_MESSAGES.tooLong)
    expect(await refusal(makeMp4({ durationSeconds: 60 }))).toBeNull()
    expect(await refusal(makeMp4({ videoEntry: 'hvc1' }))).toBe(CLIP_MESSAGES.hevc)
    expect(await refusal(makeMp4({ videoEntry: 'vp09' }))).toBe(CLIP_MESSAGES.videoCodec)
    expect(await refusal(makeMp4({ audio: 0x6b }))).toBe(CLIP_MESSAGES.audioCodec)
    expect(await refusal(makeMp4({ majorBrand: 'qt  ' }))).toBe(CLIP_MESSAGES.quickTime)
    const full = makeMp4()
    expect(await refusal(full.subarray(0, full.length - 5))).toBe(CLIP_MESSAGES.truncated)
    expect(await refusal(full.subarray(0, 200))).toBe(CLIP_MESSAGES.truncated)
    expect(await refusal(Buffer.from('\x89PNG\r\n\x1a\n not a video'))).toBe(
      CLIP_MESSAGES.notAVideo,
    )
    expect(await refusal(Buffer.alloc(0))).toBe(CLIP_MESSAGES.notAVideo)
    expect(sniffVideoType(Buffer.from('GIF89a'))).toBeNull()
  })
})

describe('WebM clips', () => {
  it('reads VP9 + Opus and voids tags, attachments and the title in place', async () => {
    const original = makeWebm()
    const { info, bytes } = await checkClip(original)
    expect(info).toEqual({
      contentType: 'video/webm',
      durationMs: 4000,
      width: 640,
      height: 360,
      videoCodec: 'vp9',
      audioCodec: 'opus',
    })
    expect(bytes.length).toBe(original.length)
    expect(bytes.includes(Buffer.from(WEBM_SECRET))).toBe(false)
    expect(bytes.includes(Buffer.from('notes.txt'))).toBe(false)
    expect((await checkClip(bytes)).info.width).toBe(640)
  })

  it('reads a recorder’s file: unknown sizes and no Duration, length from the last block', async () => {
    const { info, bytes } = await checkClip(
      makeWebm({
        unknownSizes: true,
        durationSeconds: null,
        lastBlockSeconds: 2.5,
        audioCodec: null,
      }),
    )
    expect(info.durationMs).toBe(2500)
    expect(info.audioCodec).toBeNull()
    expect(bytes.includes(Buffer.from(WEBM_SECRET))).toBe(false)
  })

  it('takes VP8, AV1 and Vorbis; refuses the rest', async () => {
    expect(
      (await checkClip(makeWebm({ videoCodec: 'V_VP8', audioCodec: 'A_VORBIS' }))).info.videoCodec,
    ).toBe('vp8')
    expect((await checkClip(makeWebm({ videoCodec: 'V_AV1' }))).info.videoCodec).toBe('av1')
    expect(await refusal(makeWebm({ docType: 'matroska' }))).toBe(CLIP_MESSAGES.matroska)
    expect(await refusal(makeWebm({ videoCodec: 'V_MPEGH/ISO/HEVC' }))).toBe(CLIP_MESSAGES.hevc)
    expect(await refusal(makeWebm({ videoCodec: 'V_MPEG4/ISO/AVC' }))).toBe(
      CLIP_MESSAGES.videoCodec,
    )
    expect(await refusal(makeWebm({ audioCodec: 'A_AAC' }))).toBe(CLIP_MESSAGES.audioCodec)
    expect(await refusal(makeWebm({ durationSeconds: 61, lastBlockSeconds: 2 }))).toBe(
      CLIP_MESSAGES.tooLong,
    )
    const full = makeWebm()
    expect(await refusal(full.subarray(0, full.length - 3))).toBe(CLIP_MESSAGES.truncated)
    expect(await refusal(full.subarray(0, 60))).toBe(CLIP_MESSAGES.truncated)
  })
})
