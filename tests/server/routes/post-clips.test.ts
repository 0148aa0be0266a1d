/**
 * Clips in posts (docs/API.md "Clips in posts"): uploads checked by their
 * bytes, metadata blanked, a poster always there, served in ranges for players that seek, the
 * host's size limit (audited), and clips in posts beside images. Runs on SQLite and, with
 * vitest.pg.config.ts, on PostgreSQL.
 */
import sharp from 'sharp'
import type {
  ClipLimitResponse,
  HostActionsResponse,
  Post,
  PostMediaItem,
} from '../../../src/shared/api-types'
import { CLIP_MESSAGES } from '../../../src/server/services/media/clip-containers'
import { clipUploads } from '../../../src/server/services/media/post-clips'
import { expectError, ok, seededToken, signedInAs } from '../../helpers/api'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'
import { MP4_FRAME, MP4_SECRET, WEBM_SECRET, makeMp4, makeWebm } from '../../helpers/videos'

function uploadClip(
  app: TestApp,
  bytes: Uint8Array,
  token: string,
  options: { type?: string; name?: string; poster?: Uint8Array } = {},
): Promise<Response> {
  const form = new FormData()
  const { type = 'video/mp4', name = 'clip.mp4', poster } = options
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name)
  if (poster) {
    form.append(
      'poster',
      new Blob([poster as Uint8Array<ArrayBuffer>], { type: 'image/png' }),
      'p.png',
    )
  }
  return app.request('/api/media/clips', {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  })
}

const uploaded = async (app: TestApp, bytes: Uint8Array, token: string, poster?: Uint8Array) =>
  (await ok<{ media: PostMediaItem }>(uploadClip(app, bytes, token, { poster }), 201)).media

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer())

describe('clips in posts', () => {
  it('stores an MP4 without its metadata, with a neutral poster of its shape', async ({ app }) => {
    const { token } = await seededToken()
    const original = makeMp4()
    const item = await uploaded(app, original, token)
    expect(item).toMatchObject({ kind: 'clip', width: 320, height: 180, alt: '' })

    const video = await app.get(item.url)
    expect(video.status).toBe(200)
    expect(video.headers.get('content-type')).toBe('video/mp4')
    expect(video.headers.get('accept-ranges')).toBe('bytes')
    const stored = await bytesOf(video)
    expect(stored.length).toBe(original.length)
    expect(stored.includes(Buffer.from(MP4_SECRET))).toBe(false)
    expect(stored.indexOf(MP4_FRAME)).toBe(original.indexOf(MP4_FRAME))

    const poster = await app.get(item.thumbUrl)
    expect(poster.headers.get('content-type')).toBe('image/webp')
    const meta = await sharp(await bytesOf(poster)).metadata()
    expect([meta.width, meta.height]).toEqual([320, 180])
  })

  it('keeps the poster the app sent, at thumbnail size', async ({ app }) => {
    const { token } = await seededToken()
    const frame = await sharp({
      create: { width: 1280, height: 720, channels: 3, background: '#ff0000' },
    })
      .png()
      .toBuffer()
    const item = await uploaded(app, makeWebm(), token, frame)
    expect(item).toMatchObject({ kind: 'clip', width: 640, height: 360 })
    const poster = await sharp(await bytesOf(await app.get(item.thumbUrl)))
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect(poster.info.width).toBe(640)
    expect(poster.data[0]).toBeGreaterThan(200)
    const video = await app.get(item.url)
    expect(video.headers.get('content-type')).toBe('video/webm')
    expect((await bytesOf(video)).includes(Buffer.from(WEBM_SECRET))).toBe(false)
  })

  it('serves ranges: 206 with Content-Range, suffixes, open ends, and 416 past the end', async ({
    app,
  }) => {
    const { token } = await seededToken()
    const original = makeMp4()
    const item = await uploaded(app, original, token)
    const whole = await bytesOf(await app.get(item.url))
    const size = whole.length

    const first = await app.request(item.url, { headers: { range: 'bytes=0-99' } })
    expect(first.status).toBe(206)
    expect(first.headers.get('content-range')).toBe(`bytes 0-99/${size}`)
    expect(first.headers.get('content-length')).toBe('100')
    expect(first.headers.get('content-type')).toBe('video/mp4')
    expect(await bytesOf(first)).toEqual(whole.subarray(0, 100))

    const tail = await app.request(item.url, { headers: { range: 'bytes=-10' } })
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`)
    expect(await bytesOf(tail)).toEqual(whole.subarray(size - 10))

    const open = await app.request(item.url, { headers: { range: 'bytes=50-' } })
    expect(await bytesOf(open)).toEqual(whole.subarray(50))

    const past = await app.request(item.url, { headers: { range: 'bytes=0-999999' } })
    expect(past.headers.get('content-range')).toBe(`bytes 0-${size - 1}/${size}`)

    // Several ranges, or nonsense: the whole file, as if no Range had been sent.
    const several = await app.request(item.url, { headers: { range: 'bytes=0-1,5-6' } })
    expect(several.status).toBe(200)
    expect((await bytesOf(several)).length).toBe(size)

    const beyond = await app.request(item.url, { headers: { range: `bytes=${size}-` } })
    expect(beyond.status).toBe(416)
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`)
  })

  it('serves ranges from an S3 bucket too, reading only that part', async ({
    makeApp,
    s3Bucket,
  }) => {
    const app = await makeApp({ s3: s3Bucket })
    const { token } = await seededToken()
    const item = await uploaded(app, makeWebm(), token)
    const whole = await bytesOf(await app.get(item.url))
    const part = await app.request(item.url, { headers: { range: 'bytes=10-29' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 10-29/${whole.length}`)
    expect(await bytesOf(part)).toEqual(whole.subarray(10, 30))
  })

  it('refuses what is not a playable clip, whatever it is named or typed as', async ({ app }) => {
    const { token } = await seededToken()
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer()
    // A PNG that says it is an MP4.
    await expectError(uploadClip(app, png, token), 400, CLIP_MESSAGES.notAVideo)
    await expectError(
      uploadClip(app, makeMp4({ durationSeconds: 61 }), token),
      400,
      CLIP_MESSAGES.tooLong,
    )
    await expectError(
      uploadClip(app, makeMp4({ videoEntry: 'hev1' }), token),
      400,
      CLIP_MESSAGES.hevc,
    )
    const mkv = makeWebm({ docType: 'matroska' })
    await expectError(
      uploadClip(app, mkv, token, { type: 'video/webm', name: 'clip.webm' }),
      400,
      CLIP_MESSAGES.matroska,
    )
    const truncated = makeMp4().subarray(0, 300)
    await expectError(uploadClip(app, truncated, token), 400, CLIP_MESSAGES.truncated)
    await expectError(uploadClip(app, makeMp4(), ''), 401, /./)
    const rows = await app.db.ids('SELECT count(*) AS n FROM post_media')
    expect(rows[0]).toBe(0)
  })

  it('posts a clip beside images, and lists it with its kind', async ({ app }) => {
    const { token } = await seededToken()
    const clip = await uploaded(app, makeMp4(), token)
    const { post } = await ok<{ post: Post }>(
      app.send(
        '/api/posts',
        { postData: { content: 'gg', media: [{ id: clip.id, alt: 'The winning shot' }] } },
        { token, headers: { Prefer: 'return=minimal' } },
      ),
      201,
    )
    expect(post.media).toEqual([{ ...clip, alt: 'The winning shot' }])
    const listed = await ok<{ post: Post }>(app.get(`/api/posts/${post._id}`, token))
    expect(listed.post.media[0]?.kind).toBe('clip')
  })
})

describe('the host’s clip size limit', () => {
  it('is 50 MB unless the host sets it; a change is audited and applies at once', async ({
    makeApp,
  }) => {
    const app = await makeApp({ admins: ['boss'] })
    const boss = await signedInAs(app, 'boss')
    const { token } = await seededToken()
    const limit = () => ok<ClipLimitResponse>(app.get('/api/moderation/clip-limit', boss.token))
    expect((await limit()).maxBytes).toBe(50 * 1024 * 1024)
    await expectError(app.get('/api/moderation/clip-limit', token), 403, /./)
    await expectError(
      app.send(
        '/api/moderation/clip-limit',
        { maxBytes: 1.5 * 1024 * 1024 },
        { token: boss.token, method: 'PUT' },
      ),
      400,
      /whole number of megabytes/,
    )
    await expectError(
      app.send('/api/moderation/clip-limit', { maxBytes: 1024 * 1024 }, { token, method: 'PUT' }),
      403,
      /./,
    )
    const set = await ok<ClipLimitResponse>(
      app.send(
        '/api/moderation/clip-limit',
        { maxBytes: 1024 * 1024 },
        { token: boss.token, method: 'PUT' },
      ),
    )
    expect(set.maxBytes).toBe(1024 * 1024)
    const { actions } = await ok<HostActionsResponse>(app.get('/api/moderation/audit', boss.token))
    expect(actions[0]).toMatchObject({ host: 'boss', action: 'set-clip-limit', target: '1 MB' })

    // A clip of 1.2 MB is now too large; the size is checked before its bytes are read.
    const big = Buffer.concat([makeMp4(), Buffer.alloc(1.2 * 1024 * 1024)])
    await expectError(uploadClip(app, big, token), 413, 'The clip is too large (at most 1 MB).')

    // Any member reads the limit (the composer refuses a larger clip before sending it).
    const member = await ok<ClipLimitResponse>(app.get('/api/media/clip-limit', token))
    expect(member).toEqual({ maxBytes: 1024 * 1024, minBytes: 1024 * 1024, limitBytes: 500 * MB })
    await expectError(app.get('/api/media/clip-limit'), 401, /./)
  })
})

const MB = 1024 * 1024

describe('the clip upload queue', () => {
  it('runs 2 uploads, keeps 2 waiting, answers 503 to the next, and takes clips again after', async ({
    app,
  }) => {
    const { token } = await seededToken()
    // Uploads whose bodies arrive only when released: each holds its place in the queue.
    const boundary = 'gamerstage-held-upload'
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\n` +
        'Content-Type: video/mp4\r\n\r\n',
    )
    const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`)
    const clip = makeMp4()
    // Declared, as a browser declares a file's upload: the size limit then reads no body itself.
    const length = head.length + clip.length + tail.length
    const releases: (() => void)[] = []
    const held = () => {
      let release = () => {}
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(head)
          release = () => {
            controller.enqueue(clip)
            controller.enqueue(tail)
            controller.close()
          }
        },
      })
      releases.push(() => release())
      return app.request('/api/media/clips', {
        method: 'POST',
        headers: {
          authorization: token,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(length),
        },
        body,
        duplex: 'half',
      } as RequestInit)
    }
    const answers = [held(), held(), held(), held()]
    // Let the four reach the queue: 2 running (reading their bodies), 2 waiting.
    await expect.poll(() => clipUploads.running + clipUploads.waiting).toBe(4)
    expect(clipUploads.running).toBe(2)
    expect(clipUploads.waiting).toBe(2)

    await expectError(
      uploadClip(app, makeMp4(), token),
      503,
      'The server is busy with other clips. Try again in a few seconds.',
    )
    const busy = await uploadClip(app, makeMp4(), token)
    expect(busy.status).toBe(503)
    expect(busy.headers.get('retry-after')).toBe('5')

    for (const release of releases) release()
    for (const answer of await Promise.all(answers)) expect(answer.status).toBe(201)
    expect(clipUploads.running + clipUploads.waiting).toBe(0)
    await ok(uploadClip(app, makeMp4(), token), 201)
  })
})
