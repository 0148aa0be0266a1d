/**
 * Images in an S3 bucket (src/server/storage/s3.ts, docs/hosting.md, "Several instances (a cluster)"), against a real
 * S3-compatible server on loopback (s3rver, tests/helpers/s3.ts): the bytes live in the bucket
 * and the row keeps the rest; objects are written before their rows commit and deleted after;
 * what is left without a row is swept; an unreachable bucket is a 503 that loses nothing.
 */
import sharp from 'sharp'
import { vi } from 'vitest'
import type { Post, PostMediaItem } from '../../../src/shared/api-types'
import { MESSAGES } from '../../../src/server/errors/messages'
import {
  UNUSED_MEDIA_TTL_MS,
  sweepOrphanObjects,
  sweepUnusedMedia,
} from '../../../src/server/services/media/media'
import { ORPHAN_GRACE_MS } from '../../../src/server/storage/media-storage'
import { openS3Storage } from '../../../src/server/storage/s3'
import { expectError, ok, upload } from '../../helpers/api'
import { failInsertsInto } from '../../helpers/failing-writes'
import { startS3Server } from '../../helpers/s3'
import type { TestApp } from '../../helpers/server-app'
import { openSharedTestStores } from '../../helpers/test-store'
import { describe, expect, it } from '../../helpers/fixtures'
import { captureLog } from '../../helpers/log-capture'

const screenshot = (background = '#2a6') =>
  sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .png()
    .toBuffer()

const idOf = (url: string) => url.slice('/api/media/'.length)
const keyOf = (url: string) => `media/${idOf(url)}`

async function uploadPostImage(app: TestApp, token: string): Promise<PostMediaItem> {
  const response = upload(app, await screenshot(), { token, route: '/api/media/post-images' })
  return (await ok<{ media: PostMediaItem }>(response, 201)).media
}

/** Posts an image the user uploaded; answers the post. */
async function postWith(app: TestApp, token: string, item: PostMediaItem): Promise<Post> {
  const created = app.send(
    '/api/posts',
    { postData: { content: 'gg', media: [{ id: item.id }] } },
    { token, headers: { Prefer: 'return=minimal' } },
  )
  return (await ok<{ post: Post }>(created, 201)).post
}

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer())

/** The bytes the bucket holds for a media address, read through the storage itself. */
async function objectBytes(app: TestApp, url: string): Promise<Buffer | null> {
  const object = await app.media.get(idOf(url))
  if (!object) return null
  return bytesOf(new Response(object.body))
}

const mediaRow = (app: TestApp, url: string) =>
  app.db.get<{ bytes: Buffer | null; size: number; contentType: string }>(
    'SELECT bytes, size, content_type AS "contentType" FROM media WHERE id = ?',
    idOf(url),
  )

describe('images in an S3 bucket', () => {
  it('keeps the bytes in the bucket and serves them back with the same headers', async ({
    makeApp,
    s3Bucket,
    s3Server,
  }) => {
    const app = await makeApp({ s3: s3Bucket })
    const { token } = await app.signup('uploader')
    const { url } = await ok<{ url: string }>(upload(app, await screenshot(), { token }), 201)

    const row = await mediaRow(app, url)
    expect(row?.bytes).toBeNull()
    expect(row?.contentType).toBe('image/png')
    const stored = await objectBytes(app, url)
    expect(stored).not.toBeNull()
    expect(row?.size).toBe(stored?.length)
    expect(await s3Server.keys(s3Bucket.bucket)).toEqual([keyOf(url)])
    expect((await app.media.head(idOf(url)))?.size).toBe(stored?.length)

    const served = await app.get(url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect((await bytesOf(served)).equals(stored as Buffer)).toBe(true)
  })

  it('stores a post image and its thumbnail, and deletes both once the post is deleted', async ({
    makeApp,
    s3Bucket,
    s3Server,
  }) => {
    const app = await makeApp({ s3: s3Bucket })
    const { token } = await app.signup('poster')
    const item = await uploadPostImage(app, token)
    expect(await s3Server.keys(s3Bucket.bucket)).toEqual(
      [keyOf(item.url), keyOf(item.thumbUrl)].sort(),
    )
    const thumb = await app.get(item.thumbUrl)
    expect(thumb.headers.get('content-type')).toBe('image/webp')
    const thumbBytes = await bytesOf(thumb)
    expect(thumbBytes.equals((await objectBytes(app, item.thumbUrl)) as Buffer)).toBe(true)
    const { width, height } = await sharp(thumbBytes).metadata()
    expect(Math.max(width, height)).toBe(640)

    const post = await postWith(app, token, item)
    await ok(app.send(`/api/posts/${post._id}`, undefined, { token, method: 'DELETE' }))
    expect(await mediaRow(app, item.url)).toBeUndefined()
    expect(await s3Server.keys(s3Bucket.bucket)).toEqual([])
    await expectError(app.get(item.url), 404, MESSAGES.mediaNotFound, 'MEDIA_NOT_FOUND')
  })

  it("deletes a deleted account's objects", async ({ makeApp, s3Bucket, s3Server }) => {
    const app = await makeApp({ s3: s3Bucket })
    const password = 'correct horse battery'
    const { token } = await app.signup('leaver', password)
    await uploadPostImage(app, token)
    await ok(upload(app, await screenshot(), { token }), 201)
    expect(await s3Server.keys(s3Bucket.bucket)).toHaveLength(3)
    await ok(app.send('/api/users/me', { password }, { token, method: 'DELETE' }))
    expect(await s3Server.keys(s3Bucket.bucket)).toEqual([])
  })

  it('sweeps unused uploads with their objects, and objects without a row', async ({
    makeApp,
    s3Bucket,
    s3Server,
  }) => {
    const app = await makeApp({ s3: s3Bucket })
    const { token } = await app.signup('sweeper')
    const { url: forgotten } = await ok<{ url: string }>(
      upload(app, await screenshot(), { token }),
      201,
    )
    // An object whose row never committed (written straight to the bucket).
    await app.media.put('orphanorphanorph', await screenshot('#a26'), 'image/png')
    expect(await s3Server.keys(s3Bucket.bucket)).toHaveLength(2)

    // Within the grace period an object without a row may be an upload about to commit.
    expect(await sweepOrphanObjects(app.db, app.media)).toBe(0)
    expect(await s3Server.keys(s3Bucket.bucket)).toHaveLength(2)

    const later = Date.now() + UNUSED_MEDIA_TTL_MS + ORPHAN_GRACE_MS
    expect(await sweepUnusedMedia(app.db, later, app.media)).toBe(1)
    expect(await mediaRow(app, forgotten)).toBeUndefined()
    expect(await s3Server.keys(s3Bucket.bucket)).toEqual([])
  })

  it('leaves no row and no object when the commit fails', async ({
    makeApp,
    s3Bucket,
    s3Server,
  }) => {
    const app = await makeApp({ s3: s3Bucket })
    const { token } = await app.signup('unlucky')
    const restore = await failInsertsInto(app.db, 'post_media', 'no room for post media')
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const response = await upload(app, await screenshot(), {
        token,
        route: '/api/media/post-images',
      })
      expect(response.status).toBe(500)
    } finally {
      errors.mockRestore()
    }
    expect(await app.db.ids('SELECT count(*) FROM media')).toEqual([0])
    expect(await s3Server.keys(s3Bucket.bucket)).toEqual([])

    await restore()
    const restoreMedia = await failInsertsInto(app.db, 'media', 'no room for media')
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      expect((await upload(app, await screenshot(), { token })).status).toBe(500)
    } finally {
      quiet.mockRestore()
    }
    expect(await s3Server.keys(s3Bucket.bucket)).toEqual([])
    await restoreMedia()
  })

  it('serves through one instance an image uploaded through another', async ({
    makeApp,
    s3Bucket,
    tempDir,
  }) => {
    const [storeA, storeB] = await openSharedTestStores(tempDir)
    const a = await makeApp({ store: storeA, s3: s3Bucket })
    const b = await makeApp({ store: storeB, s3: s3Bucket })
    const { token } = await a.signup('clanmate')
    const item = await uploadPostImage(a, token)
    const fromA = await bytesOf(await a.get(item.url))
    const fromB = await b.get(item.url)
    expect(fromB.status).toBe(200)
    expect(fromB.headers.get('content-type')).toBe('image/png')
    expect((await bytesOf(fromB)).equals(fromA)).toBe(true)
    expect((await b.get(item.thumbUrl)).status).toBe(200)
  })
})

describe('an S3 server that cannot be reached', () => {
  it('answers 503 and loses nothing already stored', async ({ makeApp }) => {
    const s3 = await startS3Server()
    try {
      const bucket = await s3.newBucket()
      const app = await makeApp({ s3: bucket })
      const { token } = await app.signup('patient')
      const { url } = await ok<{ url: string }>(upload(app, await screenshot(), { token }), 201)
      const before = await bytesOf(await app.get(url))
      const item = await uploadPostImage(app, token)
      const post = await postWith(app, token, item)

      await s3.stop()
      const captured = captureLog()
      try {
        const refused = upload(app, await screenshot(), { token })
        await expectError(refused, 503, MESSAGES.imageStorageUnavailable, 'SERVER_BUSY')
        const reading = await app.get(url)
        expect(reading.headers.get('retry-after')).toBe('5')
        await expectError(reading, 503, MESSAGES.imageStorageUnavailable, 'SERVER_BUSY')
        // The post goes; its objects cannot yet, and the sweep takes them later.
        await ok(app.send(`/api/posts/${post._id}`, undefined, { token, method: 'DELETE' }))
      } finally {
        captured.restore()
      }
      expect(captured.lines[0]?.msg).toMatch(
        new RegExp(
          `S3 bucket "${bucket.bucket}" at 127\\.0\\.0\\.1:${s3.port}: connection refused`,
        ),
      )
      expect(await app.db.ids('SELECT count(*) FROM media')).toEqual([1])

      await s3.start()
      expect((await bytesOf(await app.get(url))).equals(before)).toBe(true)
      expect(await s3.keys(bucket.bucket)).toHaveLength(3)
      expect(await sweepOrphanObjects(app.db, app.media, Date.now() + ORPHAN_GRACE_MS)).toBe(2)
      expect(await s3.keys(bucket.bucket)).toEqual([`media/${idOf(url)}`])
    } finally {
      await s3.close()
    }
  })

  it('stops the server from starting, saying where and why', async ({
    loopbackServer,
    tempDir,
    s3Server,
  }) => {
    const bucket = await s3Server.newBucket()
    await expect(
      loopbackServer(tempDir, { s3: { ...bucket, endpoint: 'http://127.0.0.1:9' } }),
    ).rejects.toThrow(
      `Cannot use the S3 bucket "${bucket.bucket}" at 127.0.0.1:9: connection refused.`,
    )
    await expect(
      loopbackServer(tempDir, { s3: { ...bucket, bucket: 'no-such-bucket' } }),
    ).rejects.toThrow(/the S3 bucket "no-such-bucket" at 127\.0\.0\.1:\d+: no such bucket\.$/)
    await expect(
      loopbackServer(tempDir, { s3: { ...bucket, accessKeyId: 'NOBODY' } }),
    ).rejects.toThrow(/access denied/)
  })

  it('needs an access key from the options or the environment', async ({ s3Server }) => {
    const { endpoint, bucket } = await s3Server.newBucket()
    await expect(openS3Storage({ endpoint, bucket }, {})).rejects.toThrow(
      'S3 needs an access key: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.',
    )
    const storage = await openS3Storage(
      { endpoint, bucket },
      { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' },
    )
    storage.close()
  })
})
