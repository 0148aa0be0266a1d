/**
 * Game covers (docs/API.md, "Games"): the first player to upload one gives a game its cover, a
 * second player is refused while it has one, a host replaces and removes it; uploads follow the
 * avatar's rules (re-encoded without metadata, within 600×800, type and size refusals), and the
 * sweep of unused uploads keeps a cover. Runs on SQLite and, with vitest.pg.config.ts, on
 * PostgreSQL.
 */
import sharp from 'sharp'
import type { GameResponse, GamesPage, GamesResponse } from '../../../src/shared/api-types'
import { GAME_MESSAGES, MESSAGES } from '../../../src/server/errors/messages'
import { UNUSED_MEDIA_TTL_MS, sweepUnusedMedia } from '../../../src/server/services/media/media'
import { expectError, ok, quickUser, signedInAs } from '../../helpers/api'
import { SECRET_CAMERA, jpegWithExif, served } from '../../helpers/images'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'

const DAY = 24 * 60 * 60_000

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a6ea5' } })
    .png()
    .toBuffer()

function putCover(app: TestApp, slug: string, bytes: Uint8Array, token?: string) {
  const form = new FormData()
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'c.png')
  return app.request(`/api/games/${slug}/cover`, {
    method: 'PUT',
    headers: token ? { authorization: token } : {},
    body: form,
  })
}

const deleteCover = (app: TestApp, slug: string, token: string) =>
  app.request(`/api/games/${slug}/cover`, { method: 'DELETE', headers: { authorization: token } })

async function gameWithPlayer(app: TestApp, username: string) {
  const player = await quickUser(app, username)
  await ok<GamesResponse>(
    app.send(
      '/api/me/games',
      { games: ['Deep Rock Galactic'] },
      { token: player.token, method: 'PUT' },
    ),
  )
  return player
}

const SLUG = 'deeprockgalactic'

/** A game answer's cover address, which the test expects to be there. */
function urlOf(game: { coverUrl: string | null }): string {
  if (game.coverUrl === null) throw new Error('The game has no cover.')
  return game.coverUrl
}
const coverOf = async (app: TestApp) =>
  (await ok<GameResponse>(app.get(`/api/games/${SLUG}`))).game.coverUrl

describe('game covers', () => {
  it('has none at first: answers carry coverUrl null', async ({ app }) => {
    await gameWithPlayer(app, 'first_player')
    expect(await coverOf(app)).toBeNull()
    const listed = await ok<GamesPage>(app.get('/api/games'))
    expect(listed.games.every((game) => game.coverUrl === null)).toBe(true)
  })

  it('lets the first player add one, re-encoded within 600×800 without metadata', async ({
    app,
  }) => {
    const player = await gameWithPlayer(app, 'first_player')
    const answer = await ok<GameResponse>(putCover(app, SLUG, await jpegWithExif(), player.token))
    expect(answer.game.coverUrl).toMatch(/^\/api\/media\/[A-Za-z0-9_-]{16}$/)
    expect(await coverOf(app)).toBe(answer.game.coverUrl)

    const image = await served(app, urlOf(answer.game))
    expect(image.type).toBe('image/jpeg')
    expect(image.metadata.exif).toBeUndefined()
    expect(image.bytes.includes(Buffer.from(SECRET_CAMERA))).toBe(false)

    // The catalogue and a profile's games carry it too.
    const listed = await ok<GamesResponse>(app.get('/api/users/first_player/games'))
    expect(listed.games[0]?.coverUrl).toBe(answer.game.coverUrl)
  })

  it.for<[number, number, number, number]>([
    [1200, 1800, 533, 800],
    [2000, 1000, 600, 300],
    [300, 200, 300, 200],
  ])(
    'fits a %ix%i picture within 600×800 as %ix%i, never enlarged',
    async ([width, height, fitWidth, fitHeight], { app }) => {
      const player = await gameWithPlayer(app, 'first_player')
      const answer = await ok<GameResponse>(
        putCover(app, SLUG, await picture(width, height), player.token),
      )
      const image = await served(app, urlOf(answer.game))
      expect([image.metadata.width, image.metadata.height]).toEqual([fitWidth, fitHeight])
    },
  )

  it('refuses a second player once the game has a cover, and keeps the first', async ({ app }) => {
    const first = await gameWithPlayer(app, 'first_player')
    const second = await gameWithPlayer(app, 'second_player')
    const { game } = await ok<GameResponse>(
      putCover(app, SLUG, await picture(90, 120), first.token),
    )
    const mediaBefore = await app.db.ids('SELECT count(*) AS n FROM media')
    await expectError(
      putCover(app, SLUG, await picture(90, 120), second.token),
      403,
      GAME_MESSAGES.coverTaken,
      'HOST_ONLY',
    )
    expect(await coverOf(app)).toBe(game.coverUrl)
    // Refused before the image was stored.
    expect(await app.db.ids('SELECT count(*) AS n FROM media')).toEqual(mediaBefore)
    // Nor may a player remove it.
    await expectError(deleteCover(app, SLUG, second.token), 403, /Only the host/, 'HOST_ONLY')
    expect(await coverOf(app)).toBe(game.coverUrl)
  })

  it('lets a host replace and remove a cover', async ({ makeApp }) => {
    const app = await makeApp({ admins: ['boss'] })
    const boss = await signedInAs(app, 'boss')
    const player = await gameWithPlayer(app, 'first_player')
    const first = await ok<GameResponse>(putCover(app, SLUG, await picture(60, 80), player.token))
    const replaced = await ok<GameResponse>(putCover(app, SLUG, await picture(30, 40), boss.token))
    expect(replaced.game.coverUrl).not.toBe(first.game.coverUrl)
    expect(await coverOf(app)).toBe(replaced.game.coverUrl)

    const removed = await ok<GameResponse>(deleteCover(app, SLUG, boss.token))
    expect(removed.game.coverUrl).toBeNull()
    expect(await coverOf(app)).toBeNull()
    // Without a cover, a player may add one again.
    const again = await ok<GameResponse>(putCover(app, SLUG, await picture(60, 80), player.token))
    expect(again.game.coverUrl).not.toBeNull()
  })

  it('refuses what is not an image, a file too large, a missing file and a stranger', async ({
    app,
  }) => {
    const player = await gameWithPlayer(app, 'first_player')
    await expectError(
      putCover(app, SLUG, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), player.token),
      400,
      MESSAGES.notAnImage,
    )
    const big = new Uint8Array(5 * 1024 * 1024 + 1)
    big.set(await picture(4, 4))
    await expectError(putCover(app, SLUG, big, player.token), 413, MESSAGES.imageTooLarge)
    const noFile = app.request(`/api/games/${SLUG}/cover`, {
      method: 'PUT',
      headers: { authorization: player.token },
      body: new FormData(),
    })
    await expectError(noFile, 400, MESSAGES.missingFile)
    await expectError(putCover(app, SLUG, await picture(4, 4)), 401, /.+/)
    await expectError(
      putCover(app, 'nosuchgame', await picture(4, 4), player.token),
      404,
      GAME_MESSAGES.gameNotFound,
    )
    expect(await coverOf(app)).toBeNull()
    expect(await app.db.ids('SELECT count(*) AS n FROM media')).toEqual([0])
  })

  it('keeps a cover through the sweep of unused uploads, and sweeps a replaced one', async ({
    makeApp,
  }) => {
    const app = await makeApp({ admins: ['boss'] })
    const boss = await signedInAs(app, 'boss')
    const player = await gameWithPlayer(app, 'first_player')
    const first = await ok<GameResponse>(putCover(app, SLUG, await picture(60, 80), player.token))
    const idOf = (game: { coverUrl: string | null }) => urlOf(game).slice('/api/media/'.length)

    await sweepUnusedMedia(app.db, Date.now() + UNUSED_MEDIA_TTL_MS + DAY)
    expect((await app.get(urlOf(first.game))).status).toBe(200)

    const second = await ok<GameResponse>(putCover(app, SLUG, await picture(30, 40), boss.token))
    await sweepUnusedMedia(app.db, Date.now() + UNUSED_MEDIA_TTL_MS + DAY)
    const left = (await app.db.all<{ id: string }>('SELECT id FROM media')).map((row) => row.id)
    expect(left).toContain(idOf(second.game))
    expect(left).not.toContain(idOf(first.game))
    expect((await app.get(urlOf(second.game))).status).toBe(200)
  })

  it('passes a merged game’s cover to the game that stays when it has none', async ({
    makeApp,
  }) => {
    const app = await makeApp({ admins: ['boss'] })
    const boss = await signedInAs(app, 'boss')
    const player = await gameWithPlayer(app, 'first_player')
    const { game } = await ok<GameResponse>(
      putCover(app, SLUG, await picture(60, 80), player.token),
    )
    await ok(app.send('/api/me/games', { games: ['DRG'] }, { token: player.token, method: 'PUT' }))
    const merged = await ok<GameResponse>(
      app.send(`/api/games/${SLUG}/merge`, { into: 'drg' }, { token: boss.token, method: 'POST' }),
    )
    expect(merged.game).toMatchObject({ slug: 'drg', coverUrl: game.coverUrl })
  })

  it('goes back to the placeholder when its uploader’s account and uploads are deleted', async ({
    app,
  }) => {
    const player = await gameWithPlayer(app, 'first_player')
    await ok<GameResponse>(putCover(app, SLUG, await picture(60, 80), player.token))
    await app.db.run('DELETE FROM users WHERE id = ?', Number(player.id))
    expect(await coverOf(app)).toBeNull()
  })
})
