/**
 * Custom emoji (docs/API.md, "Custom emoji"): a host uploads one (shortcode and image, through
 * the rules of every image upload: type sniffed, size capped, re-encoded within 128×128, an
 * animation kept) and deletes one; everyone reads the list, again cheaply with its ETag; the
 * hostile cases; the cap; reactions with `:shortcode:` (in the cap of 20, unknown ones refused,
 * gone with their emoji); the live event; the sweep of unused uploads keeps an emoji's image.
 * Runs on SQLite and, with vitest.pg.config.ts, on PostgreSQL.
 */
import sharp from 'sharp'
import type {
  CustomEmojiList,
  CustomEmojiResponse,
  PostResponse,
  ReactorsPage,
} from '../../../src/shared/api-types'
import { EMOJI_MESSAGES, MESSAGES, SHARE_MESSAGES } from '../../../src/server/errors/messages'
import { UNUSED_MEDIA_TTL_MS, sweepUnusedMedia } from '../../../src/server/services/media/media'
import { MAX_CUSTOM_EMOJI } from '../../../src/shared/custom-emoji'
import { LIMITS } from '../../../src/shared/limits'
import { MAX_POST_REACTIONS } from '../../../src/shared/reactions'
import { expectError, ok, quickUser, signedInAs } from '../../helpers/api'
import { uploadEmoji } from '../../helpers/custom-emoji'
import { animatedGif, served } from '../../helpers/images'
import { liveStreams } from '../../helpers/live-streams'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'

const connect = liveStreams()

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#e0457b' } })
    .png()
    .toBuffer()

const list = (app: TestApp) => ok<CustomEmojiList>(app.get('/api/emoji'))

const remove = (app: TestApp, shortcode: string, token: string) =>
  app.request(`/api/emoji/${shortcode}`, { method: 'DELETE', headers: { authorization: token } })

const react = (app: TestApp, token: string, postId: string, reaction: string, on = true) =>
  app.send(
    `/api/posts/${postId}/reactions/${reaction}`,
    {},
    { token, method: on ? 'PUT' : 'DELETE' },
  )

async function withHost(makeApp: (options?: { admins?: string[] }) => Promise<TestApp>) {
  const app = await makeApp({ admins: ['boss'] })
  return { app, boss: (await signedInAs(app, 'boss')).token }
}

async function writePost(app: TestApp, token: string, content: string) {
  return (
    await ok<PostResponse>(
      app.send(
        '/api/posts',
        { postData: { content } },
        { token, headers: { prefer: 'return=minimal' } },
      ),
      201,
    )
  ).post
}

const mediaCount = async (app: TestApp) =>
  Number((await app.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM media'))?.n)

describe('custom emoji', () => {
  it('lets a host add one, fit within 128×128, listed for everyone with an ETag', async ({
    makeApp,
  }) => {
    const { app, boss } = await withHost(makeApp)
    expect(await list(app)).toMatchObject({ emoji: [] })
    const added = await ok<CustomEmojiResponse>(
      uploadEmoji(app, boss, 'party_parrot', await picture(300, 150)),
      201,
    )
    expect(added.emoji).toEqual({
      shortcode: 'party_parrot',
      url: expect.stringMatching(/^\/api\/media\/[\w-]{16}$/),
    })
    const image = await served(app, added.emoji.url)
    expect(image.type).toBe('image/png')
    expect([image.metadata.width, image.metadata.height]).toEqual([128, 64])

    // Read without signing in, as posts are.
    const first = await app.get('/api/emoji')
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^"[\w-]+"$/)
    const body = (await first.json()) as CustomEmojiList
    expect(body.emoji).toEqual([added.emoji])
    expect(`"${body.version}"`).toBe(etag)
    const again = await app.request('/api/emoji', { headers: { 'if-none-match': etag ?? '' } })
    expect(again.status).toBe(304)

    await ok(uploadEmoji(app, boss, 'aa_first', await picture(20, 20)), 201)
    const changed = await app.request('/api/emoji', { headers: { 'if-none-match': etag ?? '' } })
    expect(changed.status).toBe(200)
    expect(((await changed.json()) as CustomEmojiList).emoji.map((one) => one.shortcode)).toEqual([
      'aa_first',
      'party_parrot',
    ])
  })

  it('keeps an animated GIF animated', async ({ makeApp }) => {
    const { app, boss } = await withHost(makeApp)
    const added = await ok<CustomEmojiResponse>(
      uploadEmoji(app, boss, 'dance', await animatedGif(200, 200, 3), {
        type: 'image/gif',
        name: 'd.gif',
      }),
      201,
    )
    const image = await served(app, added.emoji.url)
    expect(image.type).toBe('image/gif')
    expect(image.metadata.pages).toBe(3)
    expect(image.metadata.width).toBe(128)
  })

  it('refuses hostile files and bad shortcodes, and keeps nothing of them', async ({ makeApp }) => {
    const { app, boss } = await withHost(makeApp)
    const before = await mediaCount(app)
    const png = await picture(16, 16)
    await expectError(
      uploadEmoji(app, boss, 'sneaky', Buffer.from('<script>alert(1)</script>'), { name: 'a.png' }),
      400,
      MESSAGES.notAnImage,
      'INVALID_IMAGE',
    )
    await expectError(
      uploadEmoji(app, boss, 'huge', new Uint8Array(LIMITS.imageBytes + 1)),
      413,
      MESSAGES.imageTooLarge,
      'TOO_LARGE',
    )
    const refused = EMOJI_MESSAGES.badShortcode(2, 30)
    for (const shortcode of [
      'A_Capital',
      'x',
      'a'.repeat(31),
      'with space',
      'dash-dash',
      'émoji',
      ':colons:',
      '',
    ]) {
      await expectError(uploadEmoji(app, boss, shortcode, png), 400, refused, 'VALIDATION')
    }
    await expectError(uploadEmoji(app, boss, null, png), 400, refused, 'VALIDATION')
    expect(await mediaCount(app)).toBe(before)
    expect((await list(app)).emoji).toEqual([])

    await ok(uploadEmoji(app, boss, 'a'.repeat(30), png), 201)
    await ok(uploadEmoji(app, boss, 'gg', png), 201)
    await expectError(
      uploadEmoji(app, boss, 'gg', png),
      409,
      EMOJI_MESSAGES.taken('gg'),
      'EMOJI_TAKEN',
    )
    expect((await list(app)).emoji).toHaveLength(2)
  })

  it('is for hosts only: a player cannot add or delete one', async ({ makeApp }) => {
    const { app, boss } = await withHost(makeApp)
    const player = await quickUser(app, 'just_a_player')
    const png = await picture(16, 16)
    await expectError(uploadEmoji(app, player.token, 'mine', png), 403, /host/, 'HOST_ONLY')
    await ok(uploadEmoji(app, boss, 'theirs', png), 201)
    await expectError(remove(app, 'theirs', player.token), 403, /host/, 'HOST_ONLY')
    const anonymous = await app.request('/api/emoji', { method: 'POST', body: new FormData() })
    expect(anonymous.status).toBe(401)
    expect((await list(app)).emoji.map((one) => one.shortcode)).toEqual(['theirs'])
  })

  it(`holds at most ${MAX_CUSTOM_EMOJI}, with a clear refusal past that`, async ({ makeApp }) => {
    const { app, boss } = await withHost(makeApp)
    const { emoji } = await ok<CustomEmojiResponse>(
      uploadEmoji(app, boss, 'e000', await picture(8, 8)),
      201,
    )
    const mediaId = emoji.url.split('/').pop() ?? ''
    for (let at = 1; at < MAX_CUSTOM_EMOJI; at += 1) {
      await app.db.run(
        'INSERT INTO custom_emoji (shortcode, media_id, added_by, created_at) VALUES (?, ?, NULL, ?)',
        `e${String(at).padStart(3, '0')}`,
        mediaId,
        Date.now(),
      )
    }
    await expectError(
      uploadEmoji(app, boss, 'one_more', await picture(8, 8)),
      400,
      EMOJI_MESSAGES.tooMany(MAX_CUSTOM_EMOJI),
      'STATE_CONFLICT',
    )
    await ok(remove(app, 'e001', boss))
    await ok(uploadEmoji(app, boss, 'one_more', await picture(8, 8)), 201)
  })

  it('takes `:shortcode:` as a reaction, in the cap, and drops its reactions when deleted', async ({
    makeApp,
  }) => {
    const { app, boss } = await withHost(makeApp)
    const author = await quickUser(app, 'author')
    const fan = await quickUser(app, 'fan')
    const post = await writePost(app, author.token, 'gg everyone :pog: :not_one:')
    await expectError(
      react(app, fan.token, post._id, ':pog:'),
      400,
      EMOJI_MESSAGES.notFound('pog'),
      'VALIDATION',
    )
    await expectError(
      react(app, fan.token, post._id, ':Bad-One:'),
      400,
      SHARE_MESSAGES.unknownReaction,
      'VALIDATION',
    )
    await ok(uploadEmoji(app, boss, 'pog', await picture(32, 32)), 201)
    const reacted = (await ok<PostResponse>(react(app, fan.token, post._id, ':pog:'))).post
    expect(reacted.reactions).toEqual({
      counts: [{ reaction: ':pog:', count: 1 }],
      mine: [':pog:'],
    })
    await ok(react(app, boss, post._id, ':pog:'))
    const who = await ok<ReactorsPage>(app.get(`/api/posts/${post._id}/reactions/:pog:`, fan.token))
    expect(who.users.map((user) => user.username).sort()).toEqual(['boss', 'fan'])

    // Custom emoji count in the cap of different emoji like any other.
    const animals = [...'🐶🐱🐭🐹🐰🦊🐻🐼🐨🐯🦁🐮🐷🐸🐵🐔🐧🐦🐤🦆']
    for (const emoji of animals.slice(0, MAX_POST_REACTIONS - 1)) {
      await ok(react(app, fan.token, post._id, encodeURIComponent(emoji)))
    }
    await ok(uploadEmoji(app, boss, 'late', await picture(32, 32)), 201)
    await expectError(
      react(app, fan.token, post._id, ':late:'),
      400,
      SHARE_MESSAGES.tooManyReactions(MAX_POST_REACTIONS),
      'STATE_CONFLICT',
    )

    // Deleting the emoji takes its reactions; the text keeps `:pog:` as written.
    const stream = await connect(app, author)
    await ok(remove(app, 'pog', boss))
    const event = await stream.next('custom-emoji')
    expect(event.data.version).toBe((await list(app)).version)
    const after = (await ok<PostResponse>(app.get(`/api/posts/${post._id}`, fan.token))).post
    expect(after.reactions?.counts.map((one) => one.reaction)).not.toContain(':pog:')
    expect(after.reactions?.mine).not.toContain(':pog:')
    expect(after.content).toBe('gg everyone :pog: :not_one:')
    // Taking back a reaction with a deleted emoji answers as if taken back.
    await ok(react(app, fan.token, post._id, ':pog:', false))
    await ok(react(app, fan.token, post._id, ':late:'))
    await expectError(
      remove(app, 'pog', boss),
      404,
      EMOJI_MESSAGES.notFound('pog'),
      'EMOJI_NOT_FOUND',
    )
  })

  it('tells every open app when the list changes', async ({ makeApp }) => {
    const { app, boss } = await withHost(makeApp)
    const player = await quickUser(app, 'watcher')
    const stream = await connect(app, player)
    await ok(uploadEmoji(app, boss, 'wave', await picture(16, 16)), 201)
    const added = await stream.next('custom-emoji')
    expect(added.data).toEqual({ version: (await list(app)).version })
  })

  it('keeps its image through the sweep of unused uploads; a deleted one’s goes', async ({
    makeApp,
  }) => {
    const { app, boss } = await withHost(makeApp)
    const kept = await ok<CustomEmojiResponse>(
      uploadEmoji(app, boss, 'kept', await picture(16, 16)),
      201,
    )
    const gone = await ok<CustomEmojiResponse>(
      uploadEmoji(app, boss, 'gone', await picture(16, 16)),
      201,
    )
    await ok(remove(app, 'gone', boss))
    await sweepUnusedMedia(app.db, Date.now() + UNUSED_MEDIA_TTL_MS + 60_000)
    expect((await app.get(kept.emoji.url)).status).toBe(200)
    expect((await app.get(gone.emoji.url)).status).toBe(404)
  })
})
