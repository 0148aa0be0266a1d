import type { MediaResponse } from '../../../src/shared/api-types'
import { MESSAGES } from '../../../src/server/messages'
import { TINY_PNG, body, expectError, ok, seededToken, upload, userNamed } from '../../helpers/api'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'

const bytesOf = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'))

const mediaRows = (app: TestApp) =>
  (app.db.$client.prepare('SELECT count(*) AS n FROM media').get() as { n: number }).n

/** First bytes of each accepted format, padded: the server sniffs, it does not decode. */
const SIGNATURES: [string, Uint8Array, string][] = [
  ['PNG', TINY_PNG, 'image/png'],
  ['JPEG', Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...bytesOf('JFIF\0')]), 'image/jpeg'],
  ['GIF87a', bytesOf('GIF87a\x01\x00\x01\x00\x00\x00\x00;'), 'image/gif'],
  ['GIF89a', bytesOf('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'image/gif'],
  ['WebP', bytesOf('RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00'), 'image/webp'],
]

describe('media routes', () => {
  describe('POST /api/media', () => {
    it('stores a real PNG, answers 201 {url}, and serves the same bytes back', async ({ app }) => {
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
      expect(new Uint8Array(await image.arrayBuffer())).toEqual(TINY_PNG)
    })

    it.for(SIGNATURES)(
      'accepts a %s and serves it with its real type',
      async ([_, bytes, type], { app }) => {
        const { token } = await seededToken()
        // The claimed type and name are wrong on purpose: only the content counts.
        const answer = await ok<MediaResponse>(
          upload(app, bytes, { token, type: 'application/octet-stream', name: 'x.bin' }),
          201,
        )
        const image = await app.get(answer.url)
        expect(image.status).toBe(200)
        expect(image.headers.get('content-type')).toBe(type)
        expect(new Uint8Array(await image.arrayBuffer())).toEqual(bytes)
      },
    )

    it('gives every upload its own address', async ({ app }) => {
      const { token } = await seededToken()
      const first = await ok<MediaResponse>(upload(app, TINY_PNG, { token }), 201)
      const second = await ok<MediaResponse>(upload(app, TINY_PNG, { token }), 201)
      expect(first.url).not.toBe(second.url)
      expect(mediaRows(app)).toBe(2)
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
      expect(mediaRows(app)).toBe(0)
    })

    it('refuses an image over 5 MB with 413 and stores nothing', async ({ app }) => {
      const { token } = await seededToken()
      const big = new Uint8Array(5 * 1024 * 1024 + 1)
      big.set(TINY_PNG)
      await expectError(upload(app, big, { token }), 413, MESSAGES.imageTooLarge)
      expect(mediaRows(app)).toBe(0)
    })

    it('refuses a request far over the limit with 413', async ({ app }) => {
      const { token } = await seededToken()
      const huge = new Uint8Array(7 * 1024 * 1024)
      huge.set(TINY_PNG)
      await expectError(upload(app, huge, { token }), 413, MESSAGES.imageTooLarge)
      expect(mediaRows(app)).toBe(0)
    })

    it('accepts an image of exactly 5 MB', async ({ app }) => {
      const { token } = await seededToken()
      const limit = new Uint8Array(5 * 1024 * 1024)
      limit.set(TINY_PNG)
      await ok(upload(app, limit, { token }), 201)
      expect(mediaRows(app)).toBe(1)
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
      expect(mediaRows(app)).toBe(0)
    })

    it('refuses a JSON body with 400', async ({ app }) => {
      const { token } = await seededToken()
      await expectError(
        app.send('/api/media', { file: 'iVBORw0KGgo=' }, { token }),
        400,
        MESSAGES.missingFile,
      )
      expect(mediaRows(app)).toBe(0)
    })

    it('refuses an upload without a token with 401 and stores nothing', async ({ app }) => {
      await expectError(upload(app, TINY_PNG), 401, MESSAGES.invalidToken)
      expect(mediaRows(app)).toBe(0)
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
