/**
 * Search (docs/API.md, "Search"): posts by words, tags by their beginning, people by name. Runs
 * on SQLite (FTS5) and, with vitest.pg.config.ts, on PostgreSQL (full-text search): the same
 * answers from both.
 */
import type { Post, SearchResponse } from '../../../src/shared/api-types'
import { SEARCH_LIMITS } from '../../../src/shared/search'
import { SEARCH_WINDOW, searchWords } from '../../../src/server/services/reads/search'
import { indexPost } from '../../../src/server/services/writes/search-index'
import { createPost, expectError, ok } from '../../helpers/api'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'

const search = (app: TestApp, query: string, token?: string) =>
  ok<SearchResponse>(app.get(`/api/search?${query}`, token))
const q = (text: string) => `q=${encodeURIComponent(text)}`
const postTexts = (answer: SearchResponse) =>
  (answer.posts?.items ?? []).map((item: Post) => item.content)

/** Posts by `alice` with these texts, oldest first, a millisecond apart at least. */
async function posts(app: TestApp, token: string, texts: string[]): Promise<string[]> {
  const ids: string[] = []
  for (const text of texts) {
    ids.push(await createPost(app, token, text))
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  return ids
}

describe('GET /api/search, posts', () => {
  it('finds posts holding every word, the last as a beginning, most relevant then newest', async ({
    makeApp,
  }) => {
    const app = await makeApp({ demo: false })
    const { token } = await app.signup('alice')
    await posts(app, token, [
      'LAN party on Saturday',
      'party at the lan tonight',
      'lanparty was great',
      'nothing to see',
      'Who brings the LAN cables?',
    ])
    // "lan" whole before "lanparty"; among equals the newest first. Case does not count.
    expect(postTexts(await search(app, `${q('lan')}&type=posts`))).toEqual([
      'Who brings the LAN cables?',
      'party at the lan tonight',
      'LAN party on Saturday',
      'lanparty was great',
    ])
    // Two words: both anywhere; side by side in that order first; the last one a beginning.
    expect(postTexts(await search(app, `${q('lan par')}&type=posts`))).toEqual([
      'LAN party on Saturday',
      'party at the lan tonight',
    ])
    expect(postTexts(await search(app, `${q('#lan')}&type=posts`))).toHaveLength(4)
    expect(postTexts(await search(app, `${q('zebra')}&type=posts`))).toEqual([])
  })

  it('finds each post of a burst written together as soon as its author is answered', async ({
    makeApp,
  }) => {
    // On SQLite the posts of one commit group are indexed together, just before its COMMIT
    // (services/writes/search-index.ts indexNewPost): every one of them, and none before.
    const app = await makeApp({ demo: false })
    const authors = await Promise.all(['ann', 'ben', 'cai', 'dee'].map((name) => app.signup(name)))
    const texts = authors.flatMap((_, index) => [
      `burstword ${index} #lan`,
      `burstword ${index} plain`,
    ])
    await Promise.all(
      texts.map(async (text, index) => {
        const author = authors[Math.floor(index / 2)]
        await createPost(app, author?.token ?? '', text)
        // Found at once, whatever else its group held.
        expect(postTexts(await search(app, `${q(text)}&type=posts`))).toContain(text)
      }),
    )
    expect(
      postTexts(await search(app, `${q('burstword')}&type=posts&limit=20`)).toSorted(),
    ).toEqual(texts.toSorted())
  })

  it('pages with cursors, each post once', async ({ makeApp }) => {
    const app = await makeApp({ demo: false })
    const { token } = await app.signup('alice')
    await posts(
      app,
      token,
      Array.from({ length: 7 }, (_, i) => (i % 2 ? `raid night ${i}` : `raid ${i} night`)),
    )
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const answer: SearchResponse = await search(
        app,
        `${q('raid night')}&type=posts&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      )
      seen.push(...postTexts(answer))
      cursor = answer.posts?.nextCursor ?? null
      pages++
    } while (cursor)
    expect(pages).toBe(3)
    expect(seen).toEqual([
      'raid night 5',
      'raid night 3',
      'raid night 1',
      'raid 6 night',
      'raid 4 night',
      'raid 2 night',
      'raid 0 night',
    ])
    await expectError(app.get(`/api/search?${q('raid')}&type=posts&cursor=nope`), 400, /cursor/)
    await expectError(app.get(`/api/search?${q('raid')}&cursor=abc`), 400, /name it with type/)
    await expectError(app.get(`/api/search?${q('raid')}&type=clips`), 400, /type must be/)
  })

  it('ranks words in almost every post within windows of the newest, reading one window a page', async ({
    makeApp,
  }) => {
    const statements: string[] = []
    const app = await makeApp({ demo: false, onStatement: (text) => statements.push(text) })
    const { token } = await app.signup('alice')
    const [authorId = 0] = await app.db.ids("SELECT id FROM users WHERE username = 'alice'")
    // More posts holding both words than two windows: every third with them apart (relevance
    // 1), the others "lan party" (3). Written straight into the store, ids in order.
    const total = 2 * SEARCH_WINDOW + 50
    await app.db.transaction(async (tx) => {
      for (let i = 0; i < total; i++) {
        const content = i % 3 === 0 ? `party at the lan ${i}` : `lan party ${i}`
        const row = await tx.get<{ id: number }>(
          'INSERT INTO posts (author_id, content, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id',
          authorId,
          content,
          1_767_225_600_000 + i,
          1_767_225_600_000 + i,
        )
        await indexPost(tx, { id: row?.id ?? 0, content })
      }
    })
    const numberOf = (text: string) => Number(text.split(' ').pop())
    const expected: number[] = []
    for (let top = total; top > 0; top -= SEARCH_WINDOW) {
      const window = Array.from({ length: Math.min(SEARCH_WINDOW, top) }, (_, k) => top - 1 - k)
      expected.push(...window.filter((i) => i % 3 !== 0), ...window.filter((i) => i % 3 === 0))
    }
    const seen: number[] = []
    let cursor: string | null = null
    let firstPage: string[] = []
    do {
      statements.length = 0
      const answer: SearchResponse = await search(
        app,
        `${q('lan party')}&type=posts&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
        token,
      )
      if (seen.length === 0) firstPage = [...statements]
      seen.push(...postTexts(answer).map(numberOf))
      cursor = answer.posts?.nextCursor ?? null
    } while (cursor)
    expect(seen).toEqual(expected)
    // The first page read one window, with no statement per post.
    const windowReads = firstPage.filter((text) => text.includes('WITH win AS'))
    expect(windowReads).toHaveLength(1)
    expect(firstPage.length).toBeLessThan(20)
    if (app.db.dialect === 'sqlite') {
      // FTS5 walks the matches newest first and stops at the window's LIMIT (idxNum 192: ORDER BY
      // rowid DESC consumed), and posts are read by id only: nothing scans every match.
      const plan = (
        await app.db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${windowReads[0] ?? ''}`)
      ).map((row) => row.detail)
      expect(plan.some((detail) => /SCAN posts_search VIRTUAL TABLE INDEX 192:/.test(detail))).toBe(
        true,
      )
      expect(plan.filter((detail) => /^SCAN posts\b/.test(detail))).toEqual([])
    }
  })

  it('finds an edited post by its new words only, and a deleted post no more', async ({
    makeApp,
  }) => {
    const app = await makeApp({ demo: false })
    const { token } = await app.signup('alice')
    const [edited, deleted] = await posts(app, token, ['old words here', 'doomed words'])
    await ok(
      app.send(`/api/posts/edit/${edited}`, { postData: { content: 'fresh text' } }, { token }),
    )
    expect(postTexts(await search(app, `${q('old')}&type=posts`))).toEqual([])
    expect(postTexts(await search(app, `${q('fresh')}&type=posts`))).toEqual(['fresh text'])
    expect(postTexts(await search(app, `${q('words')}&type=posts`))).toEqual(['doomed words'])
    await ok(app.send(`/api/posts/${deleted}`, undefined, { token, method: 'DELETE' }))
    expect(postTexts(await search(app, `${q('doomed')}&type=posts`))).toEqual([])
    // A new post (a new id) is not found by the words of the deleted one.
    await posts(app, token, ['brand new'])
    expect(postTexts(await search(app, `${q('doomed')}&type=posts`))).toEqual([])
  })

  it('leaves out the posts of a deleted account', async ({ makeApp }) => {
    const app = await makeApp({ demo: false })
    const alice = await app.signup('alice', 'a fine password')
    const bob = await app.signup('bob')
    await posts(app, alice.token, ['speedrun tips'])
    await posts(app, bob.token, ['speedrun record'])
    await ok(
      app.send(
        '/api/users/me',
        { password: 'a fine password' },
        { token: alice.token, method: 'DELETE' },
      ),
    )
    expect(postTexts(await search(app, `${q('speedrun')}&type=posts`))).toEqual(['speedrun record'])
  })

  it('hides blocked, muted and suspended authors, and their tags', async ({ makeApp }) => {
    const app = await makeApp({ demo: false })
    const me = await app.signup('viewer')
    const blocked = await app.signup('blocked_one')
    const blocker = await app.signup('blocker_one')
    const muted = await app.signup('muted_one')
    const suspended = await app.signup('suspended_one')
    const friend = await app.signup('friend')
    for (const [who, text] of [
      [blocked, 'boss fight #hidden1'],
      [blocker, 'boss fight #hidden2'],
      [muted, 'boss fight #hidden3'],
      [suspended, 'boss fight #hidden4'],
      [friend, 'boss fight #shown'],
    ] as const) {
      await posts(app, who.token, [text])
    }
    await ok(app.send(`/api/users/me/block/${blocked.id}`, {}, { token: me.token }))
    await ok(app.send(`/api/users/me/block/${me.id}`, {}, { token: blocker.token }))
    await ok(app.send(`/api/users/me/mute/${muted.id}`, {}, { token: me.token }))
    await app.db.run('UPDATE users SET suspended_at = ? WHERE id = ?', Date.now(), suspended.id)

    const mine = await search(app, q('boss'), me.token)
    expect(postTexts(mine)).toEqual(['boss fight #shown'])
    const tags = await search(app, `${q('#')}&type=tags`, me.token)
    expect(tags.tags?.items).toEqual([])
    expect((await search(app, `${q('#hid')}`, me.token)).tags?.items).toEqual([])
    expect((await search(app, `${q('#sh')}`, me.token)).tags?.items).toEqual([
      { tag: 'shown', postCount: 1 },
    ])
    // Someone else sees all but the suspended author's.
    const other = await search(app, `${q('boss')}&type=posts`, friend.token)
    expect(postTexts(other)).toHaveLength(4)
    expect(postTexts(await search(app, `${q('boss')}&type=posts`))).toHaveLength(4)
  })

  it('takes any query as plain words: syntax, long, punctuation, emoji, RTL and NUL never fail', async ({
    makeApp,
  }) => {
    const app = await makeApp({ demo: false })
    const { token } = await app.signup('alice')
    await posts(app, token, [
      'NEAR the base, "quoted" words',
      'half-life 3 confirmed: cs:go ^^ a*b',
      'שלום עולם gg 🎮 مرحبا',
      'Pokémon für alle',
    ])
    const hostile = [
      '"',
      '"unclosed',
      '*',
      'a*',
      '**',
      'NEAR',
      'NEAR(a b)',
      'a NEAR b',
      '-',
      '-base',
      'base -near',
      ':',
      'content:base',
      '^',
      '^base',
      'AND',
      'OR',
      'NOT',
      'a OR',
      '(',
      ')',
      '{a b}',
      "'",
      "''",
      "it's",
      '\\',
      '&',
      '|',
      '!',
      '<->',
      'a:*',
      'a & b',
      ':*',
      '...',
      '!@#$%^&*()',
      '🎮',
      '🎮🎮🎮',
      '\u0000',
      'base\u0000near',
      '\u202e\u200f',
      'x'.repeat(5000),
      'base '.repeat(500),
      'a'.repeat(1001),
      'שלום',
      'مرحبا',
      '%',
      '_',
      '   ',
      '',
    ]
    for (const text of hostile) {
      const answer = await search(app, q(text), token)
      expect(answer.words.length, text).toBeLessThanOrEqual(SEARCH_LIMITS.words)
      for (const type of ['posts', 'tags', 'users']) {
        await ok(app.get(`/api/search?${q(text)}&type=${type}`, token))
      }
    }
    // What they find: their words, as plain words.
    const found = async (text: string) => postTexts(await search(app, `${q(text)}&type=posts`))
    expect(await found('"quoted"')).toEqual(['NEAR the base, "quoted" words'])
    expect(await found('NEAR')).toEqual(['NEAR the base, "quoted" words'])
    expect(await found('base -near')).toEqual(['NEAR the base, "quoted" words'])
    expect(await found('half-life')).toEqual(['half-life 3 confirmed: cs:go ^^ a*b'])
    expect(await found('cs:go')).toEqual(['half-life 3 confirmed: cs:go ^^ a*b'])
    expect(await found('content:base')).toEqual([])
    expect(await found('שלום')).toEqual(['שלום עולם gg 🎮 مرحبا'])
    expect(await found('مرحبا gg')).toEqual(['שלום עולם gg 🎮 مرحبا'])
    expect(await found('gg🎮')).toEqual(['שלום עולם gg 🎮 مرحبا'])
    expect(await found('pokémon')).toEqual(['Pokémon für alle'])
    expect(await found('🎮')).toEqual([])
    expect(await found('\u0000')).toEqual([])
    expect((await search(app, q('!@#$%^&*()'))).words).toEqual([])
  })
})

describe('GET /api/search, every section at once', () => {
  it('answers posts, tags with their counts and people, a few of each', async ({ makeApp }) => {
    const app = await makeApp({ demo: false })
    const lan = await app.signup('lanmaster')
    await app.signup('other_player')
    await posts(app, lan.token, ['#lan tonight', 'more #LAN', '#lan_party soon', 'no tags lan'])
    const all = await search(app, q('lan'))
    expect(all.words).toEqual(['lan'])
    expect(postTexts(all)).toHaveLength(4)
    expect(all.tags?.items).toEqual([
      { tag: 'lan', postCount: 2 },
      { tag: 'lan_party', postCount: 1 },
    ])
    expect(all.users?.items.map((user) => user.username)).toEqual(['lanmaster'])

    // "#lan": the tag and its posts, no people.
    const tag = await search(app, q('#lan'))
    expect(tag.users).toBeUndefined()
    expect(tag.tags?.items[0]).toEqual({ tag: 'lan', postCount: 2 })
    expect(postTexts(tag)).toContain('#lan tonight')
    // "@lan": people and posts, no tags.
    const person = await search(app, q('@lan'))
    expect(person.tags).toBeUndefined()
    expect(person.users?.items.map((user) => user.username)).toEqual(['lanmaster'])

    // A few of each: more are a `type` call away.
    for (let i = 0; i < SEARCH_LIMITS.perSection; i++) {
      await posts(app, lan.token, [`lan again ${i}`])
    }
    const many = await search(app, q('lan'))
    expect(many.posts?.items).toHaveLength(SEARCH_LIMITS.perSection)
    expect(many.posts?.nextCursor).toEqual(expect.any(String))
    const rest = await search(
      app,
      `${q('lan')}&type=posts&limit=20&cursor=${many.posts?.nextCursor ?? ''}`,
    )
    expect(rest.posts?.items).toHaveLength(4)

    // Tags page by name.
    const first = await search(app, `${q('la')}&type=tags&limit=1`)
    expect(first.tags?.items).toEqual([{ tag: 'lan', postCount: 2 }])
    const next = await search(
      app,
      `${q('la')}&type=tags&limit=1&cursor=${first.tags?.nextCursor ?? ''}`,
    )
    expect(next.tags?.items).toEqual([{ tag: 'lan_party', postCount: 1 }])
    expect(next.tags?.nextCursor).toBeNull()

    // An empty query searches nothing.
    expect(await search(app, q('  '))).toEqual({ words: [] })
  })
})

describe('searchWords', () => {
  it('cuts a query into words of letters and digits, at most a few', () => {
    expect(searchWords('"NEAR" (a* -b) c:d ^e')).toEqual(['NEAR', 'a', 'b', 'c', 'd', 'e'])
    expect(searchWords('gg🎮 שלום e\u0301x')).toEqual(['gg', 'שלום', 'e\u0301x'])
    expect(searchWords('a b c d e f g h i j')).toHaveLength(SEARCH_LIMITS.words)
    expect(searchWords('🎮 !!! \u0000')).toEqual([])
  })
})

describe('GET /api/search, games', () => {
  it('finds the server’s games by a word of their name, in the box and a page at a time', async ({
    app,
    player1,
  }) => {
    await ok(
      app.send(
        '/api/me/games',
        { games: ['Counter-Strike 2', 'Strikeforce Zero', 'Dota 2'] },
        { token: player1.token, method: 'PUT' },
      ),
    )
    const all = await search(app, q('strike'))
    expect((all.games?.items ?? []).map((game) => game.slug).sort()).toEqual([
      'counterstrike2',
      'strikeforcezero',
    ])
    const hashed = await search(app, q('#dota'))
    expect(hashed.games?.items.map((game) => game.name)).toEqual(['Dota 2'])
    expect((await search(app, q('@strike'))).games).toBeUndefined()
    const first = await search(app, `${q('strike')}&type=games&limit=1`)
    expect(first.games?.items).toHaveLength(1)
    expect(first.posts).toBeUndefined()
    const second = await search(
      app,
      `${q('strike')}&type=games&limit=1&cursor=${first.games?.nextCursor ?? ''}`,
    )
    expect(second.games?.items).toHaveLength(1)
    expect(second.games?.items[0]?.slug).not.toBe(first.games?.items[0]?.slug)
  })
})
