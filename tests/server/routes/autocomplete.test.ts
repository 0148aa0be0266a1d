/**
 * What the composer suggests (docs/API.md, "Autocomplete"): people after `@`, those the viewer
 * follows first; tags after `#`, the most used first, counting only posts the viewer may see.
 */
import type { TagSuggestionsResponse, UsersPage } from '../../../src/shared/api-types'
import { createPost, expectError, ok } from '../../helpers/api'
import { describe, expect, it, test } from '../../helpers/fixtures'
import type { TestApp } from '../../helpers/server-app'

const names = (page: UsersPage) => page.users.map((user) => user.username)
const mentions = async (app: TestApp, token: string, prefix: string) =>
  names(
    await ok<UsersPage>(
      app.get(`/api/users?search=${encodeURIComponent(prefix)}&followedFirst=true&limit=8`, token),
    ),
  )
const tags = async (app: TestApp, prefix: string, token?: string) =>
  (
    await ok<TagSuggestionsResponse>(
      app.get(`/api/tags?prefix=${encodeURIComponent(prefix)}`, token),
    )
  ).tags

describe('autocomplete', () => {
  test.override({ appOptions: { demo: false } })

  it('suggests people the viewer follows first, never themselves, the blocked or the muted', async ({
    app,
  }) => {
    const me = await app.signup('nightowl')
    await app.signup('nightcrawler')
    const friend = await app.signup('nighthawk')
    const pest = await app.signup('nightmare')
    const bore = await app.signup('nightingale')
    const long = await app.signup('Nightshade_of_the_long_names_x')
    await ok(app.send(`/api/users/follow/${friend.id}`, {}, me))
    await ok(app.send(`/api/users/follow/${long.id}`, {}, me))
    await ok(app.send(`/api/users/me/block/${me.id}`, {}, pest))
    await ok(app.send(`/api/users/me/mute/${bore.id}`, {}, me))

    expect(await mentions(app, me.token, 'Nigh')).toEqual([
      'nighthawk',
      'Nightshade_of_the_long_names_x',
      'nightcrawler',
    ])
    // Without followedFirst (or without a token) it is the plain alphabetical search.
    const plain = await ok<UsersPage>(app.get('/api/users?search=nigh&limit=8'))
    expect(names(plain)).toContain('nightmare')
    // The limit holds.
    const one = await ok<UsersPage>(
      app.get('/api/users?search=nigh&followedFirst=true&limit=1', me.token),
    )
    expect(names(one)).toEqual(['nighthawk'])
    expect(one.nextCursor).toBeNull()
  })

  it('suggests tags by use, visible posts only, whatever the case of the prefix', async ({
    app,
  }) => {
    const alice = await app.signup('alice')
    const pest = await app.signup('pest')
    await createPost(app, alice.token, '#lanparty tonight')
    await createPost(app, alice.token, '#LANparty again, #lan')
    await createPost(app, alice.token, '#lanyard? #lanparty')
    for (let i = 0; i < 4; i += 1) await createPost(app, pest.token, `#lanyard spam ${i}`)
    expect(await tags(app, '#LAN')).toEqual([
      { tag: 'lanyard', postCount: 5 },
      { tag: 'lanparty', postCount: 3 },
      { tag: 'lan', postCount: 1 },
    ])
    // Alice blocks the pest: their posts no longer count for her.
    await ok(app.send(`/api/users/me/block/${pest.id}`, {}, alice))
    expect(await tags(app, 'lan', alice.token)).toEqual([
      { tag: 'lanparty', postCount: 3 },
      { tag: 'lan', postCount: 1 },
      { tag: 'lanyard', postCount: 1 },
    ])
    expect(await tags(app, 'zzz')).toEqual([])
    // An empty prefix: the most used tags.
    expect((await tags(app, ''))[0]).toEqual({ tag: 'lanyard', postCount: 5 })
  })

  it('refuses a prefix that cannot start a tag, and a bad limit', async ({ app }) => {
    await expectError(
      app.get('/api/tags?prefix=a%20b'),
      400,
      'prefix must be the start of a hashtag: letters, digits and "_".',
      'VALIDATION',
    )
    await expectError(app.get('/api/tags'), 400, 'Send the start of a tag as prefix.', 'VALIDATION')
    await expectError(
      app.get('/api/tags?prefix=a&limit=101'),
      400,
      'limit can be at most 100.',
      'VALIDATION',
    )
  })
})
