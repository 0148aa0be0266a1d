/**
 * Presence told in batches (presence/announcer.ts): players arriving together are told
 * to each stream as one event, not one per arrival (N² at community scale), and the audience
 * rules hold for each user inside a batch, live and in a replay: nobody hears of someone they
 * block or who blocks them, nor of one who appears offline. Events carrying a post are encoded
 * once per audience class, whatever the number of streams.
 */
import type { PostResponse } from '../../../src/shared/api-types'
import { ok, quickUser } from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'
import { liveStreams } from '../../helpers/live-streams'
import type { EventReader, ReceivedEvent } from '../../helpers/sse'
import type { TestApp } from '../../helpers/server-app'

const connect = liveStreams()

/** Long enough that every arrival of a test falls in one batch; `settled()` tells it. */
const oneBatch = { appOptions: { demo: false, presence: { batchMs: 60_000 } } }

const presenceEvents = (events: ReceivedEvent[]) =>
  events.filter((event) => event.type === 'presence' || event.type === 'presences')

/** What the presence events of a stream said, by user id (the latest wins). */
function toldOf(events: ReceivedEvent[]): Record<string, string> {
  const told: Record<string, string> = {}
  for (const event of presenceEvents(events)) {
    if (event.type === 'presence') {
      const data = event.data as { userId: string; presence: string }
      told[data.userId] = data.presence
    } else Object.assign(told, (event.data as { users: Record<string, string> }).users)
  }
  return told
}

async function settle(app: TestApp, streams: EventReader[]) {
  await app.presence.settled()
  for (const stream of streams) await stream.settle(30)
}

describe('presence batches', () => {
  it.override(oneBatch)
  it('tell thirty arrivals to each stream in one event, encoded once', async ({ app }) => {
    const players = []
    for (let index = 0; index < 30; index++) players.push(await quickUser(app, `player${index}`))
    const streams: EventReader[] = []
    for (const player of players) streams.push(await connect(app, player))
    const before = { ...app.events.counts }
    await settle(app, streams)

    const everyone = Object.fromEntries(players.map((player) => [player.id, 'online']))
    for (const stream of streams) {
      // The first to arrive heard of the 29 after it in the same one event.
      expect(presenceEvents(stream.events).map((event) => event.type)).toEqual(['presences'])
      expect(toldOf(stream.events)).toEqual(everyone)
    }
    expect(app.events.counts.events - before.events).toBe(1)
    expect(app.events.counts.encodes - before.encodes).toBe(1)
    expect(app.events.counts.writes - before.writes).toBe(30)
  })

  it('leave out whom each viewer blocks or is blocked by, and who appears offline, live and in a replay', async ({
    app,
  }) => {
    const alice = await quickUser(app, 'alice')
    const bob = await quickUser(app, 'bob')
    const carol = await quickUser(app, 'carol')
    const dave = await quickUser(app, 'dave')
    const erin = await quickUser(app, 'erin')
    await ok(app.send(`/api/users/me/block/${bob.id}`, {}, { token: alice.token }))
    await ok(app.send(`/api/users/me/block/${carol.id}`, {}, { token: dave.token }))
    await ok(
      app.send('/api/me/presence', { appearOffline: true }, { token: erin.token, method: 'PUT' }),
    )
    const players = [alice, bob, carol, dave, erin]
    const streams: EventReader[] = []
    for (const player of players) streams.push(await connect(app, player))
    const startIds = streams.map((stream) => stream.lastEventId())
    await settle(app, streams)

    const online = (...who: { id: string }[]) =>
      Object.fromEntries(who.map((player) => [player.id, 'online']))
    const expected = [
      online(alice, carol, dave),
      online(bob, carol, dave),
      online(alice, bob, carol),
      online(alice, bob, dave),
      online(alice, bob, carol, dave),
    ]
    // Alice, Bob, Carol, Dave and Erin, in that order.
    expect(streams.map((stream) => toldOf(stream.events))).toEqual(expected)
    // A reload within the grace replays the batch as each may see it, and no one hears of it.
    for (const [index, player] of players.entries()) {
      const again = await connect(app, player, startIds[index])
      expect(toldOf(again.events)).toEqual(expected[index])
    }
  })
})

describe('a post quoting a muted author', () => {
  it.override({ appOptions: { demo: false } })
  it('is encoded once for those who see the quote and once for those who do not', async ({
    app,
  }) => {
    const author = await quickUser(app, 'author')
    const quoter = await quickUser(app, 'quoter')
    const viewers = await Promise.all(['v1', 'v2', 'v3', 'v4'].map((name) => quickUser(app, name)))
    const quoted = await ok<PostResponse>(
      app.send(
        '/api/posts',
        { postData: { content: 'the original' } },
        {
          token: author.token,
          headers: { prefer: 'return=minimal' },
        },
      ),
      201,
    )
    // Three of the four viewers mute the quoted author.
    for (const viewer of viewers.slice(0, 3)) {
      await ok(app.send(`/api/users/me/mute/${author.id}`, {}, { token: viewer.token }))
    }
    const streams = await Promise.all(viewers.map((viewer) => connect(app, viewer)))
    await settle(app, streams)
    const before = { ...app.events.counts }
    let postEvents = 0
    const stop = app.events.onChange((change) => {
      if (change.kind === 'event' && change.type === 'post') postEvents += 1
    })
    await ok(
      app.send(
        '/api/posts',
        { postData: { content: 'look at this', quoteOf: quoted.post._id } },
        { token: quoter.token },
      ),
      201,
    )
    stop()
    const states = await Promise.all(
      streams.map(async (stream) => (await stream.next('post')).data.post.quoteOf?.state),
    )
    expect(states).toEqual(['unavailable', 'unavailable', 'unavailable', 'visible'])
    // One event for each audience class (not one per viewer who may not see the quote), each
    // encoded once.
    expect(postEvents).toBe(2)
    expect(app.events.counts.encodes - before.encodes).toBe(
      app.events.counts.events - before.events,
    )
  })
})
