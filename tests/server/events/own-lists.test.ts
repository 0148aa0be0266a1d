/**
 * One's own lists on the live stream (docs/API.md "Live events"): a bookmark, a block or a mute
 * made on one device reaches every stream of that user, live and in a replay, and no one else's;
 * a follow reaches the user's other devices through the `follow` everyone gets. Events go out
 * after the commit, and a refused change sends none.
 */
import { vi } from 'vitest'
import type { RelationsResponse } from '../../../src/shared/api-types'
import { MESSAGES } from '../../../src/server/errors/messages'
import { createPost, expectError, ok } from '../../helpers/api'
import { liveStreams } from '../../helpers/live-streams'
import type { EventReader } from '../../helpers/sse'
import { describe, expect, it } from '../../helpers/fixtures'

/** Presence and status events (of streams opening) are not what this file is about. */
const notPresence = (event: { type: string }) =>
  event.type !== 'presence' && event.type !== 'presences' && event.type !== 'status'

/** One device of a user: a stream past its first `ready`. */
const device = liveStreams()

const PRIVATE_EVENTS = new Set(['bookmark', 'relations'])
const privateEventsOf = (reader: EventReader) =>
  reader.events.filter((event) => PRIVATE_EVENTS.has(event.type))

describe("live events of one's own lists", () => {
  it('tell every device of the user of a bookmark and its removal, and nobody else', async ({
    app,
  }) => {
    const me = await app.signup('two_devices')
    const author = await app.signup('author')
    const postId = await createPost(app, author.token, 'worth keeping')
    const [phone, pc] = [await device(app, me), await device(app, me)]
    const others = [await device(app, author), await device(app, await app.signup('watcher'))]

    await ok(app.send(`/api/users/bookmark/${postId}`, {}, me))
    await ok(app.send(`/api/users/remove-bookmark/${postId}`, {}, me))
    for (const stream of [phone, pc]) {
      const saved = (await stream.next('bookmark')).data
      expect(saved.bookmarked).toBe(true)
      expect(saved.post).toMatchObject({ _id: postId, content: 'worth keeping' })
      const removed = (await stream.next('bookmark')).data
      expect(removed).toMatchObject({ bookmarked: false, post: { _id: postId } })
    }
    // The post's author included: whose bookmarks these are is nobody else's business.
    for (const other of others) {
      await other.settle()
      expect(privateEventsOf(other)).toEqual([])
    }
  })

  it('tell every device of the user whom they block and mute now, and nobody else', async ({
    app,
  }) => {
    const me = await app.signup('two_devices')
    const target = await app.signup('target')
    const [phone, pc] = [await device(app, me), await device(app, me)]
    const others = [await device(app, target), await device(app, await app.signup('watcher'))]

    for (const action of ['mute', 'block', 'unmute', 'unblock']) {
      const answer = await ok<RelationsResponse>(
        app.send(`/api/users/me/${action}/${target.id}`, {}, me),
      )
      for (const stream of [phone, pc]) {
        expect((await stream.next('relations')).data, action).toEqual(answer)
      }
    }
    // The lists went both ways: blocked and muted, then neither.
    const told = privateEventsOf(pc).map((event) => event.data as RelationsResponse)
    expect(told.map(({ blocked, muted }) => [blocked.length, muted.length])).toEqual([
      [0, 1],
      [1, 1],
      [1, 0],
      [0, 0],
    ])
    expect(told[1]?.blocked[0]).toMatchObject({ _id: target.id, username: 'target' })
    for (const other of others) {
      await other.settle()
      expect(privateEventsOf(other)).toEqual([])
    }
  })

  it("tell the user's other device of a follow and an unfollow", async ({ app }) => {
    const me = await app.signup('two_devices')
    const followed = await app.signup('followed')
    const pc = await device(app, me)
    await ok(app.send(`/api/users/follow/${followed.id}`, {}, me))
    await ok(app.send(`/api/users/unfollow/${followed.id}`, {}, me))
    for (const following of [true, false]) {
      expect((await pc.next('follow')).data).toMatchObject({
        follower: { _id: me.id, followingCount: following ? 1 : 0 },
        followee: { _id: followed.id },
        following,
      })
    }
  })

  it('replay to a device of the user that reconnects, never to anyone else', async ({ app }) => {
    const me = await app.signup('two_devices')
    const other = await app.signup('other')
    const postId = await createPost(app, other.token, 'saved while away')
    const before = (await device(app, me)).lastEventId()

    await ok(app.send(`/api/users/bookmark/${postId}`, {}, me))
    await ok(app.send(`/api/users/me/mute/${other.id}`, {}, me))

    const mine = await device(app, me, before)
    expect(mine.events.filter(notPresence).map((event) => event.type)).toEqual([
      'bookmark',
      'relations',
      'ready',
    ])
    const theirs = await device(app, other, before)
    expect(theirs.events.filter(notPresence).map((event) => event.type)).toEqual(['ready'])
  })

  it('go out after the commit, and not at all for a bookmark that was already so', async ({
    app,
  }) => {
    const me = await app.signup('two_devices')
    const postId = await createPost(app, me.token, 'mine to keep')
    const pc = await device(app, me)
    const hub = app.events
    const publish = hub.publish.bind(hub)
    const committed: Promise<boolean>[] = []
    vi.spyOn(hub, 'publish').mockImplementation((type, data, audience) => {
      // What a device reads when the event arrives, through the store from outside: the change
      // is there. Published inside the transaction, the read fails (the SQLite store refuses a
      // statement through the outer store in a transaction's work) or, on PostgreSQL, does not
      // see the row yet. Only the bookmark's own event: the device's presence may go out meanwhile.
      if (type === 'bookmark')
        committed.push(
          app.db
            .get(
              'SELECT 1 AS one FROM bookmarks WHERE user_id = ? AND post_id = ?',
              Number(me.id),
              Number(postId),
            )
            .then(
              (saved) => saved !== undefined,
              () => false,
            ),
        )
      publish(type, data, audience)
    })
    await ok(app.send(`/api/users/bookmark/${postId}`, {}, me))
    expect((await pc.next('bookmark')).data.bookmarked).toBe(true)
    expect(await Promise.all(committed)).toEqual([true])

    await expectError(
      app.send(`/api/users/bookmark/${postId}`, {}, me),
      400,
      MESSAGES.alreadyBookmarked,
      'ALREADY_DONE',
    )
    expect(await pc.settle()).toEqual([])
    expect(await Promise.all(committed)).toEqual([true])
  })
})
