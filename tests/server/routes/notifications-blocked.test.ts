/**
 * Blocking stops notifications both ways (docs/API.md, "Notifications"): someone blocked who
 * still mentions the other, in a post or in a comment on a third player's post, cannot reach the
 * blocker's list, badge or stream; after an unblock they can again. (Likes, comments and votes
 * across a block are refused outright: blocked-interactions.test.ts.)
 */
import type { NotificationsPage } from '../../../src/shared/api-types'
import { addComment, createPost, ok } from '../../helpers/api'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it, test } from '../../helpers/fixtures'

const unread = async (app: TestApp, token: string) =>
  (await ok<{ unreadCount: number }>(app.get('/api/notifications/unread-count', token))).unreadCount

const types = async (app: TestApp, token: string) =>
  (await ok<NotificationsPage>(app.get('/api/notifications', token))).notifications.map(
    (notification) => `${notification.type}:${notification.actor.username}`,
  )

describe('notifications between users who blocked each other', () => {
  test.override({ appOptions: { demo: false } })

  it('never reach the blocker, nor the one blocked, and come back after an unblock', async ({
    app,
  }) => {
    const star = await app.signup('star')
    const pest = await app.signup('pest')
    const host = await app.signup('party_host')
    const starPost = await createPost(app, star.token, 'my post')
    const hostPost = await createPost(app, host.token, 'open thread')
    await ok(app.send(`/api/users/me/block/${pest.id}`, {}, { token: star.token }))

    // Mentions either way: in their own posts, and in comments on a third player's post.
    await addComment(app, pest.token, hostPost, 'hey @star')
    await addComment(app, star.token, hostPost, 'not you @pest')
    await createPost(app, pest.token, 'look @star')
    await createPost(app, star.token, 'not you either @pest')

    expect(await unread(app, star.token)).toBe(0)
    expect(await types(app, star.token)).toEqual([])
    expect(await types(app, pest.token)).toEqual([])

    await ok(app.send(`/api/users/me/unblock/${pest.id}`, {}, { token: star.token }))
    await addComment(app, pest.token, starPost, 'friends again')
    await ok(app.send(`/api/users/follow/${star.id}`, {}, { token: pest.token }))
    expect(await types(app, star.token)).toEqual(['follow:pest', 'comment:pest'])
    expect(await unread(app, star.token)).toBe(2)
  })
})
