import sharp from 'sharp'
import type { MediaResponse } from '../../../src/shared/api-types'
import { MESSAGES } from '../../../src/server/errors/messages'
import {
  TINY_PNG,
  UPLOAD_ROUTES,
  body,
  expectError,
  ok,
  seededToken,
  upload,
  userNamed,
} from '../../helpers/api'
import {
  SECRET_ARTIST,
  SECRET_CAMERA,
  animatedGif,
  jpegWithExif,
  pngClaiming,
  served,
} from '../../helpers/images'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'

const bytesOf = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'))

const mediaRows = async (app: TestApp) => (await app.db.ids('SELECT count(*) AS n FROM media'))[0]

/** A small real image of each accepted format, and the type it is served as. */
const FORMATS: [string, () => Promise<Buffer>, string][] = [
  ['PNG', () => Promise.resolve(Buffer.from(TINY_PNG)), 'image/png'],
  ['JPEG', () => solid(40, 30).jpeg().toBuffer(), 'image/jpeg'],
  ['GIF', () => solid(40, 30).gif().toBuffer(), 'image/gif'],
  ['WebP', () => solid(40, 30).webp().toBuffer(), 'image/webp'],
]

function solid(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#aa3355' } })
}

describe('media routes', () => {
  describe('POST /api/media', () => {
    it('stores a real PNG, answers 201 {url}, and serves it as a PNG', async ({ app }) => {
      const { token } = await seededToken()
      const response = await upload(app, TINY_PNG, { token })
      expect(response.status).toBe(201)
      const answer = await body<MediaResponse>(response)
      expect(Object.keys(answer)).toEqual(['url'])
      expect(answer.url).toMatch(/^\/api\/media\/[A-Za-z0-9_-]{16}$/)

      const image = await app.get(answer.url)
      expect(image.status).toBe(200)
      expect(image.headers.get('content-type')).toBe('image/png')
      expect(image.headers.get('x-content-type-options')).toBe('nosniff')
      const { width, height } = await sharp(Buffer.from(await image.arrayBuffer())).metadata()
      expect([width, height]).toEqual([1, 1])
    })

    it.for(FORMATS)(
      'accepts a %s and serves it re-encoded with its real type',
      async ([_, make, type], { app }) => {
        const { token } = await seededToken()
        // The claimed type and name are wrong on purpose: only the content counts.
        const answer = await ok<MediaResponse>(
          upload(app, await make(), { token, type: 'application/octet-stream', name: 'x.bin' }),
          201,
        )
        const image = await served(app, answer.url)
        expect(image.type).toBe(type)
        expect(`image/${image.metadata.format}`).toBe(type)
      },
    )

    it('gives every upload its own address', async ({ app }) => {
      const { token } = await seededToken()
      const first = await ok<MediaResponse>(upload(app, TINY_PNG, { token }), 201)
      const second = await ok<MediaResponse>(upload(app, TINY_PNG, { token }), 201)
      expect(first.url).not.toBe(second.url)
      expect(await mediaRows(app)).toBe(2)
    })

    it('lets the uploaded address become the profile picture', async ({ app }) => {
      const { token } = await seededToken()
      const { url } = await ok<MediaResponse>(upload(app, TINY_PNG, { token }), 201)
      await ok(app.send('/api/users/edit', { userData: { profileImg: url } }, { token }))
      expect((await userNamed(app, 'player1')).profileImg).toBe(url)
    })

    it.for<[string, Uint8Array]>([
      [
        'an HTML page named x.png and typed image/png',
        bytesOf('<!doctype html><script>1</script>'),
      ],
      ['an SVG', bytesOf('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>')],
      ['a truncated PNG signature', TINY_PNG.slice(0, 7)],
      ['an empty file', new Uint8Array()],
      ['a RIFF file that is not WebP', bytesOf('RIFF\x1a\x00\x00\x00WAVEfmt ')],
    ])('refuses %s with 400 and stores nothing', async ([_, bytes], { app }) => {
      const { token } = await seededToken()
      await expectError(
        upload(app, bytes, { token, type: 'image/png', name: 'x.png' }),
        400,
        MESSAGES.notAnImage,
      )
      expect(await mediaRows(app)).toBe(0)
    })

    it('refuses an image over 5 MB with 413 and stores nothing', async ({ app }) => {
      const { token } = await seededToken()
      const big = new Uint8Array(5 * 1024 * 1024 + 1)
      big.set(TINY_PNG)
      await expectError(upload(app, big, { token }), 413, MESSAGES.imageTooLarge)
      expect(await mediaRows(app)).toBe(0)
    })

    it('refuses a request far over the limit with 413', async ({ app }) => {
      const { token } = await seededToken()
      const huge = new Uint8Array(7 * 1024 * 1024)
      huge.set(TINY_PNG)
      await expectError(upload(app, huge, { token }), 413, MESSAGES.imageTooLarge)
      expect(await mediaRows(app)).toBe(0)
    })

    it('accepts an image of exactly 5 MB', async ({ app }) => {
      const { token } = await seededToken()
      const limit = new Uint8Array(5 * 1024 * 1024)
      limit.set(TINY_PNG)
      await ok(upload(app, limit, { token }), 201)
      expect(await mediaRows(app)).toBe(1)
    })

    it('refuses a form without a file field with 400', async ({ app }) => {
      const { token } = await seededToken()
      await expectError(
        upload(app, TINY_PNG, { token, field: 'picture' }),
        400,
        MESSAGES.missingFile,
      )
      const form = new FormData()
      form.append('file', 'just text')
      await expectError(
        app.request('/api/media', {
          method: 'POST',
          headers: { authorization: token },
          body: form,
        }),
        400,
        MESSAGES.missingFile,
      )
      expect(await mediaRows(app)).toBe(0)
    })

    it('refuses a JSON body with 400', async ({ app }) => {
      const { token } = await seededToken()
      await expectError(
        app.send('/api/media', { file: 'iVBORw0KGgo=' }, { token }),
        400,
        MESSAGES.missingFile,
      )
      expect(await mediaRows(app)).toBe(0)
    })

    it('refuses an upload without a token with 401 and stores nothing', async ({ app }) => {
      await expectError(upload(app, TINY_PNG), 401, MESSAGES.invalidToken)
      expect(await mediaRows(app)).toBe(0)
    })
  })

  describe('what an upload becomes (docs/security.md)', () => {
    it('serves a profile picture without its EXIF (GPS, camera, artist), turned upright', async ({
      app,
    }) => {
      const { token } = await seededToken()
      const original = await jpegWithExif()
      const before = await sharp(original).metadata()
      expect([before.width, before.height, before.orientation]).toEqual([300, 200, 6])
      expect(original.includes(SECRET_ARTIST)).toBe(true)

      const { url } = await ok<MediaResponse>(upload(app, original, { token }), 201)
      const image = await served(app, url)
      expect(image.type).toBe('image/jpeg')
      expect(image.metadata.exif).toBeUndefined()
      expect(image.metadata.orientation).toBeUndefined()
      // Orientation 6 is a quarter turn: applied to the pixels, the sides swap.
      expect([image.metadata.width, image.metadata.height]).toEqual([200, 300])
      for (const secret of [SECRET_CAMERA, SECRET_ARTIST, 'SpyCam']) {
        expect(image.bytes.includes(secret), secret).toBe(false)
      }
    })

    it('shrinks a profile picture to fit 512 px and never enlarges one', async ({ app }) => {
      const { token } = await seededToken()
      const big = await sharp({
        create: { width: 1200, height: 800, channels: 3, background: '#3355aa' },
      })
        .png()
        .toBuffer()
      const { url } = await ok<MediaResponse>(upload(app, big, { token }), 201)
      const { metadata } = await served(app, url)
      expect([metadata.width, metadata.height]).toEqual([512, 341])
      const small = await ok<MediaResponse>(upload(app, TINY_PNG, { token }), 201)
      expect((await served(app, small.url)).metadata.width).toBe(1)
    })

    it('keeps an animated GIF animated, each frame shrunk', async ({ app }) => {
      const { token } = await seededToken()
      const { url } = await ok<MediaResponse>(
        upload(app, await animatedGif(1024, 256), { token }),
        201,
      )
      const { type, metadata } = await served(app, url)
      expect(type).toBe('image/gif')
      expect(metadata.pages).toBe(3)
      expect([metadata.width, metadata.pageHeight]).toEqual([512, 128])
    })

    it.for(UPLOAD_ROUTES)(
      'refuses at %s, from the header alone, a picture too big to decode',
      async (route, { app }) => {
        const { token } = await seededToken()
        // Each of these would be refused as damaged if it were decoded: its pixel data ends after
        // a few rows. The sentence that says its size shows the header was checked first.
        const refusals: [Buffer, string][] = [
          [pngClaiming(20_000, 20_000), MESSAGES.imageSideTooLong],
          [pngClaiming(1, 49_000_000), MESSAGES.imageSideTooLong],
          [pngClaiming(8_192, 1), MESSAGES.imageTooThin],
          [pngClaiming(100, 2_001), MESSAGES.imageTooThin],
          [pngClaiming(8_000, 8_000), MESSAGES.imageTooManyPixels],
        ]
        for (const [bytes, message] of refusals) {
          expect(bytes.length).toBeLessThan(1024)
          await expectError(upload(app, bytes, { token, route }), 400, message, 'INVALID_IMAGE')
        }
        // Within every limit, the same forgery is decoded, and found damaged.
        await expectError(
          upload(app, pngClaiming(2_000, 2_000), { token, route }),
          400,
          MESSAGES.imageUnreadable,
        )
        expect(await mediaRows(app)).toBe(0)
      },
    )

    it.for(UPLOAD_ROUTES)(
      'refuses at %s an animation of too many frames',
      async (route, { app }) => {
        const { token } = await seededToken()
        await expectError(
          upload(app, await animatedGif(1, 1, 501), { token, route }),
          400,
          MESSAGES.imageTooManyFrames,
        )
        expect(await mediaRows(app)).toBe(0)
      },
    )

    it('refuses a file that only starts like a GIF or a PNG', async ({ app }) => {
      const { token } = await seededToken()
      const fakes = [
        Buffer.concat([Buffer.from('GIF89a'), Buffer.from('<script>alert(1)</script>'.repeat(20))]),
        Buffer.concat([Buffer.from(TINY_PNG.subarray(0, 16)), Buffer.from('PK\x03\x04 not a png')]),
      ]
      for (const bytes of fakes) {
        await expectError(upload(app, bytes, { token }), 400, MESSAGES.imageUnreadable)
      }
      expect(await mediaRows(app)).toBe(0)
    })

    it('serves nothing but the image of a polyglot (a JPEG with a ZIP and HTML after it)', async ({
      app,
    }) => {
      const { token } = await seededToken()
      const payload = Buffer.from('PK\x03\x04\x14\x00<html><script>alert(1)</script></html>')
      const polyglot = Buffer.concat([await solid(40, 30).jpeg().toBuffer(), payload])
      const { url } = await ok<MediaResponse>(upload(app, polyglot, { token }), 201)
      const image = await served(app, url)
      expect(image.metadata.format).toBe('jpeg')
      expect(image.bytes.includes('PK\x03\x04')).toBe(false)
      expect(image.bytes.includes('<script>')).toBe(false)
      // A JPEG ends at its end-of-image marker.
      expect([...image.bytes.subarray(-2)]).toEqual([0xff, 0xd9])
    })
  })

  describe('GET /api/media/:mediaId', () => {
    it('serves the default avatar as an SVG without a token', async ({ app }) => {
      const response = await app.get('/api/media/default-avatar.svg')
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/svg+xml')
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(await response.text()).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    })

    it.for(['AAAAAAAAAAAAAAAA', 'unknown', 'default-avatar.png', 'a'.repeat(200)])(
      'answers 404 for the unknown id %j',
      async (id, { app }) => {
        await expectError(app.get(`/api/media/${id}`), 404, MESSAGES.mediaNotFound)
      },
    )

    it.for(['..%2Fsecret.key', '..%2F..%2Fgamerstage.db', '%2e%2e%2fx', '..%5C..%5Cx'])(
      'answers 404 for the traversal %j',
      async (id, { app }) => {
        await expectError(app.get(`/api/media/${id}`), 404, MESSAGES.mediaNotFound)
      },
    )
  })
})
