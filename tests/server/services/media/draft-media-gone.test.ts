/**
 * A draft's uploads are kept a week (DRAFT_UPLOAD_TTL_MS); a draft opened later, on a device that
 * was away, still names them. Posting it must say which are gone (422 `MEDIA_GONE` with
 * `missingMedia`), write nothing, and take the post once they are left out (docs/API.md,
 * "Images in posts"). Runs on SQLite and, with vitest.pg.config.ts, on PostgreSQL.
 */
import sharp from 'sharp'
import type { ErrorResponse, Post, PostMediaItem } from '../../../../src/shared/api-types'
import { MESSAGES } from '../../../../src/server/errors/messages'
import { DRAFT_UPLOAD_TTL_MS, sweepUnusedMedia } from '../../../../src/server/services/media/media'
import { expectError, ok, quickUser } from '../../../helpers/api'
import type { TestApp } from '../../../helpers/server-app'
import { describe, expect, it } from '../../../helpers/fixtures'

const DAY = 24 * 60 * 60_000

async function uploadDraftImage(app: TestApp, token: string, color: string) {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer()
  const form = new FormData()
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'a.png')
  const response = app.request('/api/media/post-images', {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  })
  return (await ok<{ media: PostMediaItem }>(response, 201)).media
}

const post = (app: TestApp, token: string, media: PostMediaItem[]) =>
  app.send(
    '/api/posts',
    { postData: { content: 'boss down', media: media.map(({ id }) => ({ id, alt: 'the boss' })) } },
    { token, headers: { Prefer: 'return=minimal' } },
  )

const postCount = async (app: TestApp) =>
  (await app.db.ids('SELECT count(*) AS n FROM posts'))[0] ?? 0

const head = (app: TestApp, url: string) => app.request(url, { method: 'HEAD' })

describe('a draft whose uploads are gone', () => {
  it('is refused naming every swept upload, writes nothing, and posts without them', async ({
    app,
    player1,
  }) => {
    const boss = await uploadDraftImage(app, player1.token, '#7c3aed')
    const loot = await uploadDraftImage(app, player1.token, '#16a34a')

    // The draft waits on a laptop for a week and a day; the server's sweep runs meanwhile.
    expect(await sweepUnusedMedia(app.db, Date.now() + DRAFT_UPLOAD_TTL_MS + DAY)).toBe(4)
    // What the app checks when it opens the draft again: the thumbnails are gone.
    expect((await app.get(boss.thumbUrl)).status).toBe(404)
    expect((await app.get(loot.url)).status).toBe(404)

    // Back on the laptop, a new screenshot joins the old draft.
    const fresh = await uploadDraftImage(app, player1.token, '#f59e0b')
    expect((await head(app, fresh.thumbUrl)).status).toBe(200)
    const before = await postCount(app)
    const refused = await post(app, player1.token, [boss, fresh, loot])
    const answer = (await refused.clone().json()) as ErrorResponse
    await expectError(refused, 422, MESSAGES.mediaGone, 'MEDIA_GONE')
    // Named in the order sent; the one that is still there is not among them.
    expect(answer.missingMedia).toEqual([boss.id, loot.id])
    expect(await postCount(app)).toBe(before)

    // The player removes the lost ones and posts: the fresh image was not used up by the refusal.
    const { post: posted } = await ok<{ post: Post }>(post(app, player1.token, [fresh]), 201)
    expect(posted.media.map((item) => item.id)).toEqual([fresh.id])
    expect(posted.content).toBe('boss down')
  })

  it('refuses an upload past the week that the sweep has not reached yet, as the sweep would take it', async ({
    app,
    player1,
  }) => {
    const old = await uploadDraftImage(app, player1.token, '#0ea5e9')
    const weekAndADayAgo = Date.now() - DRAFT_UPLOAD_TTL_MS - DAY
    // As if uploaded then (the clock of the rows moved, not the server's).
    await app.db.run(
      'UPDATE post_media SET created_at = ? WHERE media_id = ?',
      weekAndADayAgo,
      old.id,
    )
    await app.db.run(
      'UPDATE media SET created_at = ? WHERE id = ? OR id = ?',
      weekAndADayAgo,
      old.id,
      old.thumbUrl.slice('/api/media/'.length),
    )
    const refused = await post(app, player1.token, [old])
    const answer = (await refused.clone().json()) as ErrorResponse
    await expectError(refused, 422, MESSAGES.mediaGone, 'MEDIA_GONE')
    expect(answer.missingMedia).toEqual([old.id])
    // The next sweep takes exactly what the post could not.
    expect(await sweepUnusedMedia(app.db)).toBe(2)
  })

  it('names ids never uploaded here and another player’s upload alike', async ({
    app,
    player1,
  }) => {
    const other = await quickUser(app, 'rival_drafter')
    const theirs = await uploadDraftImage(app, other.token, '#e11d48')
    const mine = await uploadDraftImage(app, player1.token, '#22c55e')
    const elsewhere = { ...mine, id: 'ZZZZZZZZZZZZZZZZ' }
    const refused = await post(app, player1.token, [elsewhere, mine, theirs])
    const answer = (await refused.clone().json()) as ErrorResponse
    await expectError(refused, 422, MESSAGES.mediaGone, 'MEDIA_GONE')
    expect(answer.missingMedia).toEqual([elsewhere.id, theirs.id])
    // Theirs stays theirs to post.
    await ok(post(app, other.token, [theirs]), 201)
  })
})
