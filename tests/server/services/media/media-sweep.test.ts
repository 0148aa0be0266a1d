/**
 * The hourly sweep of unused uploads (services/media/media.ts) must never take media that anything
 * still refers to: it once deleted every post image a day after it was posted.
 */
import sharp from 'sharp'
import { vi } from 'vitest'
import type { Comment, Post, PostMediaItem, User } from '../../../../src/shared/api-types'
import {
  DRAFT_UPLOAD_TTL_MS,
  UNUSED_MEDIA_TTL_MS,
  findUsedMedia,
  sweepUnusedMedia,
} from '../../../../src/server/services/media/media'
import type { Store } from '../../../../src/server/db/store'
import { ok, upload } from '../../../helpers/api'
import type { TestApp } from '../../../helpers/server-app'
import { describe, expect, it } from '../../../helpers/fixtures'

const DAY = 24 * 60 * 60_000

/** A small real screenshot-like image, which the post image path decodes and re-encodes. */
const screenshot = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer()

function postImageForm(bytes: Uint8Array): FormData {
  const form = new FormData()
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'a.png')
  return form
}

async function uploadPostImage(app: TestApp, token: string): Promise<PostMediaItem> {
  const response = app.request('/api/media/post-images', {
    method: 'POST',
    headers: { authorization: token },
    body: postImageForm(await screenshot()),
  })
  return (await ok<{ media: PostMediaItem }>(response, 201)).media
}

async function uploadPicture(app: TestApp, token: string): Promise<string> {
  return (await ok<{ url: string }>(upload(app, await screenshot(), { token }), 201)).url
}

const mediaIds = async (app: { db: Store }) =>
  (await app.db.all<{ id: string }>('SELECT id FROM media')).map((row) => row.id)

const idOf = (url: string) => url.slice('/api/media/'.length)

/**
 * One user's uploads, one of every kind of reference: a posted image (and its thumbnail), a
 * profile picture, addresses in a bio, a post's text and a comment, a draft's upload, and one
 * upload nothing uses.
 */
async function everyKindOfReference(app: TestApp, token: string) {
  const posted = await uploadPostImage(app, token)
  const { post } = await ok<{ post: Post }>(
    app.send(
      '/api/posts',
      { postData: { content: 'gg', media: [{ id: posted.id }] } },
      { token, headers: { Prefer: 'return=minimal' } },
    ),
    201,
  )
  const picture = await uploadPicture(app, token)
  const inBio = await uploadPicture(app, token)
  await ok<{ user: User }>(
    app.send(
      '/api/users/edit',
      { userData: { profileImg: picture, bio: `map: ${inBio}` } },
      { token },
    ),
  )
  const inText = await uploadPicture(app, token)
  await ok(app.send('/api/posts', { postData: { content: `look ${inText} nice` } }, { token }), 201)
  const inComment = await uploadPicture(app, token)
  await ok<{ comments: Comment[] }>(
    app.send(
      `/api/comments/add/${post._id}`,
      { commentData: { text: `here ${inComment}` } },
      { token },
    ),
    201,
  )
  const draft = await uploadPostImage(app, token)
  const forgotten = await uploadPicture(app, token)
  return {
    post,
    used: [
      posted.id,
      idOf(posted.thumbUrl),
      idOf(picture),
      idOf(inBio),
      idOf(inText),
      idOf(inComment),
    ],
    draft: [draft.id, idOf(draft.thumbUrl)],
    forgotten: idOf(forgotten),
  }
}

describe('the sweep of unused uploads', () => {
  it('keeps everything in use with the clock days and weeks ahead', async ({ app, player1 }) => {
    const refs = await everyKindOfReference(app, player1.token)
    const start = Date.now()

    // Two days on: only the upload nothing uses goes; the draft's image lives on.
    expect(await sweepUnusedMedia(app.db, start + 2 * DAY)).toBe(1)
    expect((await mediaIds(app)).sort()).toEqual([...refs.used, ...refs.draft].sort())
    expect((await app.get(`/api/media/${refs.forgotten}`)).status).toBe(404)

    // A week and a day on, the draft is dead: its image and thumbnail go.
    expect(await sweepUnusedMedia(app.db, start + DRAFT_UPLOAD_TTL_MS + DAY)).toBe(2)
    // Weeks on, and after many sweeps, nothing in use has gone.
    for (let week = 2; week <= 6; week += 1) {
      expect(await sweepUnusedMedia(app.db, start + week * 7 * DAY)).toBe(0)
    }
    expect((await mediaIds(app)).sort()).toEqual([...refs.used].sort())
    const { post } = await ok<{ post: Post }>(app.get(`/api/posts/${refs.post._id}`))
    expect(post.media).toHaveLength(1)
    for (const id of refs.used) expect((await app.get(`/api/media/${id}`)).status).toBe(200)
  })

  it('lets a replaced profile picture go at the next sweep', async ({ app, player1 }) => {
    const refs = await everyKindOfReference(app, player1.token)
    const [, , picture] = refs.used
    await ok(
      app.send('/api/users/edit', { userData: { profileImg: '' } }, { token: player1.token }),
    )
    const later = Date.now() + 2 * DAY
    expect((await findUsedMedia(app.db, [picture ?? ''], later)).size).toBe(0)
    expect(await sweepUnusedMedia(app.db, later)).toBe(2)
    expect(await mediaIds(app)).not.toContain(picture)
  })

  it('leaves uploads younger than a day alone, used or not', async ({ app, player1 }) => {
    const refs = await everyKindOfReference(app, player1.token)
    expect(await sweepUnusedMedia(app.db, Date.now() + UNUSED_MEDIA_TTL_MS - 60_000)).toBe(0)
    expect(await mediaIds(app)).toContain(refs.forgotten)
  })
})

describe("the server's sweep timer", () => {
  it('runs hourly for days and leaves post images in place', async ({
    tempDir,
    loopbackServer,
  }) => {
    // Only the clock and the timers are faked: sockets and promises run as usual.
    vi.useFakeTimers({
      toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      shouldAdvanceTime: true,
    })
    const server = await loopbackServer(tempDir)
    try {
      const app = {
        request: (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init),
        send: (
          path: string,
          payload: unknown,
          options: { token: string; headers?: Record<string, string> },
        ) =>
          fetch(`${server.url}${path}`, {
            method: 'POST',
            headers: {
              authorization: options.token,
              'content-type': 'application/json',
              ...options.headers,
            },
            body: JSON.stringify(payload),
          }),
        get: (path: string) => fetch(`${server.url}${path}`),
      } as unknown as TestApp
      const login = await fetch(`${server.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'sweeper', password: 'long enough password' }),
      })
      const { encodedToken } = (await login.json()) as { encodedToken: string }
      const refs = await everyKindOfReference(app, encodedToken)

      // Three days of the server's hourly sweeps.
      await vi.advanceTimersByTimeAsync(3 * DAY)

      const left = await mediaIds(server)
      expect(left).not.toContain(refs.forgotten)
      expect(left).toEqual(expect.arrayContaining([...refs.used, ...refs.draft]))
      const { post } = await ok<{ post: Post }>(fetch(`${server.url}/api/posts/${refs.post._id}`))
      expect(post.media).toHaveLength(1)
    } finally {
      // Before the fixture closes the server, whose shutdown waits on real timers.
      vi.useRealTimers()
    }
  })
})
