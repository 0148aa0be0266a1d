/**
 * `GET /api/users?suggest=true` never suggests someone the viewer may not see: a suspended
 * account, anyone the viewer blocked or who blocked them (docs/API.md, "suggest=true").
 */
import type { UsersPage } from '../../../src/shared/api-types'
import { unblock } from '../../../src/server/services/writes/relations'
import { block } from '../../../src/server/services/writes/relations'
import { setSuspended } from '../../../src/server/services/writes/hosting'
import { follow } from '../../../src/server/services/writes/follows'
import { ok, quickUser } from '../../helpers/api'
import { describe, expect, it, test } from '../../helpers/fixtures'

describe('suggestions leave out hidden people', () => {
  test.override({ appOptions: { demo: false } })

  it('skips suspended accounts and blocks either way, and brings them back when lifted', async ({
    app,
  }) => {
    const viewer = await quickUser(app, 'viewer')
    await quickUser(app, 'friend')
    const suspended = await quickUser(app, 'suspended')
    const blockedByViewer = await quickUser(app, 'blocked_by_viewer')
    const blockerOfViewer = await quickUser(app, 'blocker_of_viewer')
    const followed = await quickUser(app, 'followed')
    await follow(app.db, Number(viewer.id), Number(followed.id))
    const suggested = async () =>
      (await ok<UsersPage>(app.get('/api/users?suggest=true&limit=20', viewer.token))).users
        .map((user) => user.username)
        .sort()

    // Before anything is hidden, everyone the viewer does not follow is there.
    expect(await suggested()).toEqual(
      ['blocked_by_viewer', 'blocker_of_viewer', 'friend', 'suspended'].sort(),
    )

    await setSuspended(app.db, Number(suspended.id), true, [])
    await block(app.db, Number(viewer.id), Number(blockedByViewer.id))
    await block(app.db, Number(blockerOfViewer.id), Number(viewer.id))
    expect(await suggested()).toEqual(['friend'])

    // The blocked people still see suggestions of their own, just not the viewer.
    const theirs = (
      await ok<UsersPage>(app.get('/api/users?suggest=true&limit=20', blockedByViewer.token))
    ).users.map((user) => user.username)
    expect(theirs).not.toContain('viewer')
    expect(theirs).toContain('friend')

    await setSuspended(app.db, Number(suspended.id), false, [])
    await unblock(app.db, Number(viewer.id), Number(blockedByViewer.id))
    await unblock(app.db, Number(blockerOfViewer.id), Number(viewer.id))
    expect(await suggested()).toEqual(
      ['blocked_by_viewer', 'blocker_of_viewer', 'friend', 'suspended'].sort(),
    )
  })

  it('pages through the rest without gaps when hidden people sit between pages', async ({
    app,
  }) => {
    const viewer = await quickUser(app, 'viewer')
    const made: string[] = []
    for (let i = 0; i < 7; i += 1) {
      const user = await quickUser(app, `player_${i}`)
      made.push(user.id)
      if (i % 2 === 1) await block(app.db, Number(user.id), Number(viewer.id))
    }
    const seen: string[] = []
    let cursor: string | null = null
    for (let page = 0; page < 10; page += 1) {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
      const answer: UsersPage = await ok<UsersPage>(
        app.get(`/api/users?suggest=true&limit=2${query}`, viewer.token),
      )
      seen.push(...answer.users.map((user) => user.username))
      cursor = answer.nextCursor ?? null
      if (!cursor) break
    }
    expect(seen.sort()).toEqual(['player_0', 'player_2', 'player_4', 'player_6'])
  })
})
