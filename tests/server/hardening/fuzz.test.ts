/**
 * Hostile input on every route of docs/API.md: malformed JSON, wrong types, huge and strange
 * strings, path traversal and SQL-like text. Never a 500; every refusal is a 4xx
 * `{errors: [sentence], code}` that changes nothing; text that is accepted comes back exactly as stored.
 * Random text (fast-check) at length: fuzz.soak.test.ts.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Comment, Post, User } from '../../../src/shared/api-types'
import { LIMITS } from '../../../src/shared/limits'
import { MESSAGES } from '../../../src/server/errors/messages'
import { DATABASE_FILE, SECRET_FILE } from '../../../src/server/server'
import { stripInvisible } from '../../../src/shared/text'
import { TINY_PNG, seededToken, upload } from '../../helpers/api'
import { Cleanup, REPO_ROOT, startTestServer } from '../../helpers/hardening'
import { makeTestApp, type TestApp } from '../../helpers/server-app'
import { fingerprint, probe as probeApp } from './probe'

interface Route {
  method: string
  /** e.g. `/api/comments/edit/:postId/:commentId` */
  path: string
  protected: boolean
}

/** Every route of the table in docs/API.md, read once. */
const ROUTES: Route[] = readFileSync(join(REPO_ROOT, 'docs/API.md'), 'utf8')
  .split('\n')
  .flatMap((line) => {
    const match = /^\|\s*(🔒\s*)?(GET|POST|DELETE|PUT|PATCH)\s+(\/\S+)\s*\|/u.exec(line)
    return match ? [{ method: match[2] ?? '', path: `/api${match[3]}`, protected: !!match[1] }] : []
  })

/** Routes that read a JSON body, with a body each would accept. */
const BODY_ROUTES = new Map<string, unknown>([
  ['POST /api/auth/signup', { username: 'typed_user', password: 'long enough pw' }],
  ['POST /api/auth/login', { username: 'nova_strike', password: 'gamerstage' }],
  ['POST /api/users/edit', { userData: { bio: 'typed' } }],
  ['POST /api/posts', { postData: { content: 'typed' } }],
  ['POST /api/posts/edit/:postId', { postData: 'typed' }],
  ['POST /api/comments/add/:postId', { commentData: 'typed' }],
  ['POST /api/comments/edit/:postId/:commentId', { commentData: 'typed' }],
  ['POST /api/auth/password', { currentPassword: 'gamerstage', newPassword: 'typed password' }],
  // A wrong password: the fuzzing user must survive the valid body.
  ['DELETE /api/users/me', { password: 'not the password' }],
  ['POST /api/reports', { postId: '1', reason: 'typed' }],
  ['POST /api/conversations/direct', { userId: '2' }],
  ['POST /api/conversations/group', { name: 'typed', memberIds: ['2'] }],
  [
    'POST /api/game-nights',
    {
      game: 'counterstrike2',
      title: 'typed',
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      durationMinutes: 60,
    },
  ],
  ['PATCH /api/game-nights/:gameNightId', { title: 'typed' }],
  ['PATCH /api/notifications/settings', { settings: { likes: { inApp: false } } }],
  ['PUT /api/game-nights/:gameNightId/rsvp', { answer: 'maybe' }],
  ['POST /api/squad-calls', { game: 'counterstrike2', needed: 2 }],
])

/** Routes that end the session of the token they carry: each probe brings a fresh token. */
const SESSION_ENDING = new Set(['POST /api/auth/logout'])

/** Valid ids: player1 owns post 4 and its comments are by others; comment 1 is on post 1. */
const VALID_PARAMS: Record<string, string> = {
  postId: '4',
  commentId: '7',
  userId: '2',
  username: 'nova_strike',
  mediaId: 'default-avatar.svg',
  slug: 'counterstrike2',
  gameNightId: '1',
  squadCallId: '1',
}

/** Path segments that try to climb out, inject, or break decoding. */
const HOSTILE_SEGMENTS = [
  '..',
  '..%2f1',
  '%2e%2e%2f1',
  '%2e%2e',
  '..%2f..%2fetc%2fpasswd',
  '..%5c..%5csecret.key',
  '....%2f%2fsecret.key',
  '%2e%2e%2fsecret.key',
  '..%2f..%2fsecret.key',
  '%00',
  '1%00',
  '1%20OR%201%3D1',
  "1'%3B%20DROP%20TABLE%20posts%3B%20--",
  '%27%20OR%20%271%27%3D%271',
  'player1%27--',
  '%F0%9F%92%A9',
  '%ED%A0%80',
  '%E2%80%AE1',
  '%',
  '%zz',
  '%%32%65',
  '1e3',
  '0x1',
  '-1',
  '%D9%A1',
  'x'.repeat(5000),
]

/** Bodies that are not JSON at all. */
const MALFORMED_JSON = [
  '',
  '{',
  '{"postData":',
  '{"a":1}}',
  'nul',
  "{'postData': {'content': 'x'}}",
  '{"postData": {"content": "x",}}',
  '\u0000',
  '\uFEFF{}',
  '[1,2',
  '{"a": NaN}',
  '{"a": 1e99999}',
  '"unterminated',
]

/** JSON of the wrong shape for every route. */
const WRONG_TYPES: unknown[] = [
  null,
  [],
  [{}],
  0,
  -1,
  1e308,
  'a string',
  true,
  {},
  { postData: null },
  { postData: { content: { $gt: '' } } },
  { postData: { content: ['a'] } },
  { postData: { content: 42 } },
  { postData: [] },
  { commentData: null },
  { commentData: { text: { $ne: null } } },
  { commentData: 5 },
  { userData: null },
  { userData: 'bio' },
  { userData: { bio: { $gt: '' } } },
  { userData: { profileImg: 'javascript:alert(1)' } },
  { userData: { profileImg: '/api/media/../secret.key' } },
  { username: { $ne: null }, password: { $ne: null } },
  { username: ['player1'], password: 'gamerstage' },
  { username: 'player1', password: 123456789 },
  { __proto__: { admin: true }, username: 'x' },
  JSON.parse('{"__proto__": {"polluted": 1}, "postData": {"content": 7}}'),
  { constructor: { prototype: { polluted: 1 } } },
  deep(200),
]

function deep(depth: number): unknown {
  let value: unknown = 'x'
  for (let i = 0; i < depth; i += 1) value = { postData: value }
  return value
}

/** Text that is valid but strange: each must round-trip exactly (after trimming). */
const UNICODE_EDGES = [
  'right-to-left \u202Eoverride\u202C done',
  '\u200Fmark\u200E',
  'zero\u200Bwidth\u200Cnon\u200Djoiner',
  'family 👩‍👩‍👧‍👦 and 🏳️‍🌈 and 👍🏽',
  'flags 🇩🇪🇯🇵',
  'combining e\u0301 and Z̷̢̛̪a̵̧͖l̶̰͝g̸̣̈o̶̺͋',
  'astral 𝕏𝔂𝔃 and 𠜎',
  'line\u2028separator\u2029paragraph',
  '  \uFEFF trimmed BOM and spaces \t\n',
  '\uFFFD replacement and \uFFFF noncharacter',
  'ascii control \u0001\u0007\u001b[31m red',
  '<script>alert(1)</script>',
  "'; DROP TABLE posts; --",
  '1 OR 1=1',
  'Robert"); DELETE FROM users WHERE ("1"="1',
  '%s%s%s%n {{7*7}} ${7*7}',
]

/** Text the API must refuse: it cannot be stored as sent. */
const UNSTORABLE = [
  'nul \u0000 inside',
  '\u0000',
  'lone high \uD800 surrogate',
  'lone low \uDFFF',
  '\uDBFF',
  'reversed \uDC00\uD800',
]

const cleanup = new Cleanup()
let app: TestApp
let token: string
let otherToken: string
beforeEach(async () => {
  app = await makeTestApp()
  token = (await seededToken('player1')).token
  otherToken = (await seededToken('nova_strike')).token
})
afterEach(async () => {
  await app.close()
  await cleanup.run()
})

const fill = (path: string, params: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? VALID_PARAMS[name] ?? '')

/** probe.ts's request and checks, on this file's app. */
const probe = (label: string, method: string, path: string, init: RequestInit = {}) =>
  probeApp(app, label, method, path, init)

const jsonInit = (raw: string, auth = token, contentType = 'application/json'): RequestInit => ({
  headers: { 'Content-Type': contentType, authorization: auth },
  body: raw,
})

// 89 routes' probes: about 15 s on SQLite, more on PostgreSQL.
describe('hostile input', { timeout: 60_000 }, () => {
  it('reads every route of docs/API.md', () => {
    // 60 and 46 before games, presence, threads, reposts, reactions, polls, tag suggestions,
    // search and clips; the rest are theirs (the game catalogue: suggestions and trending, both
    // public; game nights: 6, squad calls: 6, drafts: 4, notification settings: 2
    // game covers: 2, custom emoji: 3 (the list public), a group's picture and message
    // reactions: 4, around conversations' messages (typing, search, a host's delete of a reported
    // message): 3, the rest protected).
    expect(ROUTES.length).toBe(138)
    expect(ROUTES.filter((route) => route.protected)).toHaveLength(108)
    for (const key of BODY_ROUTES.keys()) {
      expect(ROUTES.map((route) => `${route.method} ${route.path}`)).toContain(key)
    }
  })

  it('answers malformed JSON and bodies of the wrong type with a 4xx that changes nothing', async () => {
    for (const route of ROUTES) {
      if (route.method === 'GET') continue
      const key = `${route.method} ${route.path}`
      const path = fill(route.path, {})
      const readsBody = BODY_ROUTES.has(key)
      const bodies = [
        ...MALFORMED_JSON.map((raw) => ['malformed', raw] as const),
        ...WRONG_TYPES.map((value) => ['wrong type', JSON.stringify(value)] as const),
      ]
      for (const [kind, raw] of bodies) {
        // Routes that read no body act on their ids alone; the others must refuse.
        const auth = SESSION_ENDING.has(key) ? (await seededToken('player1')).token : token
        const outcome = await probe(kind, route.method, path, jsonInit(raw, auth))
        if (readsBody) expect(outcome.status, `${key} ${kind} ${raw.slice(0, 80)}`).toBe(400)
        if (route.path === '/api/media') expect(outcome.status).toBe(400)
      }
      if (readsBody) {
        // Right JSON, wrong content type: never parsed as JSON, so refused.
        const raw = JSON.stringify(BODY_ROUTES.get(key))
        for (const type of ['text/plain', 'application/x-www-form-urlencoded', '']) {
          const outcome = await probe(
            'content type',
            route.method,
            path,
            jsonInit(raw, token, type),
          )
          expect(outcome.status, `${key} as ${type}`).toBe(400)
        }
      }
    }
  })

  it('refuses strings over every limit, up to a body of ~900 KB and over 1 MB', async () => {
    const big = 'ä'.repeat(450_000) // ~900 KB of UTF-8
    const cases: [string, string, unknown, number][] = [
      ['/api/posts', 'post', { postData: { content: 'x'.repeat(LIMITS.postMax + 1) } }, 400],
      ['/api/posts', 'post', { postData: { content: big } }, 400],
      ['/api/posts', 'post', { postData: { content: 'x'.repeat(1_100_000) } }, 413],
      ['/api/posts/edit/4', 'edit', { postData: 'y'.repeat(LIMITS.postMax + 1) }, 400],
      ['/api/comments/add/1', 'comment', { commentData: 'c'.repeat(LIMITS.commentMax + 1) }, 400],
      ['/api/comments/add/1', 'comment', { commentData: big }, 400],
      ['/api/users/edit', 'bio', { userData: { bio: 'b'.repeat(LIMITS.bioMax + 1) } }, 400],
      ['/api/users/edit', 'name', { userData: { firstName: 'n'.repeat(LIMITS.nameMax + 1) } }, 400],
      [
        '/api/users/edit',
        'picture',
        { userData: { profileImg: `https://x/${'p'.repeat(3000)}` } },
        400,
      ],
      ['/api/auth/signup', 'username', { username: 'u'.repeat(31), password: 'long enough' }, 400],
      ['/api/auth/signup', 'password', { username: 'newbie', password: 'p'.repeat(257) }, 400],
      ['/api/auth/signup', 'extra', { username: 'newbie', password: 'long enough', x: big }, 400],
      ['/api/auth/login', 'username', { username: big, password: 'whatever1' }, 400],
      ['/api/auth/login', 'password', { username: 'player1', password: big }, 400],
    ]
    for (const [path, label, value, status] of cases) {
      const outcome = await probe(label, 'POST', path, jsonInit(JSON.stringify(value)))
      expect(outcome.status, `${label} on ${path}`).toBe(status)
    }
    for (const query of [
      `/api/users?search=${'s'.repeat(101)}`,
      `/api/posts?cursor=${'c'.repeat(1001)}`,
      `/api/posts?limit=${'9'.repeat(400)}`,
    ]) {
      expect((await probe('query', 'GET', query)).status).toBe(400)
    }
    // Exactly at the limits is fine and stored whole.
    const atLimit = 'z'.repeat(LIMITS.postMax)
    const created = await probe('at limit', 'POST', '/api/posts', {
      ...jsonInit(JSON.stringify({ postData: { content: atLimit } })),
      headers: {
        'Content-Type': 'application/json',
        authorization: token,
        Prefer: 'return=minimal',
      },
    })
    expect(created.status).toBe(201)
    expect((created.body as { post: Post }).post.content).toBe(atLimit)
  })

  it('stores strange but valid unicode exactly, and refuses text it cannot store', async () => {
    const minimal = {
      'Content-Type': 'application/json',
      authorization: token,
      Prefer: 'return=minimal',
    }
    const send = (path: string, value: unknown) =>
      probe('unicode', 'POST', path, { headers: minimal, body: JSON.stringify(value) })
    for (const text of UNICODE_EDGES) {
      const expected = text.trim()
      const post = await send('/api/posts', { postData: { content: text } })
      expect(post.status, JSON.stringify(text)).toBe(201)
      const postId = (post.body as { post: Post }).post._id
      const read = (await app.get(`/api/posts/${postId}`).then((r) => r.json())) as { post: Post }
      expect(read.post.content).toBe(expected)
      const listed = (await app.get('/api/posts/user/player1?limit=1').then((r) => r.json())) as {
        posts: Post[]
      }
      expect(listed.posts[0]?.content).toBe(expected)

      const edited = await send(`/api/posts/edit/${postId}`, { postData: `${text}!` })
      expect(edited.status).toBe(200)
      expect((edited.body as { post: Post }).post.content).toBe(`${text}!`.trim())

      const comment = await send(`/api/comments/add/${postId}`, { commentData: { text } })
      expect(comment.status).toBe(201)
      const comments = (await app.get(`/api/comments/${postId}`).then((r) => r.json())) as {
        comments: Comment[]
      }
      expect(comments.comments[0]?.text).toBe(expected)

      const bio = text.slice(0, LIMITS.bioMax)
      const profile = await send('/api/users/edit', {
        userData: { bio, firstName: bio.slice(0, 60) },
      })
      expect(profile.status).toBe(200)
      const user = (await app.get('/api/users/player1').then((r) => r.json())) as { user: User }
      // Names and bios lose invisible characters (docs/security.md); everything else stays.
      expect(user.user.bio).toBe(stripInvisible(bio, { multiline: true }).trim())
      expect(user.user.firstName).toBe(stripInvisible(bio.slice(0, 60)).trim())
    }
    for (const text of UNSTORABLE) {
      for (const [path, value] of [
        ['/api/posts', { postData: { content: text } }],
        ['/api/posts/edit/4', { postData: text }],
        ['/api/comments/add/1', { commentData: text }],
        ['/api/comments/edit/1/7', { commentData: { text } }],
        ['/api/users/edit', { userData: { bio: text } }],
        ['/api/auth/signup', { username: 'surrogate', password: `password ${text}` }],
        ['/api/auth/signup', { username: 'surrogate', password: 'long enough', note: text }],
      ] as const) {
        const outcome = await send(path, value)
        if (path === '/api/users/edit' && stripInvisible(text, { multiline: true }) !== text) {
          // Bios lose control characters (docs/security.md), a NUL among them: stored without.
          expect(outcome.status, JSON.stringify(text)).toBe(200)
          const user = (await app.get('/api/users/player1').then((r) => r.json())) as { user: User }
          expect(user.user.bio).toBe(stripInvisible(text, { multiline: true }).trim())
          continue
        }
        expect(outcome, `${JSON.stringify(text)} on ${path}`).toEqual({
          status: 400,
          body: { errors: [MESSAGES.invalidText], code: 'VALIDATION' },
        })
      }
    }
  })

  it('refuses hostile ids, traversal and SQL-like text in every path parameter', async () => {
    for (const route of ROUTES) {
      const names = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '')
      for (const name of names) {
        for (const segment of HOSTILE_SEGMENTS) {
          const path = fill(route.path, { [name]: segment })
          const outcome = await probe(name, route.method, path, {
            headers: { 'Content-Type': 'application/json', authorization: token },
            body: route.method === 'GET' ? undefined : JSON.stringify(validBody(route)),
          })
          // The URL resolves a dot segment (`..`, `%2e%2e`) before the request leaves, so the
          // server gets another path (`/api/users/../games` is `/api/games`) and answers for it.
          const resolved = new URL(path, 'http://localhost').pathname !== path.split('?')[0]
          // An emoji is no attack where the path names a reaction: any emoji of the server's
          // set is one (docs/API.md, "Emoji reactions").
          // (On a post: a message's reaction here names no conversation, a 404 as any other.)
          const anEmojiReaction =
            name === 'reaction' &&
            segment === '%F0%9F%92%A9' &&
            !route.path.includes(':conversationId')
          if (anEmojiReaction) {
            expect(outcome.status, `${route.method} ${path}`).toBe(200)
            continue
          }
          // Nothing hostile names a resource: it is never a success.
          if (!resolved) {
            expect(outcome.status, `${route.method} ${path.slice(0, 100)}`).toBeGreaterThanOrEqual(
              400,
            )
          }
          expect(JSON.stringify(outcome.body)).not.toMatch(/root:|SQLite format|password_hash/)
        }
      }
    }
    // Traversal and injection in the API paths themselves never reach another route.
    for (const path of [
      '/api/media/..%2f..%2fsecret.key',
      '/api/media/%2e%2e%2fsecret.key',
      '/api/media/..%2f..%2fgamerstage.db',
      '/api/media/default-avatar.svg%00.html',
      '/api/posts/1%2f..%2f..%2fusers',
      '/api/users/..%2fbookmark',
      '/api/posts/user/%27%20OR%201%3D1%20--',
    ]) {
      const outcome = await probe('traversal', 'GET', path)
      expect([404, 400], path).toContain(outcome.status)
    }
  })

  it('treats SQL-like text in usernames, searches, cursors and limits as plain text', async () => {
    const sqlish = ["' OR 1=1 --", "'; DROP TABLE posts; --", '1 OR 1=1', '%', '_', '" OR ""="']
    for (const text of sqlish) {
      const q = encodeURIComponent(text)
      const search = await probe('search', 'GET', `/api/users?search=${q}`)
      expect(search.status).toBe(200)
      expect((search.body as { users: unknown[] }).users, text).toEqual([])
      for (const path of [
        `/api/posts?cursor=${q}`,
        `/api/posts?limit=${q}`,
        `/api/posts?sort=${q}`,
        `/api/posts?limit=5&sort=likes&cursor=${q}`,
        `/api/users?cursor=${q}`,
        `/api/users?search=a&cursor=${q}`,
        `/api/users?suggest=${q}`,
        `/api/comments/1?cursor=${q}`,
        `/api/posts/user/player1?cursor=${q}`,
        `/api/users/bookmark?cursor=${q}`,
        `/api/feed?cursor=${q}`,
        `/api/feed?limit=${q}`,
      ]) {
        const outcome = await probe('query', 'GET', path, { headers: { authorization: token } })
        expect(outcome.status, path).toBe(400)
      }
      const login = await probe('login', 'POST', '/api/auth/login', {
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: text, password: text }),
      })
      expect(login.status).toBe(404)
      const signup = await probe('signup', 'POST', '/api/auth/signup', {
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: text, password: 'long enough password' }),
      })
      expect(signup.status).toBe(400)
      // And as content it is just text.
      const post = await probe('post', 'POST', '/api/posts', {
        headers: {
          'Content-Type': 'application/json',
          authorization: otherToken,
          Prefer: 'return=minimal',
        },
        body: JSON.stringify({ postData: { content: `x ${text}` } }),
      })
      expect(post.status).toBe(201)
      expect((post.body as { post: Post }).post.content).toBe(`x ${text}`)
    }
    const counts = await app.db.get<{ posts: number; users: number }>(
      'SELECT (SELECT count(*) FROM posts) AS posts, (SELECT count(*) FROM users) AS users',
    )
    expect(counts && [counts.posts, counts.users]).toEqual([5 + sqlish.length, 4])
  })

  it('refuses uploads that are not images whatever their name or claimed type', async () => {
    const cases: [Uint8Array, string, string][] = [
      [new TextEncoder().encode('<html><script>alert(1)</script></html>'), 'image/png', 'a.png'],
      [new TextEncoder().encode('<svg onload="alert(1)"/>'), 'image/svg+xml', 'a.svg'],
      [new Uint8Array(0), 'image/png', 'empty.png'],
      [TINY_PNG.slice(0, 4), 'image/png', 'cut.png'],
      [TINY_PNG, 'image/png', '../../secret.key'],
    ]
    for (const [bytes, type, name] of cases) {
      const before = await fingerprint(app)
      const response = await upload(app, bytes, { token, type, name })
      const text = await response.text()
      if (name.includes('secret')) {
        // A real image is stored under a random id, whatever it was called.
        expect(response.status, text).toBe(201)
        const url = (JSON.parse(text) as { url: string }).url
        expect(url).toMatch(/^\/api\/media\/[A-Za-z0-9_-]{16}$/)
        const image = await app.get(url)
        expect(image.headers.get('content-type')).toBe('image/png')
        expect(image.headers.get('x-content-type-options')).toBe('nosniff')
        continue
      }
      expect(response.status, `${name}: ${text}`).toBe(400)
      expect(JSON.parse(text)).toEqual({ errors: [MESSAGES.notAnImage], code: 'INVALID_IMAGE' })
      expect(await fingerprint(app)).toBe(before)
    }
  })
})

/** A valid body for a route, so that only the hostile part can be refused. */
function validBody(route: Route): unknown {
  if (route.path.startsWith('/api/posts/edit')) return { postData: { content: 'edited' } }
  if (route.path.startsWith('/api/comments/add') || route.path.startsWith('/api/comments/edit')) {
    return { commentData: { text: 'a comment' } }
  }
  return {}
}

describe('the secret file and the database on a real server', { timeout: 60_000 }, () => {
  it('are never served, whatever the path', async () => {
    const root = cleanup.tempDir()
    const web = join(root, 'web')
    mkdirSync(join(web, 'assets'), { recursive: true })
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>app</title>')
    writeFileSync(join(web, 'assets', 'app.js'), 'console.log(1)')
    const dataDir = join(root, 'data')
    const server = await startTestServer(cleanup, { dataDir, rendererDir: web })
    const secret = readFileSync(join(dataDir, SECRET_FILE))
    const database = readFileSync(join(dataDir, DATABASE_FILE)).subarray(0, 100)

    /** Sends the path byte for byte: fetch would normalise the dots away. */
    const raw = (path: string) =>
      new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
        const request = httpRequest(
          { host: '127.0.0.1', port: server.port, path, method: 'GET', agent: false },
          (response) => {
            const chunks: Buffer[] = []
            response.on('data', (chunk: Buffer) => chunks.push(chunk))
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }),
            )
          },
        )
        request.on('error', reject)
        request.end()
      })

    const paths = [
      '/../data/secret.key',
      '/../data/gamerstage.db',
      '/..%2fdata%2fsecret.key',
      '/%2e%2e/data/secret.key',
      '/%2e%2e%2fdata%2fsecret.key',
      '/assets/../../data/secret.key',
      '/assets/..%2f..%2fdata%2fsecret.key',
      '/assets/%2e%2e%2f%2e%2e%2fdata%2fsecret.key',
      '/assets/..%5c..%5cdata%5csecret.key',
      '//data/secret.key',
      '/data/secret.key',
      '/secret.key',
      '/gamerstage.db',
      '/api/media/..%2f..%2fdata%2fsecret.key',
      '/api/media/../../data/secret.key',
      '/api/../../data/secret.key',
      '/index.html/../../data/secret.key',
      `/${'..%2f'.repeat(12)}${dataDir.slice(1).replaceAll('/', '%2f')}%2fsecret.key`,
      `/assets/${'../'.repeat(12)}${dataDir.slice(1)}/secret.key`,
    ]
    for (const path of paths) {
      const answer = await raw(path)
      expect(answer.status, path).toBeLessThan(500)
      expect(answer.body.includes(secret), `${path} served the secret`).toBe(false)
      expect(answer.body.includes(database), `${path} served the database`).toBe(false)
      expect(answer.body.includes('SQLite format 3'), `${path} served a database`).toBe(false)
    }
    // The renderer itself is served, so the paths above did reach the static handler.
    expect((await raw('/assets/app.js')).body.toString()).toBe('console.log(1)')
  })
})
