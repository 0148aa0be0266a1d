/**
 * Search finds what was meant: each section's count for the search page's
 * tabs (`counts=true`), capped, without what the viewer may not see; and a query of symbols
 * alone, markup included, matches nothing anywhere. SQLite and, with vitest.pg.config.ts,
 * PostgreSQL.
 */
import type { SearchResponse } from '../../../src/shared/api-types'
import { SEARCH_LIMITS } from '../../../src/shared/search'
import { createPost, expectError, ok } from '../../helpers/api'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'

const search = (app: TestApp, query: string, token?: string) =>
  ok<SearchResponse>(app.get(`/api/search?${query}`, token))
const q = (text: string) => `q=${encodeURIComponent(text)}`

describe('GET /api/search?counts=true', () => {
  it('counts each section the query applies to, people whose name begins with it included', async ({
    makeApp,
  }) => {
    const app = await makeApp({ demo: false })
    const nova = await app.signup('nova_strike')
    await app.signup('novak')
    const other = await app.signup('other_player')
    await createPost(app, other.token, 'nothing about her')
    await createPost(app, nova.token, 'hello #novagame')
    await ok(
      app.send('/api/me/games', { games: ['Nova Drift'] }, { token: nova.token, method: 'PUT' }),
    )

    const answer = await search(app, `${q('nova')}&counts=true`, other.token)
    expect(answer.counts).toEqual({ posts: 1, tags: 1, users: 2, games: 1 })
    // Without counts=true, none (the box's calls stay as they were).
    expect((await search(app, q('nova'))).counts).toBeUndefined()
    // With a type, a page alone.
    expect((await search(app, `${q('nova')}&type=users&counts=true`)).counts).toBeUndefined()
    // "@nova": people and posts only.
    expect((await search(app, `${q('@nova')}&counts=true`)).counts).toEqual({ posts: 1, users: 2 })
    await expectError(
      app.get(`/api/search?${q('nova')}&counts=maybe`),
      400,
      'counts must be true or false.',
      'VALIDATION',
    )
  })

  it('stops at the cap and leaves out blocked authors', async ({ makeApp }) => {
    const app = await makeApp({ demo: false })
    const me = await app.signup('viewer')
    const blocked = await app.signup('blocked_one')
    for (let i = 0; i < 3; i++) await createPost(app, blocked.token, `raid ${i}`)
    await createPost(app, me.token, 'raid tonight')
    expect((await search(app, `${q('raid')}&counts=true`, me.token)).counts?.posts).toBe(4)
    await ok(app.send(`/api/users/me/block/${blocked.id}`, {}, { token: me.token }))
    expect((await search(app, `${q('raid')}&counts=true`, me.token)).counts?.posts).toBe(1)

    const rows = Array.from({ length: SEARCH_LIMITS.countCap + 5 }, (_, i) => `boss run ${i}`)
    for (const text of rows) await createPost(app, me.token, text)
    expect((await search(app, `${q('boss')}&counts=true`, me.token)).counts?.posts).toBe(
      SEARCH_LIMITS.countCap,
    )
  })
})

describe('a query of symbols alone', () => {
  it('matches nothing in any section, markup included', async ({ makeApp }) => {
    const app = await makeApp({ demo: false })
    const bob = await app.signup('bob_builder')
    await createPost(app, bob.token, 'bold build #base')
    await ok(
      app.send(
        '/api/me/games',
        { games: ['Baldur’s Gate 3'] },
        { token: bob.token, method: 'PUT' },
      ),
    )

    for (const text of ['@#$%^&*()"<b>', '<b>', '</i><br/>', '#<b>', '@<b>']) {
      const answer = await search(app, `${q(text)}&counts=true`, bob.token)
      expect(answer.words, text).toEqual([])
      for (const section of ['posts', 'tags', 'users', 'games'] as const) {
        expect(answer[section]?.items ?? [], `${text} ${section}`).toEqual([])
        const paged = await search(app, `${q(text)}&type=${section}`, bob.token)
        expect(paged[section]?.items, `${text} ${section} page`).toEqual([])
      }
      expect(
        Object.values(answer.counts ?? {}).every((count) => count === 0),
        text,
      ).toBe(true)
    }
    // Words around markup are still searched: the markup alone is left out.
    const wrapped = await search(app, `${q('<b>bold</b>')}&counts=true`, bob.token)
    expect(wrapped.words).toEqual(['bold'])
    expect(wrapped.counts?.posts).toBe(1)
    // A single letter still finds names beginning with it, as the spec's user search does.
    expect((await search(app, q('b'), bob.token)).users?.items.map((u) => u.username)).toEqual([
      'bob_builder',
    ])
  })
})
