/**
 * Games on profiles, live (docs/API.md, "Live events", `games`): a player's new list reaches
 * everyone with the profile open, their own other windows included, with the audience of profile
 * edits: never users blocked either way, live or replayed after Last-Event-ID; an unblock
 * restores delivery. Runs on SQLite and, with vitest.pg.config.ts, on PostgreSQL.
 */
import { ok } from '../../helpers/api'
import { liveStreams } from '../../helpers/live-streams'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'

const connect = liveStreams()

const setGames = (app: TestApp, token: string, games: string[]) =>
  ok(app.send('/api/me/games', { games }, { token, method: 'PUT' }))

const gameEventsOf = (events: { type: string }[]) =>
  events.filter((event) => event.type === 'games')

describe('the games event', () => {
  it('carries the new list to viewers and the player, never to users blocked either way', async ({
    app,
  }) => {
    const player = await app.signup('gamesplayer')
    const viewer = await app.signup('gamesviewer')
    const blocker = await app.signup('gamesblocker')
    const blockedOne = await app.signup('gamesblocked')
    await ok(app.send(`/api/users/me/block/${player.id}`, {}, blocker))
    await ok(app.send(`/api/users/me/block/${blockedOne.id}`, {}, player))

    const viewerLive = await connect(app, viewer)
    const playerLive = await connect(app, player)
    const blockerLive = await connect(app, blocker)
    const blockedLive = await connect(app, blockedOne)
    const resumeFrom = blockedLive.lastEventId()
    expect(resumeFrom).toBeDefined()

    await setGames(app, player.token, ['Deep Rock Galactic', 'Terraria'])
    const event = await viewerLive.next('games')
    expect(event.data).toEqual({
      userId: player.id,
      username: 'gamesplayer',
      games: [
        expect.objectContaining({ slug: 'deeprockgalactic', name: 'Deep Rock Galactic' }),
        expect.objectContaining({ slug: 'terraria', name: 'Terraria', playerCount: 1 }),
      ],
    })
    expect((await playerLive.next('games')).data.games.map((game) => game.slug)).toEqual([
      'deeprockgalactic',
      'terraria',
    ])

    // A change to fewer games, and to none: each heard, the list as it now is.
    await setGames(app, player.token, ['Terraria'])
    expect((await viewerLive.next('games')).data.games.map((game) => game.name)).toEqual([
      'Terraria',
    ])
    await setGames(app, player.token, [])
    expect((await viewerLive.next('games')).data.games).toEqual([])

    await blockerLive.settle(150)
    await blockedLive.settle(0)
    expect(gameEventsOf(blockerLive.events)).toEqual([])
    expect(gameEventsOf(blockedLive.events)).toEqual([])
    const replayed = await connect(app, blockedOne, resumeFrom)
    expect(gameEventsOf(replayed.events)).toEqual([])

    // Unblocked: they hear of the next change.
    await ok(app.send(`/api/users/me/unblock/${player.id}`, {}, blocker))
    await setGames(app, player.token, ['Valheim'])
    expect((await blockerLive.next('games')).data.games.map((game) => game.name)).toEqual([
      'Valheim',
    ])
  })
})
