/**
 * Presence and "now playing" (docs/API.md, "Presence and now playing"): presence follows the
 * live streams (connect, a reload within the grace, idle, the last stream closing), "appear
 * offline" and blocks hide presence and status from others, the live stream included, and a
 * status is checked and announced at expiry.
 */
import type {
  LiveEventMap,
  OwnPresenceResponse,
  PresenceListResponse,
  PresenceLookupResponse,
  SessionResponse,
  StatusResponse,
} from '../../../src/shared/api-types'
import { expectError, ok, quickUser } from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'
import { liveStreams } from '../../helpers/live-streams'
import { nextPresence } from '../../helpers/presence-events'
import type { EventReader } from '../../helpers/sse'
import { makeTestApp, type TestApp } from '../../helpers/server-app'

const connect = liveStreams()

/** A short grace, so that the tests wait for it for real. */
const GRACE_MS = 150

const fast = { appOptions: { demo: false, presence: { graceMs: GRACE_MS } } }

interface Player {
  token: string
  id: string
}

const lookup = async (app: TestApp, viewer: Player, ...users: Player[]) =>
  (
    await ok<PresenceLookupResponse>(
      app.get(`/api/presence/users?ids=${users.map((user) => user.id).join(',')}`, viewer.token),
    )
  ).users

const putPresence = (app: TestApp, who: Player, body: unknown) =>
  app.send('/api/me/presence', body, { token: who.token, method: 'PUT' })

const putStatus = (app: TestApp, who: Player, body: unknown) =>
  app.send('/api/me/status', body, { token: who.token, method: 'PUT' })

/** The next `presence` or `status` event about `who`, passing over those about others. */
async function about<Type extends 'presence' | 'status'>(
  stream: EventReader,
  type: Type,
  who: Player,
  timeoutMs = 2000,
): Promise<LiveEventMap[Type]> {
  // Presence may come in a batch with others' (`presences`).
  if (type === 'presence')
    return (await nextPresence(stream, who.id, timeoutMs)) as LiveEventMap[Type]
  for (;;) {
    const event = await stream.next(type, timeoutMs)
    if (event.data.userId === who.id) return event.data
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('presence', () => {
  it.override(fast)
  it('goes online with a stream, survives a reload within the grace, and goes offline after it', async ({
    app,
  }) => {
    const alice = await quickUser(app, 'alice')
    const bob = await quickUser(app, 'bob')
    const aliceStream = await connect(app, alice)
    expect((await lookup(app, alice, bob))[bob.id]).toEqual({ presence: 'offline', status: null })

    const bobStream = await connect(app, bob)
    expect(await about(aliceStream, 'presence', bob)).toEqual({
      userId: bob.id,
      presence: 'online',
    })
    await app.presence.settled()
    expect((await lookup(app, alice, bob))[bob.id]?.presence).toBe('online')

    // A reload: the stream closes and a new one opens within the grace. Nobody hears of it.
    await bobStream.close()
    const again = await connect(app, bob)
    await sleep(GRACE_MS * 2)
    await app.presence.settled()
    expect((await aliceStream.settle(50)).filter((type) => type.startsWith('presence'))).toEqual([])
    expect((await lookup(app, alice, bob))[bob.id]?.presence).toBe('online')

    // The last stream closes: offline once the grace is over, not before.
    await again.close()
    await app.presence.settled()
    expect((await lookup(app, alice, bob))[bob.id]?.presence).toBe('online')
    expect(await about(aliceStream, 'presence', bob, 2000)).toEqual({
      userId: bob.id,
      presence: 'offline',
    })
    expect((await lookup(app, alice, bob))[bob.id]?.presence).toBe('offline')
  })

  it('is idle while the user says so, and online again on input', async ({ app }) => {
    const alice = await quickUser(app, 'alice')
    const bob = await quickUser(app, 'bob')
    const aliceStream = await connect(app, alice)
    await connect(app, bob)
    await about(aliceStream, 'presence', bob)

    const idle = await ok<OwnPresenceResponse>(putPresence(app, bob, { idle: true }))
    expect(idle).toEqual({ presence: 'idle', idle: true, appearOffline: false })
    expect(await about(aliceStream, 'presence', bob)).toEqual({ userId: bob.id, presence: 'idle' })
    expect((await lookup(app, alice, bob))[bob.id]?.presence).toBe('idle')

    await ok(putPresence(app, bob, { idle: false }))
    expect(await about(aliceStream, 'presence', bob)).toEqual({
      userId: bob.id,
      presence: 'online',
    })
  })

  it('lists who is here, those the viewer follows first, without the viewer', async ({ app }) => {
    const viewer = await quickUser(app, 'viewer')
    const zed = await quickUser(app, 'zed')
    const amy = await quickUser(app, 'amy')
    const away = await quickUser(app, 'away')
    await ok(app.send(`/api/users/follow/${zed.id}`, {}, { token: viewer.token }))
    for (const who of [viewer, zed, amy]) await connect(app, who)
    await app.presence.settled()
    const { users } = await ok<PresenceListResponse>(app.get('/api/presence', viewer.token))
    expect(users.map((entry) => [entry.user.username, entry.followed, entry.presence])).toEqual([
      ['zed', true, 'online'],
      ['amy', false, 'online'],
    ])
    expect(users.some((entry) => entry.user.id === away.id)).toBe(false)
  })

  it('refuses a lookup without a signed-in user or with ids that are not ids', async ({ app }) => {
    const alice = await quickUser(app, 'alice')
    await expectError(app.get('/api/presence/users?ids=1'), 401, /./, 'INVALID_TOKEN')
    const notIds = 'ids must list user ids, e.g. ids=1,2,3.'
    await expectError(app.get('/api/presence/users?ids=1,abc', alice.token), 400, notIds)
    const many = Array.from({ length: 101 }, (_, index) => index + 1).join(',')
    await expectError(
      app.get(`/api/presence/users?ids=${many}`, alice.token),
      400,
      'ids can name at most 100 users.',
      'VALIDATION',
    )
    await expectError(putPresence(app, alice, {}), 400, 'Send idle or appearOffline.')
    await expectError(putPresence(app, alice, { idle: 'yes' }), 400, 'idle must be true or false.')
    await expectError(
      app.send('/api/me/status', { game: 'Doom', expiresIn: '30m' }, { method: 'PUT' }),
      401,
      /./,
    )
  })
})

describe('appear offline', () => {
  it.override(fast)
  it('hides presence and status from everyone, live too, and is read back in the session', async ({
    app,
  }) => {
    const alice = await quickUser(app, 'alice')
    const bob = await quickUser(app, 'bob')
    const aliceStream = await connect(app, alice)
    const bobStream = await connect(app, bob)
    await about(aliceStream, 'presence', bob)
    await ok(putStatus(app, bob, { game: 'Counter-Strike 2', expiresIn: 'never' }))
    await about(aliceStream, 'status', bob)

    const answer = await ok<OwnPresenceResponse>(putPresence(app, bob, { appearOffline: true }))
    expect(answer.appearOffline).toBe(true)
    expect(await about(aliceStream, 'presence', bob)).toEqual({
      userId: bob.id,
      presence: 'offline',
    })
    expect(await about(aliceStream, 'status', bob)).toEqual({ userId: bob.id, status: null })
    // Bob's own screens are not told he went away.
    expect((await bobStream.settle(50)).filter((type) => type.startsWith('presence'))).toEqual([])
    expect((await lookup(app, alice, bob))[bob.id]).toEqual({ presence: 'offline', status: null })
    const here = await ok<PresenceListResponse>(app.get('/api/presence', alice.token))
    expect(here.users).toEqual([])
    // He still sees himself as he is.
    expect((await lookup(app, bob, bob))[bob.id]?.status?.game).toBe('Counter-Strike 2')
    const session = await ok<SessionResponse>(app.get('/api/auth/session', bob.token))
    expect(session.appearOffline).toBe(true)

    // Nothing of what he does while offline reaches anyone.
    await ok(putStatus(app, bob, { game: 'Dota 2', expiresIn: '2h' }))
    await ok(putPresence(app, bob, { idle: true }))
    const second = await connect(app, bob)
    await second.close()
    await app.presence.settled()
    expect(await aliceStream.settle(100)).toEqual([])

    // Back: everyone hears where he is and what he plays.
    await ok(putPresence(app, bob, { appearOffline: false }))
    expect(await about(aliceStream, 'presence', bob)).toEqual({ userId: bob.id, presence: 'idle' })
    expect((await about(aliceStream, 'status', bob)).status?.game).toBe('Dota 2')
  })
})

describe('blocked users', () => {
  it.override(fast)
  it('see nothing of each other’s presence or status, either way', async ({ app }) => {
    const alice = await quickUser(app, 'alice')
    const bob = await quickUser(app, 'bob')
    const carol = await quickUser(app, 'carol')
    await ok(app.send(`/api/users/me/block/${alice.id}`, {}, { token: bob.token }))
    const aliceStream = await connect(app, alice)
    const carolStream = await connect(app, carol)
    await connect(app, bob)
    await ok(putStatus(app, bob, { game: 'Dota 2', note: 'LFG ranked', expiresIn: '30m' }))
    expect((await about(carolStream, 'status', bob)).status?.note).toBe('LFG ranked')
    // Bob's presence reaches a bystander (it may arrive after his status: no order is promised).
    expect(await about(carolStream, 'presence', bob)).toMatchObject({ userId: bob.id })

    const aliceHeard = aliceStream.events.filter((event) =>
      JSON.stringify(event.data).includes(`"userId":"${bob.id}"`),
    )
    expect(aliceHeard).toEqual([])
    expect((await lookup(app, alice, bob))[bob.id]).toEqual({ presence: 'offline', status: null })
    expect((await lookup(app, bob, alice))[alice.id]).toEqual({ presence: 'offline', status: null })
    const here = await ok<PresenceListResponse>(app.get('/api/presence', alice.token))
    expect(here.users.map((entry) => entry.user.username)).toEqual(['carol'])
  })
})

describe('an unblock', () => {
  it.override(fast)
  it('brings each one’s dot and status back to the other’s screens at once', async ({ app }) => {
    const alice = await quickUser(app, 'alice')
    const bob = await quickUser(app, 'bob')
    const aliceStream = await connect(app, alice)
    const bobStream = await connect(app, bob)
    await app.presence.settled()
    const { status: aliceStatus } = await ok<StatusResponse>(
      putStatus(app, alice, { game: 'Dota 2', note: 'mid only', expiresIn: '2h' }),
    )
    const { status: bobStatus } = await ok<StatusResponse>(
      putStatus(app, bob, { game: 'Deep Rock Galactic', expiresIn: '30m' }),
    )
    await ok(putPresence(app, bob, { idle: true }))
    await ok(app.send(`/api/users/me/block/${bob.id}`, {}, { token: alice.token }))
    await aliceStream.settle(100)
    await bobStream.settle(100)
    const before = { alice: aliceStream.events.length, bob: bobStream.events.length }
    const heard = (stream: EventReader, from: number, who: Player) =>
      stream.events
        .slice(from)
        .filter((event) => (event.data as { userId?: string }).userId === who.id)
        .map((event) => [event.type, event.data])

    // The unblock alone brings them back: neither of them changes anything.
    await ok(app.send(`/api/users/me/unblock/${bob.id}`, {}, { token: alice.token }))
    await aliceStream.settle(150)
    await bobStream.settle(150)
    expect(heard(aliceStream, before.alice, bob)).toEqual([
      ['presence', { userId: bob.id, presence: 'idle' }],
      ['status', { userId: bob.id, status: bobStatus }],
    ])
    expect(heard(bobStream, before.bob, alice)).toEqual([
      ['presence', { userId: alice.id, presence: 'online' }],
      ['status', { userId: alice.id, status: aliceStatus }],
    ])
    // What they heard is what a reload would show them.
    expect((await lookup(app, alice, bob))[bob.id]).toEqual({ presence: 'idle', status: bobStatus })
    expect((await lookup(app, bob, alice))[alice.id]).toEqual({
      presence: 'online',
      status: aliceStatus,
    })
  })

  it('tells nothing of one who still blocks, or appears offline', async ({ app }) => {
    const alice = await quickUser(app, 'alice')
    const bob = await quickUser(app, 'bob')
    const carol = await quickUser(app, 'carol')
    const aliceStream = await connect(app, alice)
    const bobStream = await connect(app, bob)
    const carolStream = await connect(app, carol)
    await app.presence.settled()
    for (const who of [alice, bob, carol]) {
      await ok(putStatus(app, who, { game: 'Dota 2', expiresIn: '2h' }))
    }
    // Alice and Bob block each other; Alice unblocks, Bob does not.
    await ok(app.send(`/api/users/me/block/${bob.id}`, {}, { token: alice.token }))
    await ok(app.send(`/api/users/me/block/${alice.id}`, {}, { token: bob.token }))
    // Carol, blocked by Alice, appears offline before Alice unblocks her.
    await ok(app.send(`/api/users/me/block/${carol.id}`, {}, { token: alice.token }))
    await ok(
      app.send('/api/me/presence', { appearOffline: true }, { token: carol.token, method: 'PUT' }),
    )
    for (const stream of [aliceStream, bobStream, carolStream]) await stream.settle(100)
    const before = [aliceStream, bobStream, carolStream].map((stream) => stream.events.length)

    await ok(app.send(`/api/users/me/unblock/${bob.id}`, {}, { token: alice.token }))
    await ok(app.send(`/api/users/me/unblock/${carol.id}`, {}, { token: alice.token }))
    for (const stream of [aliceStream, bobStream, carolStream]) await stream.settle(150)
    const told = [aliceStream, bobStream, carolStream].map((stream, index) =>
      stream.events
        .slice(before[index])
        .filter((event) => event.type === 'presence' || event.type === 'status')
        .map((event) => [event.type, (event.data as { userId: string }).userId]),
    )
    // Only Carol hears of anyone: Alice, whom she does not block.
    expect(told).toEqual([
      [],
      [],
      [
        ['presence', alice.id],
        ['status', alice.id],
      ],
    ])
    expect((await lookup(app, alice, bob))[bob.id]).toEqual({ presence: 'offline', status: null })
    expect((await lookup(app, alice, carol))[carol.id]).toEqual({
      presence: 'offline',
      status: null,
    })
  })
})

describe('now playing', () => {
  it.override(fast)
  it('sets, shows and clears a status, live', async ({ app }) => {
    const alice = await quickUser(app, 'alice')
    const bob = await quickUser(app, 'bob')
    const aliceStream = await connect(app, alice)
    const { status } = await ok<StatusResponse>(
      putStatus(app, bob, {
        game: '  Counter-Strike 2  ',
        note: 'LFG ranked, need 2',
        expiresIn: '2h',
      }),
    )
    expect(status).toMatchObject({
      game: 'Counter-Strike 2',
      note: 'LFG ranked, need 2',
      source: 'manual',
    })
    expect(Date.parse(status?.expiresAt ?? '') - Date.parse(status?.since ?? '')).toBe(
      2 * 60 * 60 * 1000,
    )
    expect(await about(aliceStream, 'status', bob)).toEqual({ userId: bob.id, status })
    expect((await lookup(app, alice, bob))[bob.id]?.status).toEqual(status)

    await ok(app.send('/api/me/status', undefined, { token: bob.token, method: 'DELETE' }))
    expect(await about(aliceStream, 'status', bob)).toEqual({ userId: bob.id, status: null })
    expect((await lookup(app, alice, bob))[bob.id]?.status).toBeNull()
  })

  it.each([
    [{ game: '', expiresIn: '30m' }, 'The game cannot be empty.'],
    [{ game: '   ', expiresIn: '30m' }, 'The game cannot be empty.'],
    [{ game: 'x'.repeat(61), expiresIn: '30m' }, 'The game can be at most 60 characters.'],
    [{ game: 'Doom\nEternal', expiresIn: '30m' }, 'The game must be plain text on one line.'],
    [
      { game: 'Doom', note: 'n'.repeat(81), expiresIn: '30m' },
      'The note can be at most 80 characters.',
    ],
    [{ game: 'Doom', expiresIn: '1d' }, 'expiresIn must be "30m", "2h" or "never".'],
    [
      { game: 'Doom', expiresIn: '30m', source: 'guessed' },
      'source must be "manual" or "detected".',
    ],
    [{ game: 'Doom' }, 'expiresIn must be "30m", "2h" or "never".'],
  ])('refuses %j', async (body, message) => {
    // One app for the table: each row only reads.
    const app = await makeTestApp({ demo: false })
    try {
      const alice = await quickUser(app, 'alice')
      await expectError(putStatus(app, alice, body), 400, message, 'VALIDATION')
    } finally {
      await app.close()
    }
  })
})
