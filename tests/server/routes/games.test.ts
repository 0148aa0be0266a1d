/**
 * The server's game list (docs/API.md, "Games"). Profiles list games (an unknown
 * name adds it), the catalogue finds them most-played first, each game has its players and its
 * tag, and hosts rename and merge entries (audited). Hostile names are refused with a clear 400.
 * Runs on SQLite and, with vitest.pg.config.ts, on PostgreSQL.
 */
import type {
  GameResponse,
  GamesPage,
  GamesResponse,
  HostActionsResponse,
  PostsPage,
  UsersPage,
} from '../../../src/shared/api-types'
import { GAME_MESSAGES } from '../../../src/server/errors/messages'
import { gameSlug } from '../../../src/shared/games'
import { isValidTag } from '../../../src/shared/rich-text'
import { createPost, expectError, ok, quickUser, signedInAs } from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'
import { LAN_PARTY_GAME } from '../../../src/server/services/writes/seed'

/** The server's list without the demo's one game (the LAN party's, services/writes/seed.ts). */
const ownGames = <T extends { name: string }>(games: T[]) =>
  games.filter((game) => game.name !== LAN_PARTY_GAME)
import type { TestApp } from '../../helpers/server-app'

const setGames = (app: TestApp, token: string, games: unknown) =>
  app.send('/api/me/games', { games }, { token, method: 'PUT' })

const namesOf = (answer: { games: { name: string }[] }) => answer.games.map((game) => game.name)

describe('game slugs', () => {
  it.each([
    ['Counter-Strike 2', 'counterstrike2'],
    ['counter strike 2', 'counterstrike2'],
    ['Pokémon Go', 'pokemongo'],
    ['2048', 'game2048'],
    ['原神', '原神'],
    ['!!!', ''],
    ['A'.repeat(60), 'a'.repeat(50)],
  ])('derives %j → %j, a valid tag', (name, slug) => {
    expect(gameSlug(name)).toBe(slug)
    if (slug) expect(isValidTag(slug)).toBe(true)
  })
})

describe('games on profiles', () => {
  it('adds unknown names to the list and lists a profile’s games in order', async ({
    app,
    player1,
  }) => {
    const mine = await ok<GamesResponse>(
      setGames(app, player1.token, ['Counter-Strike 2', 'Minecraft', 'counter strike 2']),
    )
    // Two names of one slug are one game.
    expect(namesOf(mine)).toEqual(['Counter-Strike 2', 'Minecraft'])
    expect(mine.games.map((game) => game.slug)).toEqual(['counterstrike2', 'minecraft'])
    expect(mine.games[0]?.playerCount).toBe(1)

    const read = await ok<GamesResponse>(app.get('/api/users/player1/games'))
    expect(read).toEqual(mine)

    // Another player picks the same game by its slug: no new entry, one more player.
    const other = await quickUser(app, 'second_player')
    const theirs = await ok<GamesResponse>(setGames(app, other.token, ['counterstrike2']))
    expect(theirs.games[0]?.id).toBe(mine.games[0]?.id)
    expect(theirs.games[0]?.playerCount).toBe(2)

    // Removing keeps the rest and the counts.
    const fewer = await ok<GamesResponse>(setGames(app, player1.token, ['Minecraft']))
    expect(namesOf(fewer)).toEqual(['Minecraft'])
    const cs = await ok<GameResponse>(app.get('/api/games/counterstrike2'))
    expect(cs.game.playerCount).toBe(1)
  })

  it('refuses hostile names with a clear sentence', async ({ app, player1 }) => {
    const cases: [unknown, string | RegExp][] = [
      [['x'.repeat(61)], "A game's name can be at most 60 characters."],
      [['x'.repeat(300)], "A game's name can be at most 60 characters."],
      [['   '], 'A game needs a name.'],
      [['Bad\u0007Name'], "A game's name cannot hold control characters."],
      [['Line\nbreak'], "A game's name cannot hold control characters."],
      [['\u009bC1'], "A game's name cannot hold control characters."],
      [['!!!'], "A game's name needs at least one letter or digit."],
      [['Null\u0000'], /cannot be stored/],
      [[42], 'Each game must be a name (text).'],
      ['Doom', 'games must be a list of game names.'],
    ]
    for (const [games, message] of cases) {
      await expectError(setGames(app, player1.token, games), 400, message, 'VALIDATION')
    }
    // Nothing was added by the refused calls.
    expect(ownGames((await ok<GamesPage>(app.get('/api/games'))).games)).toEqual([])
  })

  it('takes unicode names (60 characters of them) and keeps them as written', async ({
    app,
    player1,
  }) => {
    const long = 'Ω'.repeat(60)
    const answer = await ok<GamesResponse>(
      setGames(app, player1.token, ['  Pokémon   Go ', '原神', long, '🎮 Party 🎮']),
    )
    expect(namesOf(answer)).toEqual(['Pokémon Go', '原神', long, '🎮 Party 🎮'])
    expect(answer.games.map((game) => game.slug)).toEqual([
      'pokemongo',
      '原神',
      'ω'.repeat(50),
      'party',
    ])
    const byUnicodeSlug = await ok<GameResponse>(
      app.get(`/api/games/${encodeURIComponent('原神')}`),
    )
    expect(byUnicodeSlug.game.name).toBe('原神')
  })

  it('lists at most 30 games per profile: the 31st is refused', async ({ app, player1 }) => {
    const thirty = Array.from({ length: 30 }, (_, index) => `Game ${index + 1}`)
    const answer = await ok<GamesResponse>(setGames(app, player1.token, thirty))
    expect(answer.games).toHaveLength(30)
    await expectError(
      setGames(app, player1.token, [...thirty, 'Game 31']),
      400,
      GAME_MESSAGES.tooManyGames,
      'VALIDATION',
    )
    // Duplicates collapse before counting.
    await ok<GamesResponse>(setGames(app, player1.token, [...thirty, 'game 1', 'GAME 2']))
    await expectError(
      app.send('/api/me/games', { games: [] }, { method: 'PUT' }),
      401,
      /token/i,
      'INVALID_TOKEN',
    )
  })

  it('lowers the counts of an account’s games when it is deleted', async ({ app }) => {
    const leaver = await app.signup('leaver', 'long enough password')
    await ok(setGames(app, leaver.token, ['Tetris']))
    expect((await ok<GameResponse>(app.get('/api/games/tetris'))).game.playerCount).toBe(1)
    await ok(
      app.send(
        '/api/users/me',
        { password: 'long enough password' },
        {
          token: leaver.token,
          method: 'DELETE',
        },
      ),
    )
    expect((await ok<GameResponse>(app.get('/api/games/tetris'))).game.playerCount).toBe(0)
  })
})

describe('the catalogue and a game’s page', () => {
  it('finds games by prefix or word, most-played first, a page at a time', async ({
    app,
    player1,
  }) => {
    const a = await quickUser(app, 'fan_a')
    const b = await quickUser(app, 'fan_b')
    await ok(setGames(app, player1.token, ['Rocket League', 'League of Legends', 'Stardew Valley']))
    await ok(setGames(app, a.token, ['League of Legends']))
    await ok(setGames(app, b.token, ['League of Legends', 'Rocket League']))

    const league = await ok<GamesPage>(app.get('/api/games?search=leag'))
    expect(namesOf(league)).toEqual(['League of Legends', 'Rocket League'])
    expect(namesOf(await ok<GamesPage>(app.get('/api/games?search=VALLEY')))).toEqual([
      'Stardew Valley',
    ])
    expect((await ok<GamesPage>(app.get('/api/games?search=eague'))).games).toEqual([])
    // LIKE's wildcards are literal.
    expect((await ok<GamesPage>(app.get('/api/games?search=%25'))).games).toEqual([])
    expect((await ok<GamesPage>(app.get('/api/games?search=_'))).games).toEqual([])

    const first = await ok<GamesPage>(app.get('/api/games?limit=2'))
    expect(namesOf(first)).toEqual(['League of Legends', 'Rocket League'])
    expect(first.nextCursor).not.toBeNull()
    const rest = await ok<GamesPage>(app.get(`/api/games?limit=2&cursor=${first.nextCursor ?? ''}`))
    expect(namesOf(rest)).toEqual(['Stardew Valley', LAN_PARTY_GAME])
    expect(rest.nextCursor).toBeNull()
    await expectError(app.get('/api/games?cursor=nope'), 400, /cursor/i, 'INVALID_CURSOR')
    await expectError(
      app.get(`/api/games?search=${'x'.repeat(101)}`),
      400,
      'The search can be at most 100 characters.',
      'VALIDATION',
    )
  })

  it('answers a game, 404 for an unknown slug, and its players without blocked ones', async ({
    app,
    player1,
  }) => {
    const fan = await quickUser(app, 'fan_one')
    const pest = await quickUser(app, 'pest')
    await ok(setGames(app, fan.token, ['Valorant']))
    await ok(setGames(app, pest.token, ['Valorant']))
    await ok(setGames(app, player1.token, ['Valorant']))
    await ok(app.send(`/api/users/me/block/${pest.id}`, {}, { token: player1.token }))

    const game = await ok<GameResponse>(app.get('/api/games/VALORANT'))
    expect(game.game).toMatchObject({ slug: 'valorant', name: 'Valorant', playerCount: 3 })
    for (const bad of ['nosuch', '..%2F..', '%23valorant', 'x'.repeat(51)]) {
      await expectError(app.get(`/api/games/${bad}`), 404, GAME_MESSAGES.gameNotFound)
    }

    const players = await ok<UsersPage>(
      app.get('/api/games/valorant/players?limit=1', player1.token),
    )
    expect(players.users.map((user) => user.username)).toEqual(['player1'])
    const next = await ok<UsersPage>(
      app.get(
        `/api/games/valorant/players?limit=1&cursor=${players.nextCursor ?? ''}`,
        player1.token,
      ),
    )
    // pest, who is blocked, is left out.
    expect(next.users.map((user) => user.username)).toEqual(['fan_one'])
    expect(next.nextCursor).toBeNull()
    const anonymous = await ok<UsersPage>(app.get('/api/games/valorant/players'))
    expect(anonymous.users.map((user) => user.username)).toEqual(['player1', 'pest', 'fan_one'])
    await expectError(app.get('/api/games/nosuch/players'), 404, GAME_MESSAGES.gameNotFound)
  })

  it('lists the posts tagged with a game’s slug', async ({ app, player1 }) => {
    const { games } = await ok<GamesResponse>(setGames(app, player1.token, ['Counter-Strike 2']))
    const slug = games[0]?.slug ?? ''
    await createPost(app, player1.token, 'Clutch round tonight #CounterStrike2')
    const page = await ok<PostsPage>(app.get(`/api/posts?tag=${slug}&limit=5`))
    expect(page.posts.map((post) => post.content)).toEqual(['Clutch round tonight #CounterStrike2'])
  })
})

describe('hosts rename and merge games', () => {
  it('renames a game: the old slug answers it, the audit list notes it', async ({ makeApp }) => {
    const app = await makeApp({ admins: ['boss'] })
    const boss = await signedInAs(app, 'boss')
    const player = await quickUser(app, 'renamer')
    await ok(setGames(app, player.token, ['Counter Strike']))

    await expectError(
      app.send(
        '/api/games/counterstrike',
        { name: 'CS2' },
        { token: player.token, method: 'PATCH' },
      ),
      403,
      /Only the host/,
      'HOST_ONLY',
    )
    const renamed = await ok<GameResponse>(
      app.send(
        '/api/games/counterstrike',
        { name: 'Counter-Strike 2' },
        { token: boss.token, method: 'PATCH' },
      ),
    )
    expect(renamed.game).toMatchObject({ name: 'Counter-Strike 2', slug: 'counterstrike2' })
    expect((await ok<GameResponse>(app.get('/api/games/counterstrike'))).game.slug).toBe(
      'counterstrike2',
    )
    expect(namesOf(await ok<GamesResponse>(app.get('/api/users/renamer/games')))).toEqual([
      'Counter-Strike 2',
    ])
    // Back to the old name: its slug is its own again.
    const back = await ok<GameResponse>(
      app.send(
        '/api/games/counterstrike2',
        { name: 'Counter Strike' },
        { token: boss.token, method: 'PATCH' },
      ),
    )
    expect(back.game.slug).toBe('counterstrike')
    await expectError(
      app.send(
        '/api/games/counterstrike',
        { name: '\u0001' },
        { token: boss.token, method: 'PATCH' },
      ),
      400,
      "A game's name cannot hold control characters.",
    )
    const audit = await ok<HostActionsResponse>(app.get('/api/moderation/audit', boss.token))
    expect(audit.actions.slice(0, 2).map((action) => [action.action, action.target])).toEqual([
      ['rename-game', 'Counter-Strike 2 → Counter Strike'],
      ['rename-game', 'Counter Strike → Counter-Strike 2'],
    ])
  })

  it('merges a game into another: players move once, the old slug answers the target', async ({
    makeApp,
  }) => {
    const app = await makeApp({ admins: ['boss'] })
    const boss = await signedInAs(app, 'boss')
    const both = await quickUser(app, 'plays_both')
    const oldOnly = await quickUser(app, 'plays_old')
    await ok(setGames(app, both.token, ['CSGO', 'Counter-Strike 2']))
    await ok(setGames(app, oldOnly.token, ['CSGO']))

    await expectError(
      app.send('/api/games/csgo/merge', { into: 'csgo' }, { token: boss.token }),
      400,
      GAME_MESSAGES.mergeIntoItself,
      'STATE_CONFLICT',
    )
    await expectError(
      app.send('/api/games/csgo/merge', { into: 'counterstrike2' }, { token: both.token }),
      403,
      /Only the host/,
      'HOST_ONLY',
    )
    await expectError(
      app.send('/api/games/csgo/merge', { into: 'nosuch' }, { token: boss.token }),
      404,
      GAME_MESSAGES.gameNotFound,
    )
    const merged = await ok<GameResponse>(
      app.send('/api/games/csgo/merge', { into: 'counterstrike2' }, { token: boss.token }),
    )
    expect(merged.game).toMatchObject({ slug: 'counterstrike2', playerCount: 2 })
    expect((await ok<GameResponse>(app.get('/api/games/csgo'))).game.slug).toBe('counterstrike2')
    expect(namesOf(await ok<GamesResponse>(app.get('/api/users/plays_old/games')))).toEqual([
      'Counter-Strike 2',
    ])
    expect(namesOf(await ok<GamesResponse>(app.get('/api/users/plays_both/games')))).toEqual([
      'Counter-Strike 2',
    ])
    expect(ownGames((await ok<GamesPage>(app.get('/api/games'))).games).map((g) => g.name)).toEqual(
      ['Counter-Strike 2'],
    )
    // Adding the old name now finds the merged game rather than making it again.
    const again = await ok<GamesResponse>(setGames(app, oldOnly.token, ['CSGO']))
    expect(namesOf(again)).toEqual(['Counter-Strike 2'])
    // The merged game's old slug cannot be renamed into, nor merged again.
    await expectError(
      app.send('/api/games/csgo/merge', { into: 'counterstrike2' }, { token: boss.token }),
      400,
      GAME_MESSAGES.mergeIntoItself,
    )
    const audit = await ok<HostActionsResponse>(app.get('/api/moderation/audit', boss.token))
    expect(audit.actions[0]).toMatchObject({
      action: 'merge-game',
      host: 'boss',
      target: 'CSGO → Counter-Strike 2',
    })
  })
})
