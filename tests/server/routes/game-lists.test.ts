/**
 * The `/games` screen's lists (docs/API.md, "Games", `GET /games?sort=`): the most played, the
 * newest on the list, and those being played now (statuses naming the game that have not expired,
 * of accounts not suspended nor appearing offline), a page at a time; a wrong sort or a sort with
 * a search is a clear 400. Runs on SQLite and, with vitest.pg.config.ts, on PostgreSQL.
 */
import type { GamesPage } from '../../../src/shared/api-types'
import { expectError, ok, quickUser } from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'
import { LAN_PARTY_GAME } from '../../../src/server/services/writes/seed'

/** The server's list without the demo's one game (the LAN party's, services/writes/seed.ts). */
const ownGames = <T extends { name: string }>(games: T[]) =>
  games.filter((game) => game.name !== LAN_PARTY_GAME)
import type { TestApp } from '../../helpers/server-app'

const setGames = (app: TestApp, token: string, games: string[]) =>
  ok(app.send('/api/me/games', { games }, { token, method: 'PUT' }))
const setStatus = (app: TestApp, token: string, game: string) =>
  ok(app.send('/api/me/status', { game, expiresIn: '2h' }, { token, method: 'PUT' }))
const list = (app: TestApp, query: string) => ok<GamesPage>(app.get(`/api/games?${query}`))
const namesOf = (page: GamesPage) => ownGames(page.games).map((game) => game.name)

describe('GET /games?sort=', () => {
  it('lists the newest games first, a page at a time', async ({ app, player1 }) => {
    const fan = await quickUser(app, 'fan')
    await setGames(app, player1.token, ['Minecraft'])
    await setGames(app, fan.token, ['Minecraft', 'Terraria'])
    await setGames(app, player1.token, ['Minecraft', 'Valheim'])

    expect(namesOf(await list(app, 'sort=newest'))).toEqual(['Valheim', 'Terraria', 'Minecraft'])
    expect(namesOf(await list(app, 'sort=popular'))[0]).toBe('Minecraft')
    const first = await list(app, 'sort=newest&limit=2')
    expect(namesOf(first)).toEqual(['Valheim', 'Terraria'])
    const rest = await list(app, `sort=newest&limit=2&cursor=${first.nextCursor ?? ''}`)
    // The demo's game, added before them all, comes last.
    expect(namesOf(rest)).toEqual(['Minecraft'])
    expect(rest.games.map((game) => game.name)).toEqual(['Minecraft', LAN_PARTY_GAME])
    expect(rest.nextCursor).toBeNull()
  })

  it('lists the games played now, the most statuses first, with their count', async ({
    app,
    player1,
  }) => {
    const [amy, zed, hidden] = [
      await quickUser(app, 'amy'),
      await quickUser(app, 'zed'),
      await quickUser(app, 'hidden'),
    ]
    await setGames(app, player1.token, ['Minecraft', 'Terraria', 'Valheim'])
    // Two spellings of one game, a game nobody plays now, one not on the list at all.
    await setStatus(app, amy.token, 'Minecraft')
    await setStatus(app, zed.token, 'minecraft')
    await setStatus(app, player1.token, 'Terraria')
    await setStatus(app, hidden.token, 'Terraria')
    await setStatus(app, hidden.token, 'Some Game Nobody Listed')
    await ok(
      app.send('/api/me/presence', { appearOffline: true }, { token: amy.token, method: 'PUT' }),
    )

    const page = await list(app, 'sort=playing')
    // Amy appears offline: Minecraft counts zed alone; hidden moved on from Terraria.
    expect(page.games.map((game) => [game.name, game.playingNow])).toEqual([
      ['Terraria', 1],
      ['Minecraft', 1],
    ])
    await setStatus(app, hidden.token, 'Minecraft')
    const again = await list(app, 'sort=playing&limit=1')
    expect(again.games.map((game) => [game.name, game.playingNow])).toEqual([['Minecraft', 2]])
    const rest = await list(app, `sort=playing&limit=1&cursor=${again.nextCursor ?? ''}`)
    expect(namesOf(rest)).toEqual(['Terraria'])
    expect(rest.nextCursor).toBeNull()
  })

  it('refuses an unknown sort, a sort with a search and a bad cursor', async ({ app }) => {
    await expectError(
      app.get('/api/games?sort=random'),
      400,
      'sort must be one of popular, newest, playing.',
      'VALIDATION',
    )
    await expectError(
      app.get('/api/games?sort=newest&search=mine'),
      400,
      'A search lists the most played first: leave sort out.',
      'VALIDATION',
    )
    await expectError(
      app.get('/api/games?sort=playing&cursor=nope'),
      400,
      /cursor/i,
      'INVALID_CURSOR',
    )
    expect((await list(app, 'sort=popular&search=mine')).games).toEqual([])
  })
})
