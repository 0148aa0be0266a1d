/**
 * The game boxes' suggestions (docs/API.md, "Game suggestions"): the server's own games beside
 * the catalogue it ships (src/server/data/game-catalogue.json), by name, short name or slug, at
 * most `limit`; a catalogue game becomes a server game the way a typed name does (PUT /me/games).
 * Bad input (symbols alone, too long, an empty search, a wrong limit) gets an answer or a clear
 * 400, never a 500. Runs on SQLite and, with vitest.pg.config.ts, on PostgreSQL.
 */
import catalogueFile from '../../../src/server/data/game-catalogue.json'
import {
  catalogueOf,
  readCatalogue,
  shippedCatalogue,
} from '../../../src/server/services/reads/game-catalogue'
import type { GameSuggestionsResponse, GamesResponse } from '../../../src/shared/api-types'
import { ok, expectError, quickUser } from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'
import { LAN_PARTY_GAME } from '../../../src/server/services/writes/seed'

/** The server's list without the demo's one game (the LAN party's, services/writes/seed.ts). */
const ownGames = <T extends { name: string }>(games: T[]) =>
  games.filter((game) => game.name !== LAN_PARTY_GAME)
import type { TestApp } from '../../helpers/server-app'

const suggest = (app: TestApp, query: string) =>
  ok<GameSuggestionsResponse>(app.get(`/api/game-suggestions?${query}`))
const namesOf = (answer: { games: { name: string }[] }) => answer.games.map((game) => game.name)

describe('the shipped catalogue', () => {
  it('holds a few hundred games, every one following the game list’s rules', async () => {
    const { games, problems } = readCatalogue(catalogueFile)
    expect(problems).toEqual([])
    expect(games.length).toBeGreaterThanOrEqual(300)
    expect((await shippedCatalogue()).games).toHaveLength(games.length)
  })

  it('leaves out entries that break the rules and says why', () => {
    const { games, problems } = readCatalogue({
      games: [
        { name: 'Fine Game', aliases: ['FG'], platforms: ['pc'] },
        { name: 'fine game', platforms: ['pc'] },
        { name: '!!!' },
        { name: 'Console', platforms: ['dreamcast'] },
        { aliases: ['nameless'] },
      ],
    })
    expect(games.map((game) => game.name)).toEqual(['Fine Game'])
    expect(problems).toHaveLength(4)
    expect(problems[0]).toMatch(/listed twice/)
    expect(readCatalogue(null).problems).toEqual(['The catalogue has no list of games.'])
  })

  it('ranks the exact name or short name first, then prefixes, then words', () => {
    const catalogue = catalogueOf(
      readCatalogue({
        games: [
          { name: 'Dark Souls III', aliases: ['DS3'] },
          { name: 'Dark Souls', aliases: ['DS1'] },
          { name: 'Darkest Dungeon' },
          { name: 'Demon Slayer', aliases: ['Dark Blade'] },
        ],
      }).games,
    )
    const names = (text: string) => catalogue.search(text, 10).map((match) => match.game.name)
    expect(names('dark souls')).toEqual(['Dark Souls', 'Dark Souls III'])
    expect(names('dark')).toEqual([
      'Dark Souls',
      'Dark Souls III',
      'Darkest Dungeon',
      'Demon Slayer',
    ])
    expect(names('ds3')).toEqual(['Dark Souls III'])
    expect(names('souls')).toEqual(['Dark Souls', 'Dark Souls III'])
    expect(catalogue.search('dark', 2)).toHaveLength(2)
  })
})

describe('GET /game-suggestions', () => {
  it('suggests catalogue games by name, short name and slug, without a whole list', async ({
    app,
  }) => {
    const byAlias = await suggest(app, 'q=cs2')
    expect(byAlias.games[0]).toEqual({
      name: 'Counter-Strike 2',
      slug: 'counterstrike2',
      playerCount: 0,
      listed: false,
      platforms: ['pc'],
      exact: true,
    })
    expect(namesOf(await suggest(app, 'q=Counter%20strike'))[0]).toBe('Counter-Strike 2')
    expect((await suggest(app, 'q=counter')).games[0]?.exact).toBe(false)
    expect(namesOf(await suggest(app, 'q=botw'))).toContain(
      'The Legend of Zelda: Breath of the Wild',
    )
    // Lowercase, accents and the slug's spelling all find it.
    expect(namesOf(await suggest(app, 'q=pokemon%20go'))[0]).toBe('Pokémon GO')
    const many = await suggest(app, 'q=a&limit=20')
    expect(many.games).toHaveLength(20)
    expect((await suggest(app, 'q=the')).games).toHaveLength(8)
  })

  it('puts the server’s games beside the catalogue’s, a catalogue game once', async ({
    app,
    player1,
  }) => {
    const fan = await quickUser(app, 'valo_fan')
    // A game only players know, and a catalogue game added by its short name's spelling.
    await ok(
      app.send(
        '/api/me/games',
        { games: ['Valo Tactics Mod', 'VALORANT'] },
        {
          token: player1.token,
          method: 'PUT',
        },
      ),
    )
    await ok(
      app.send('/api/me/games', { games: ['VALORANT'] }, { token: fan.token, method: 'PUT' }),
    )

    const answer = await suggest(app, 'q=valo')
    expect(answer.games.map((game) => [game.name, game.listed, game.playerCount])).toEqual([
      ['VALORANT', true, 2],
      ['Valo Tactics Mod', true, 1],
      // Then the catalogue's, by a word of its name.
      ['Arena of Valor', false, 0],
    ])
    // The catalogue's platforms travel with the server's game of the same slug.
    expect(answer.games[0]?.platforms).toEqual(['pc', 'playstation', 'xbox'])
    // The exact name first, whatever its players.
    expect(namesOf(await suggest(app, 'q=valo%20tactics%20mod'))[0]).toBe('Valo Tactics Mod')
  })

  it('makes a chosen catalogue game a server game the way a typed name does', async ({
    app,
    player1,
  }) => {
    const [pick] = (await suggest(app, 'q=skyrim')).games
    expect(pick?.listed).toBe(false)
    const mine = await ok<GamesResponse>(
      app.send('/api/me/games', { games: [pick?.name] }, { token: player1.token, method: 'PUT' }),
    )
    expect(mine.games.map((game) => game.slug)).toEqual([pick?.slug])
    const after = await suggest(app, 'q=skyrim')
    expect(after.games[0]).toMatchObject({ name: pick?.name, listed: true, playerCount: 1 })
    expect(after.games.filter((game) => game.slug === pick?.slug)).toHaveLength(1)
  })

  it('answers an empty search with the server’s most-played games', async ({ app, player1 }) => {
    expect(ownGames((await suggest(app, 'q=')).games)).toEqual([])
    expect(ownGames((await suggest(app, '')).games)).toEqual([])
    await ok(
      app.send('/api/me/games', { games: ['Minecraft'] }, { token: player1.token, method: 'PUT' }),
    )
    // The most played first: the demo's game has no player.
    expect(namesOf(await suggest(app, 'q=%20%20'))).toEqual(['Minecraft', LAN_PARTY_GAME])
  })

  it('matches nothing for symbols alone and refuses what it cannot take', async ({ app }) => {
    for (const symbols of ['!!', '%25', '_', '%25_%5C', '@%23%24%25%5E%26*()%22%3C%3E', '🎮']) {
      expect((await suggest(app, `q=${symbols}`)).games, symbols).toEqual([])
    }
    // 100 characters are a search (that finds nothing); 101 are refused.
    expect((await suggest(app, `q=${'x'.repeat(100)}`)).games).toEqual([])
    await expectError(
      app.get(`/api/game-suggestions?q=${'x'.repeat(101)}`),
      400,
      'The search can be at most 100 characters.',
      'VALIDATION',
    )
    await expectError(
      app.get(`/api/game-suggestions?q=${'a'.repeat(5000)}`),
      400,
      'The search can be at most 100 characters.',
      'VALIDATION',
    )
    await expectError(app.get('/api/game-suggestions?q=a&limit=0'), 400, /at least 1/, 'VALIDATION')
    await expectError(
      app.get('/api/game-suggestions?q=a&limit=21'),
      400,
      /at most 20/,
      'VALIDATION',
    )
    await expectError(app.get('/api/game-suggestions?q=a&limit=x'), 400, /number/, 'VALIDATION')
  })
})
