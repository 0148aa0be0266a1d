/**
 * Presence and the game list joined: a game page's "Playing now" (`GET /games/{slug}/playing`)
 * lists those whose status names the game (by its slug: the catalogue's name, its slug typed as
 * such, or an older slug after a rename) and who are online or idle, with the audience rules of
 * presence (appear offline, blocks either way); a status the desktop app detected round-trips with
 * `source: 'detected'`, as the window's detection sends it (state/game-detection.ts).
 */
import type {
  GamePlayingResponse,
  PresenceLookupResponse,
  StatusResponse,
} from '../../../src/shared/api-types'
import { expectError, ok, quickUser, signedInAs } from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'
import { liveStreams } from '../../helpers/live-streams'
import type { TestApp } from '../../helpers/server-app'

const connect = liveStreams()

const fast = { appOptions: { demo: false, presence: { graceMs: 100 } } }

interface Player {
  token: string
  id: string
}

const putStatus = (app: TestApp, who: Player, body: unknown) =>
  app.send('/api/me/status', body, { token: who.token, method: 'PUT' })

const playing = async (app: TestApp, viewer: Player, slug: string) =>
  (await ok<GamePlayingResponse>(app.get(`/api/games/${slug}/playing`, viewer.token))).users.map(
    (entry) => entry.user.username,
  )

describe('who is playing a game now', () => {
  it.override(fast)
  it('lists the connected players whose status names the game, by name or slug, followed first', async ({
    app,
  }) => {
    const viewer = await quickUser(app, 'viewer')
    const amy = await quickUser(app, 'amy')
    const zed = await quickUser(app, 'zed')
    const away = await quickUser(app, 'away')
    const other = await quickUser(app, 'other')
    await ok(
      app.send(
        '/api/me/games',
        { games: ['Counter-Strike 2'] },
        { token: amy.token, method: 'PUT' },
      ),
    )
    for (const who of [viewer, amy, zed, other]) await connect(app, who)
    await app.presence.settled()

    // Another spelling of the name, and the slug typed as such, are the same game.
    const saved = await ok<StatusResponse>(
      putStatus(app, amy, { game: 'counter strike 2', expiresIn: '30m' }),
    )
    expect(saved.status).toMatchObject({ game: 'counter strike 2', gameSlug: 'counterstrike2' })
    await ok(putStatus(app, zed, { game: 'counterstrike2', note: 'LFG', expiresIn: 'never' }))
    // Not connected: a status left standing is not "playing now".
    await ok(putStatus(app, away, { game: 'Counter-Strike 2', expiresIn: 'never' }))
    await ok(putStatus(app, other, { game: 'Dota 2', expiresIn: 'never' }))
    await ok(app.send(`/api/users/follow/${zed.id}`, {}, { token: viewer.token }))

    const answer = await ok<GamePlayingResponse>(
      app.get('/api/games/counterstrike2/playing', viewer.token),
    )
    expect(answer.users.map((entry) => [entry.user.username, entry.followed])).toEqual([
      ['zed', true],
      ['amy', false],
    ])
    expect(answer.users[0]).toMatchObject({
      presence: 'online',
      status: { game: 'counterstrike2', note: 'LFG', expiresAt: null, source: 'manual' },
    })

    // A cleared status leaves the list; a game nobody plays has an empty one.
    await ok(app.send('/api/me/status', undefined, { token: amy.token, method: 'DELETE' }))
    expect(await playing(app, viewer, 'counterstrike2')).toEqual(['zed'])
    await ok(
      app.send('/api/me/games', { games: ['Tetris'] }, { token: other.token, method: 'PUT' }),
    )
    expect(await playing(app, viewer, 'tetris')).toEqual([])
  })

  it.override(fast)
  it('hides those who appear offline or are blocked either way from others', async ({ app }) => {
    const viewer = await quickUser(app, 'viewer')
    const hidden = await quickUser(app, 'hidden')
    const blocker = await quickUser(app, 'blocker')
    const blocked = await quickUser(app, 'blocked')
    const plain = await quickUser(app, 'plain')
    await ok(
      app.send(
        '/api/me/games',
        { games: ['Rocket League'] },
        { token: plain.token, method: 'PUT' },
      ),
    )
    for (const who of [viewer, hidden, blocker, blocked, plain]) {
      await connect(app, who)
      await ok(putStatus(app, who, { game: 'Rocket League', expiresIn: '2h' }))
    }
    await app.presence.settled()
    await ok(
      app.send('/api/me/presence', { appearOffline: true }, { token: hidden.token, method: 'PUT' }),
    )
    await ok(app.send(`/api/users/me/block/${viewer.id}`, {}, { token: blocker.token }))
    await ok(app.send(`/api/users/me/block/${blocked.id}`, {}, { token: viewer.token }))

    // The viewer sees themself and the one nothing hides; the hidden one sees themself too.
    expect((await playing(app, viewer, 'rocketleague')).sort()).toEqual(['plain', 'viewer'])
    expect((await playing(app, hidden, 'rocketleague')).sort()).toEqual([
      'blocked',
      'blocker',
      'hidden',
      'plain',
      'viewer',
    ])
    expect(await playing(app, blocked, 'rocketleague')).not.toContain('viewer')
  })

  it.override(fast)
  it('finds a renamed game by its old slug, and answers 404 and 401 clearly', async ({
    makeApp,
  }) => {
    const app = await makeApp({ admins: ['boss'], demo: false, presence: { graceMs: 100 } })
    const boss = await signedInAs(app, 'boss')
    const player = await quickUser(app, 'player')
    await ok(
      app.send(
        '/api/me/games',
        { games: ['Counter Strike'] },
        { token: player.token, method: 'PUT' },
      ),
    )
    await connect(app, player)
    await app.presence.settled()
    await ok(putStatus(app, player, { game: 'Counter Strike', expiresIn: '2h' }))
    await ok(
      app.send(
        '/api/games/counterstrike',
        { name: 'Counter-Strike 2' },
        { token: boss.token, method: 'PATCH' },
      ),
    )
    // The status keeps the slug it was saved with, now an alias of the renamed game.
    expect(await playing(app, boss, 'counterstrike2')).toEqual(['player'])
    expect(await playing(app, boss, 'counterstrike')).toEqual(['player'])
    // A new status names the renamed game by its old name: filed under the new slug.
    const again = await ok<StatusResponse>(
      putStatus(app, player, { game: 'Counter Strike', expiresIn: '2h' }),
    )
    expect(again.status?.gameSlug).toBe('counterstrike2')

    await expectError(
      app.get('/api/games/nosuchgame/playing', boss.token),
      404,
      /game/i,
      'GAME_NOT_FOUND',
    )
    const anonymous = await app.get('/api/games/counterstrike2/playing')
    expect(anonymous.status).toBe(401)
  })
})

describe('a detected status', () => {
  it.override(fast)
  it('round-trips with source "detected", as the desktop detection sends it', async ({ app }) => {
    const viewer = await quickUser(app, 'viewer')
    const player = await quickUser(app, 'player')
    await connect(app, player)
    await app.presence.settled()
    // Exactly the body state/game-detection.ts sends through api/status.ts.
    const saved = await ok<StatusResponse>(
      putStatus(app, player, { game: 'Factorio', source: 'detected', expiresIn: '2h' }),
    )
    expect(saved.status).toMatchObject({
      game: 'Factorio',
      gameSlug: 'factorio',
      note: '',
      source: 'detected',
    })
    expect(saved.status?.expiresAt).not.toBeNull()
    const seen = await ok<PresenceLookupResponse>(
      app.get(`/api/presence/users?ids=${player.id}`, viewer.token),
    )
    expect(seen.users[player.id]?.status).toEqual(saved.status)
    const cleared = await ok<StatusResponse>(
      app.send('/api/me/status', undefined, { token: player.token, method: 'DELETE' }),
    )
    expect(cleared).toEqual({ status: null })
  })
})

describe('a block while both are online', () => {
  it.override(fast)
  it('takes each one’s dot and status off the other’s screens at once', async ({ app }) => {
    const alice = await quickUser(app, 'alice')
    const bob = await quickUser(app, 'bob')
    await ok(
      app.send('/api/me/games', { games: ['Dota 2'] }, { token: alice.token, method: 'PUT' }),
    )
    const aliceStream = await connect(app, alice)
    const bobStream = await connect(app, bob)
    await app.presence.settled()
    await ok(putStatus(app, alice, { game: 'Dota 2', expiresIn: '2h' }))
    await ok(putStatus(app, bob, { game: 'Dota 2', expiresIn: '2h' }))
    await aliceStream.settle(50)
    await bobStream.settle(50)
    const seen = (stream: typeof aliceStream, who: Player) =>
      stream.events
        .filter((event) => (event.data as { userId?: string }).userId === who.id)
        .map((event) => [event.type, event.data])

    await ok(app.send(`/api/users/me/block/${bob.id}`, {}, { token: alice.token }))
    await bobStream.settle(100)
    await aliceStream.settle(100)
    // The one blocked sees the blocker go offline, with no status; the blocker sees the same.
    expect(seen(bobStream, alice).slice(-2)).toEqual([
      ['presence', { userId: alice.id, presence: 'offline' }],
      ['status', { userId: alice.id, status: null }],
    ])
    expect(seen(aliceStream, bob).slice(-2)).toEqual([
      ['presence', { userId: bob.id, presence: 'offline' }],
      ['status', { userId: bob.id, status: null }],
    ])
    expect(await playing(app, bob, 'dota2')).toEqual(['bob'])
  })
})
