import sharp from 'sharp'
import type { Post, PostMediaItem } from '../../../src/shared/api-types'
import { MESSAGES } from '../../../src/server/errors/messages'
import { loadPostImages } from '../../../src/server/services/media/post-images'
import { body, expectError, ok, seededToken, signedInAs } from '../../helpers/api'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'

const mediaRows = async (app: TestApp) => (await app.db.ids('SELECT count(*) AS n FROM media'))[0]

/** A real JPEG carrying EXIF with GPS and a camera model, as a phone screenshot might. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3355aa' } })
    .jpeg()
    .withExifMerge({
      IFD0: { Make: 'SpyCam', Model: 'Secret 3000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' },
    })
    .toBuffer()
}

function uploadPostImage(app: TestApp, bytes: Uint8Array, token?: string): Promise<Response> {
  const form = new FormData()
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }), 'x.jpg')
  return app.request('/api/media/post-images', {
    method: 'POST',
    headers: token ? { authorization: token } : {},
    body: form,
  })
}

async function uploaded(app: TestApp, bytes: Uint8Array, token: string): Promise<PostMediaItem> {
  return (await ok<{ media: PostMediaItem }>(uploadPostImage(app, bytes, token), 201)).media
}

const createWith = (app: TestApp, token: string, postData: unknown) =>
  app.send('/api/posts', { postData }, { token, headers: { Prefer: 'return=minimal' } })

describe('images in posts', () => {
  it('strips metadata, keeps the size, and makes a thumbnail', async ({ app }) => {
    const { token } = await seededToken()
    const original = await jpegWithGps()
    expect((await sharp(original).metadata()).exif).toBeDefined()

    const item = await uploaded(app, original, token)
    expect(item).toMatchObject({ width: 1200, height: 800, alt: '' })
    expect(item.url).toMatch(/^\/api\/media\/[A-Za-z0-9_-]{16}$/)
    expect(item.thumbUrl).toMatch(/^\/api\/media\/[A-Za-z0-9_-]{16}$/)

    const full = Buffer.from(await (await app.get(item.url)).arrayBuffer())
    const fullMeta = await sharp(full).metadata()
    expect(fullMeta.exif).toBeUndefined()
    expect(full.includes(Buffer.from('Secret 3000'))).toBe(false)
    expect(fullMeta.format).toBe('jpeg')

    const thumb = await app.get(item.thumbUrl)
    expect(thumb.headers.get('content-type')).toBe('image/webp')
    const thumbMeta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()
    expect(Math.max(thumbMeta.width, thumbMeta.height)).toBe(640)
  })

  it('refuses what is not an image, or a damaged one, with a sentence', async ({ app }) => {
    const { token } = await seededToken()
    await expectError(uploadPostImage(app, Buffer.from('hello'), token), 400, MESSAGES.notAnImage)
    const truncated = (await jpegWithGps()).subarray(0, 200)
    await expectError(uploadPostImage(app, truncated, token), 400, MESSAGES.imageUnreadable)
    await expectError(uploadPostImage(app, Buffer.from('x')), 401, /./)
  })

  it('attaches up to four images in order with alt text; a post may be images alone', async ({
    app,
  }) => {
    const { token } = await seededToken()
    const bytes = await jpegWithGps()
    const items = [] as PostMediaItem[]
    for (let i = 0; i < 4; i += 1) items.push(await uploaded(app, bytes, token))
    const refs = items.map((item, i) => ({ id: item.id, alt: `shot ${i}` }))
    const { post } = await ok<{ post: Post }>(
      createWith(app, token, { content: '', media: refs }),
      201,
    )
    expect(post.content).toBe('')
    expect(post.media.map((m) => [m.id, m.alt])).toEqual(refs.map((r) => [r.id, r.alt]))

    // Every shape carries the media: a page, the whole list, one post.
    const page = await body<{ posts: Post[] }>(await app.get('/api/posts?limit=5'))
    expect(page.posts[0]?.media).toHaveLength(4)
    const whole = await body<{ posts: Post[] }>(await app.get('/api/posts'))
    expect(whole.posts.find((p) => p._id === post._id)?.media).toHaveLength(4)
    const one = await body<{ post: Post }>(await app.get(`/api/posts/${post._id}`))
    expect(one.post.media[3]?.alt).toBe('shot 3')
    // Posts without images carry an empty list.
    expect(whole.posts.find((p) => p._id !== post._id)?.media).toEqual([])
  })

  it('refuses five images, a reused image, someone else’s image and an empty post', async ({
    app,
  }) => {
    const { token } = await seededToken()
    const other = await seededToken('nova_strike')
    const bytes = await jpegWithGps()
    const mine = [] as PostMediaItem[]
    for (let i = 0; i < 5; i += 1) mine.push(await uploaded(app, bytes, token))
    const firstId = mine[0]?.id ?? ''
    await expectError(
      createWith(app, token, { content: 'x', media: mine.map((m) => ({ id: m.id })) }),
      400,
      'A post can have at most 4 images.',
    )
    await expectError(
      createWith(app, other.token, { content: 'x', media: [{ id: firstId }] }),
      422,
      MESSAGES.mediaGone,
      'MEDIA_GONE',
    )
    await ok(createWith(app, token, { content: 'x', media: [{ id: firstId }] }), 201)
    await expectError(
      createWith(app, token, { content: 'again', media: [{ id: firstId }] }),
      422,
      MESSAGES.mediaGone,
      'MEDIA_GONE',
    )
    await expectError(createWith(app, token, { content: '   ' }), 400, 'A post cannot be empty.')
  })

  it('deleting a post deletes its files; an edit may not empty a text-only post', async ({
    app,
  }) => {
    const { token } = await seededToken()
    const before = (await mediaRows(app)) ?? 0
    const item = await uploaded(app, await jpegWithGps(), token)
    expect(await mediaRows(app)).toBe(before + 2)
    const { post } = await ok<{ post: Post }>(
      createWith(app, token, { content: 'gg', media: [{ id: item.id }] }),
      201,
    )
    // Images alone: the text may be emptied by an edit, which marks the post edited.
    const edited = await ok<{ post: Post }>(
      app.send(
        `/api/posts/edit/${post._id}`,
        { postData: { content: '' } },
        {
          token,
          headers: { Prefer: 'return=minimal' },
        },
      ),
    )
    expect(edited.post.editedAt).not.toBeNull()
    expect(post.editedAt).toBeNull()

    const res = await app.send(`/api/posts/${post._id}`, undefined, { token, method: 'DELETE' })
    expect(res.status).toBe(200)
    expect(await mediaRows(app)).toBe(before)
    expect((await app.get(item.url)).status).toBe(404)
    expect((await app.get(item.thumbUrl)).status).toBe(404)

    const { post: textOnly } = await ok<{ post: Post }>(
      createWith(app, token, { content: 'words' }),
      201,
    )
    await expectError(
      app.send(`/api/posts/edit/${textOnly._id}`, { postData: { content: '' } }, { token }),
      400,
      MESSAGES.emptyPost,
    )
  })

  it('a host deleting a post deletes its files too', async ({ makeApp }) => {
    const app = await makeApp({ admins: ['boss'] })
    const boss = await signedInAs(app, 'boss')
    const { token } = await seededToken()
    const before = (await mediaRows(app)) ?? 0
    const item = await uploaded(app, await jpegWithGps(), token)
    const { post } = await ok<{ post: Post }>(
      createWith(app, token, { content: 'against the rules', media: [{ id: item.id }] }),
      201,
    )
    await ok(
      app.send(`/api/moderation/posts/${post._id}`, undefined, {
        token: boss.token,
        method: 'DELETE',
      }),
    )
    expect(await mediaRows(app)).toBe(before)
    expect((await app.get(item.url)).status).toBe(404)
    expect((await app.get(item.thumbUrl)).status).toBe(404)
  })

  it('loads the images of a batch of posts in one query', async ({ makeApp }) => {
    let statements: string[] | null = null
    const app = await makeApp({ onStatement: (sql) => statements?.push(sql) })
    const { token } = await seededToken()
    const item = await uploaded(app, await jpegWithGps(), token)
    const { post } = await ok<{ post: Post }>(
      createWith(app, token, { content: 'batch', media: [{ id: item.id, alt: 'a map' }] }),
      201,
    )
    statements = []
    const byPost = await loadPostImages(app.db, [Number(post._id), 1, 2, 3])
    expect(statements).toHaveLength(1)
    expect(byPost.get(Number(post._id))?.[0]?.alt).toBe('a map')
    expect(byPost.get(1)).toBeUndefined()
  })
})
