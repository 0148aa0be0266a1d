/**
 * Moving house (src/server/data/move.ts, `--move-to`): a SQLite data folder with the demo data
 * and a little of everything made through the API moves into a new PostgreSQL database, and a
 * server on that database answers as the SQLite one did, sessions included. A second move is
 * refused, and a move that fails half-way leaves the target empty.
 *
 * The moves need a PostgreSQL cluster: they run in `npm run test:pg` (tests/helpers/postgres.ts).
 * The plan's check and the command line's refusals run in both suites.
 */
import Database from 'better-sqlite3'
import { randomBytes } from 'node:crypto'
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { bigint, pgTable } from 'drizzle-orm/pg-core'
import { integer, sqliteTable } from 'drizzle-orm/sqlite-core'
import pg from 'pg'
import sharp from 'sharp'
import { afterEach, inject } from 'vitest'
import { TEST_SCRYPT_PARAMS } from '../../../src/server/auth/password'
import { parseCliArgs } from '../../../src/server/cli'
import { describeMove, moveToPostgres } from '../../../src/server/data/move'
import { MOVE_ORDER, NOT_MOVED, movePlan } from '../../../src/server/data/move-plan'
import { openPostgresStore } from '../../../src/server/db/postgres'
import * as pgSchema from '../../../src/server/db/schema.pg'
import * as sqliteSchema from '../../../src/server/db/schema'
import { DEFAULT_MIGRATIONS_DIR, openSqliteStore } from '../../../src/server/db/sqlite'
import {
  DATABASE_FILE,
  StartError,
  startServer,
  type RunningServer,
} from '../../../src/server/server'
import { failInsertsInto } from '../../helpers/failing-writes'
import { describe, expect, it } from '../../helpers/fixtures'
import { tokenForDataDir } from '../../helpers/hardening'
import { databaseUrl, testDatabaseName } from '../../helpers/postgres'
import { testsOnPostgres } from '../../helpers/test-store'

const closers: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => undefined)
})

async function start(dataDir: string, database?: string): Promise<RunningServer> {
  const server = await startServer({
    port: 0,
    dataDir,
    database,
    demo: true,
    limits: false,
    admins: ['boss'],
    passwordCost: TEST_SCRYPT_PARAMS,
  })
  closers.push(() => server.close())
  return server
}

/** A new database on the run's cluster with nothing in it, not even the schema; dropped after. */
async function emptyDatabase(): Promise<string> {
  const clusterUrl = inject('gamerstagePgUrl')
  const name = testDatabaseName(inject('gamerstagePgRun'), `move_${randomBytes(4).toString('hex')}`)
  const admin = new pg.Client({ connectionString: clusterUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  closers.push(async () => {
    const dropper = new pg.Client({ connectionString: clusterUrl })
    await dropper.connect()
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => dropper.end())
  })
  return databaseUrl(clusterUrl, name)
}

/** Rows per table, and the next id of each identity, of a PostgreSQL database. */
async function contentsOf(url: string): Promise<Record<string, number | string>> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const contents: Record<string, number | string> = {}
    for (const table of MOVE_ORDER) {
      const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)
      contents[table] = Number(rows[0]?.n)
    }
    const { rows } = await client.query<{ name: string; last: string }>(
      'SELECT sequencename AS name, last_value AS last FROM pg_sequences ORDER BY 1',
    )
    for (const row of rows) contents[`${row.name} last`] = String(row.last)
    return contents
  } finally {
    await client.end()
  }
}

async function call(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown>; text: string }> {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      // Writes answer the one post or comment they made, not the whole list.
      ...(method === 'GET' ? {} : { prefer: 'return=minimal' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, text, json: JSON.parse(text) as Record<string, unknown> }
}

/** A write that must succeed. */
async function act(base: string, path: string, token: string, body: unknown = {}) {
  const answer = await call(base, 'POST', path, token, body)
  expect(answer.status, `${path}: ${answer.text}`).toBeLessThan(300)
  return answer.json
}

async function uploadImage(base: string, token: string, route: string, color: string) {
  const bytes = await sharp({ create: { width: 700, height: 400, channels: 3, background: color } })
    .png()
    .toBuffer()
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'shot.png')
  const response = await fetch(`${base}/api${route}`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  })
  expect(response.status).toBe(201)
  return (await response.json()) as { url?: string; media?: { id: string } }
}

type Tokens = Record<'player1' | 'nova' | 'questlord' | 'lootgoblin' | 'boss', string>

/** A little of everything through the API; answers the ids it made that the checks name. */
async function makeActivity(server: RunningServer, tokens: Tokens) {
  const base = server.url
  const shots = []
  for (const color of ['#335577', '#aa3322']) {
    shots.push(await uploadImage(base, tokens.player1, '/media/post-images', color))
  }
  const avatar = await uploadImage(base, tokens.nova, '/media', '#22aa66')
  await act(base, '/users/edit', tokens.nova, { userData: { profileImg: avatar.url, bio: 'gg' } })
  const { post } = (await act(base, '/posts', tokens.player1, {
    postData: {
      content: 'Screenshots from last night #lanparty @nova',
      media: shots.map((shot, index) => ({ id: shot.media?.id, alt: `shot ${index}` })),
    },
  })) as { post: { _id: string } }
  const newPost = post._id
  await act(base, `/posts/like/${newPost}`, tokens.nova)
  await act(base, `/posts/like/${newPost}`, tokens.lootgoblin)
  await act(base, '/posts/dislike/1', tokens.questlord)
  await act(base, '/posts/like/2', tokens.player1)
  const { comment } = (await act(base, `/comments/add/${newPost}`, tokens.nova, {
    commentData: { text: 'Nice one @player1 #lanparty' },
  })) as { comment: { _id: string } }
  await act(base, `/comments/add/${newPost}`, tokens.questlord, { commentData: 'Where was this?' })
  await act(base, `/comments/upvote/${newPost}/${comment._id}`, tokens.player1)
  await act(base, `/comments/downvote/${newPost}/${comment._id}`, tokens.questlord)
  await act(base, '/users/follow/1', tokens.nova)
  await act(base, '/users/follow/1', tokens.questlord)
  await act(base, '/users/follow/4', tokens.player1)
  await act(base, '/users/follow/2', tokens.lootgoblin)
  await act(base, '/users/unfollow/2', tokens.lootgoblin)
  await act(base, '/users/bookmark/1', tokens.player1)
  await act(base, `/users/bookmark/${newPost}`, tokens.nova)
  await act(base, '/users/me/block/3', tokens.lootgoblin)
  await act(base, '/users/me/mute/3', tokens.player1)
  await act(base, '/reports', tokens.nova, { postId: '3', reason: 'spoilers' })
  // Conversations (conversations, conversation_members, messages, message_reactions): a one-to-one with a reply
  // to an earlier message (a key within the table), and a group of three.
  const { conversation: direct } = (await act(base, '/conversations/direct', tokens.player1, {
    userId: '2',
  })) as { conversation: { _id: string } }
  const { message: hello } = (await act(
    base,
    `/conversations/${direct._id}/messages`,
    tokens.player1,
    { text: 'gg last night' },
  )) as { message: { _id: string } }
  await act(base, `/conversations/${direct._id}/messages`, tokens.nova, {
    text: 'rematch tonight?',
    replyTo: hello._id,
  })
  // A reaction to a message (message_reactions).
  const reacted = await call(
    base,
    'PUT',
    `/conversations/${direct._id}/messages/${hello._id}/reactions/fire`,
    tokens.nova,
    {},
  )
  expect(reacted.status, reacted.text).toBe(200)
  const { conversation: squad } = (await act(base, '/conversations/group', tokens.questlord, {
    name: 'ranked squad',
    memberIds: ['1', '2'],
  })) as { conversation: { _id: string } }
  await act(base, `/conversations/${squad._id}/messages`, tokens.questlord, {
    text: 'need two more',
  })
  await act(base, `/conversations/${squad._id}/read`, tokens.player1, {})
  // A host made from the app, and the audit line it leaves (host_grants, host_actions).
  const goblin = JSON.parse((await call(base, 'GET', '/users/lootgoblin')).text) as {
    user: { _id: string }
  }
  await act(base, `/moderation/hosts/${goblin.user._id}`, tokens.boss, {})
  // Games: profiles' games (games, user_games), and a host's merge (game_aliases).
  for (const [token, games] of [
    [tokens.player1, ['Counter-Strike 2', 'CSGO', 'Minecraft']],
    [tokens.nova, ['CSGO']],
  ] as const) {
    const set = await call(base, 'PUT', '/me/games', token, { games })
    expect(set.status, set.text).toBe(200)
  }
  await act(base, '/games/csgo/merge', tokens.boss, { into: 'counterstrike2' })
  // Game nights (game_nights, game_night_rsvps, and a notification naming one).
  const { gameNight } = (await act(base, '/game-nights', tokens.player1, {
    game: 'counterstrike2',
    title: 'LAN party',
    startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    durationMinutes: 240,
    place: "at player1's",
    slots: 2,
  })) as { gameNight: { _id: string } }
  for (const [token, answer] of [
    [tokens.nova, 'going'],
    [tokens.questlord, 'going'],
    [tokens.lootgoblin, 'maybe'],
  ] as const) {
    const answered = await call(base, 'PUT', `/game-nights/${gameNight._id}/rsvp`, token, {
      answer,
    })
    expect(answered.status, answered.text).toBe(200)
  }
  const moved = await call(base, 'PATCH', `/game-nights/${gameNight._id}`, tokens.player1, {
    place: 'online',
  })
  expect(moved.status, moved.text).toBe(200)
  await act(base, '/notifications/read', tokens.nova)
  // Presence and "now playing" (presence_settings, user_statuses).
  const put = async (path: string, token: string, body: unknown) =>
    expect((await call(base, 'PUT', path, token, body)).status).toBe(200)
  await put('/me/status', tokens.nova, { game: 'Deep Rock Galactic', expiresIn: 'never' })
  await put('/me/presence', tokens.lootgoblin, { appearOffline: true })
  // Notification settings (notification_settings).
  const quiet = await call(base, 'PATCH', '/notifications/settings', tokens.nova, {
    settings: { likes: { inApp: false }, 'poll-ends': { desktop: false } },
  })
  expect(quiet.status, quiet.text).toBe(200)
  // A poll with a vote (polls, poll_options, poll_votes).
  const { post: pollPost } = (await act(base, '/posts', tokens.nova, {
    postData: {
      content: 'Who is in Saturday?',
      poll: { options: ['Me', 'Not me'], durationHours: 24 },
    },
  })) as { post: { _id: string; poll: { options: { id: string }[] } } }
  await act(base, `/posts/${pollPost._id}/poll/vote`, tokens.player1, {
    optionId: pollPost.poll.options[0]?.id,
  })
  // A repost, a quote and emoji reactions (reposts, post_emoji_reactions and counts).
  await act(base, `/posts/${newPost}/repost`, tokens.nova)
  await act(base, '/posts', tokens.questlord, { postData: { content: 'this!', quoteOf: '2' } })
  for (const token of [tokens.nova, tokens.questlord]) {
    expect((await call(base, 'PUT', `/posts/${newPost}/reactions/fire`, token)).status).toBe(200)
  }
  // A custom emoji of the host's, and a reaction with it (custom_emoji, its media row).
  const emojiForm = new FormData()
  emojiForm.append('shortcode', 'gg_wp')
  const emojiBytes = await sharp({
    create: { width: 64, height: 64, channels: 4, background: '#e0457b' },
  })
    .png()
    .toBuffer()
  emojiForm.append('file', new Blob([new Uint8Array(emojiBytes)], { type: 'image/png' }), 'gg.png')
  const emoji = await fetch(`${base}/api/emoji`, {
    method: 'POST',
    headers: { authorization: tokens.boss },
    body: emojiForm,
  })
  expect(emoji.status, await emoji.clone().text()).toBe(201)
  expect((await call(base, 'PUT', `/posts/${newPost}/reactions/:gg_wp:`, tokens.nova)).status).toBe(
    200,
  )
  // The newest post goes again: SQLite never gives its id out again, nor may PostgreSQL.
  const { post: gone } = (await act(base, '/posts', tokens.questlord, {
    postData: { content: 'oops' },
  })) as { post: { _id: string } }
  expect((await call(base, 'DELETE', `/posts/${gone._id}`, tokens.questlord)).status).toBe(200)
  // Squad calls (squad_calls, squad_call_members): one filled, which opened a third conversation,
  // and one still open.
  const { squadCall } = (await act(base, '/squad-calls', tokens.player1, {
    game: 'counterstrike2',
    needed: 1,
    rank: 'any',
  })) as { squadCall: { _id: string } }
  const joined = await call(base, 'PUT', `/squad-calls/${squadCall._id}/join`, tokens.nova)
  expect(joined.status, joined.text).toBe(200)
  await act(base, '/squad-calls', tokens.nova, { game: 'counterstrike2', needed: 3 })
  // A draft kept for every device (drafts).
  const draft = await call(base, 'PUT', '/drafts/newPost', tokens.nova, {
    body: { text: 'half a thought', media: [], poll: null },
    updatedAt: 1_700_000_000_000,
  })
  expect(draft.status, draft.text).toBe(200)
  return { newPost, deletedPost: gone._id }
}

/** What the API answers each of the tokens, list by list, and every image's bytes. */
async function answersOf(base: string, tokens: Tokens): Promise<Record<string, string>> {
  const answers: Record<string, string> = {}
  const read = async (path: string, token?: string) => {
    const { status, text } = await call(base, 'GET', path, token)
    answers[
      `${path} as ${token ? Object.keys(tokens).find((k) => tokens[k as keyof Tokens] === token) : 'anyone'}`
    ] = `${status} ${text}`
    return text
  }
  const postIds = new Set<string>()
  for (const sort of ['recent', 'likes']) {
    const text = await read(`/posts?sort=${sort}&limit=50`)
    for (const match of text.matchAll(/"postId":"(\d+)"|"_id":"(\d+)","author/g)) {
      postIds.add(match[1] ?? match[2] ?? '')
    }
  }
  await read('/posts?tag=lanparty&limit=50')
  await read('/users?suggest=true')
  await read('/users?search=n')
  // Search answers the same from the moved posts (PostgreSQL's own index, not SQLite's).
  await read('/search?q=n')
  await read('/search?q=lan&type=posts&limit=50', tokens.nova)
  await read('/search?q=%23la&type=tags')
  await read('/reports', tokens.boss)
  await read('/moderation/hosts', tokens.boss)
  await read('/moderation/audit', tokens.lootgoblin)
  await read('/games?limit=50')
  await read('/games/csgo')
  await read('/games/counterstrike2/players')
  await read('/users/player1/games')
  await read('/users/nova_strike/games')
  for (const [name, token] of Object.entries(tokens)) {
    await read('/feed?limit=50', token)
    await read('/posts?limit=50', token)
    await read('/notifications?limit=50', token)
    await read('/notifications/unread-count', token)
    await read('/conversations?limit=50', token)
    await read('/conversations/unread', token)
    await read('/game-nights', token)
    await read('/game-nights/1', token)
    await read('/squad-calls', token)
    await read('/squad-calls/1', token)
    await read('/drafts', token)
    await read('/drafts/newPost', token)
    // Ids 1 and 2: the one-to-one and the group made above (a non-member's 404 compares too).
    for (const id of [1, 2]) await read(`/conversations/${id}/messages?limit=50`, token)
    await read('/users/bookmark?limit=50', token)
    await read('/users/me/relations', token)
    await read('/auth/session', token)
    await read(`/users/${name}`)
    await read(`/users/${name}/followers?limit=50`)
    await read(`/users/${name}/following?limit=50`)
    await read(`/posts/user/${name}?limit=50`)
  }
  const listed = JSON.parse((await read('/posts?limit=50')) || '{}') as { posts: { _id: string }[] }
  for (const { _id } of listed.posts) postIds.add(_id)
  for (const id of [...postIds].filter(Boolean).sort()) {
    await read(`/posts/${id}`, tokens.nova)
    await read(`/comments/${id}?limit=50`, tokens.player1)
  }
  const images = new Set(
    Object.values(answers).flatMap((text) =>
      [...text.matchAll(/\/api\/media\/[A-Za-z0-9_.-]+/g)].map((m) => m[0]),
    ),
  )
  expect(images.size).toBeGreaterThanOrEqual(5)
  for (const image of [...images].sort()) {
    const response = await fetch(`${base}${image}`)
    const bytes = Buffer.from(await response.arrayBuffer())
    answers[image] =
      `${response.status} ${response.headers.get('content-type')} ${bytes.length} ${bytes.toString('base64')}`
  }
  return answers
}

describe('the move plan', () => {
  it('copies every table of the schema, each after the tables it points at', () => {
    const plan = movePlan()
    expect(plan.map((table) => table.name)).toEqual([...MOVE_ORDER])
    // …and those are the tables the migrations make.
    const store = openSqliteStore({ file: ':memory:' })
    const tables = store.connection
      .prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations'",
      )
      .pluck()
      .all() as string[]
    closers.push(() => store.close())
    // …but for SQLite's search index, which PostgreSQL keeps on posts itself.
    expect([...MOVE_ORDER, ...NOT_MOVED].sort()).toEqual(tables.sort())
    expect(plan.find((table) => table.name === 'media')?.columns).toContainEqual({
      name: 'bytes',
      kind: 'bytea',
    })
    expect(plan.filter((table) => table.identity).map((table) => table.name)).toEqual([
      'users',
      'posts',
      'comments',
      // Game nights (and games) come before notifications, which may name a game night.
      'games',
      'game_nights',
      'notifications',
      'host_actions',
      'poll_options',
      'conversations',
      'messages',
      // A report may name a message.
      'reports',
      'squad_calls',
    ])
  })

  it('fails loudly on a table it does not know, or one placed before what it points at', () => {
    const extraSqlite = sqliteTable('trophies', {
      id: integer('id').primaryKey(),
      ownerId: integer('owner_id').references(() => sqliteSchema.users.id),
    })
    const extraPg = pgTable('trophies', {
      id: bigint('id', { mode: 'number' }).primaryKey(),
      ownerId: bigint('owner_id', { mode: 'number' }).references(() => pgSchema.users.id),
    })
    const schemas = {
      sqlite: { ...sqliteSchema, extraSqlite },
      pg: { ...pgSchema, extraPg },
    }
    expect(() => movePlan(schemas)).toThrow(
      'The table "trophies" is not in MOVE_ORDER (src/server/data/move-plan.ts): a move would leave it behind. Add it after the tables it points at.',
    )
    expect(movePlan(schemas, [...MOVE_ORDER, 'trophies']).at(-1)?.name).toBe('trophies')
    expect(() => movePlan(schemas, ['trophies', ...MOVE_ORDER])).toThrow(
      'MOVE_ORDER (src/server/data/move-plan.ts) puts "trophies" before "users", which its foreign key points at.',
    )
  })

  it('is one-shot on the command line, and backups take --database', () => {
    expect(parseCliArgs(['--move-to', 'postgres://u@127.0.0.1:5432/g'])).toMatchObject({
      moveTo: 'postgres://u@127.0.0.1:5432/g',
    })
    const refusal = (args: string[]) => {
      try {
        parseCliArgs(args)
      } catch (error) {
        expect(error).toBeInstanceOf(StartError)
        return (error as Error).message
      }
      return 'accepted'
    }
    expect(refusal(['--move-to', 'mysql://secret@db/g'])).toMatch(
      /^--move-to takes the PostgreSQL database to move into, postgres:/,
    )
    expect(refusal(['--move-to', 'mysql://secret@db/g'])).not.toContain('secret')
    expect(refusal(['--move-to', 'postgres://a@h/g', '--database', 'postgres://a@h/g'])).toMatch(
      /leave out --database/,
    )
    expect(refusal(['--move-to', 'postgres://a@h/g', '--backup', 'x.db'])).toMatch(
      /without --backup or --restore/,
    )
    // Backups and restores take --database (and the bucket's flags): docs/hosting.md, "Backups".
    for (const flag of ['--backup', '--restore']) {
      expect(parseCliArgs(['--database', 'postgres://a@h/g', flag, 'x.db'])).toMatchObject({
        database: 'postgres://a@h/g',
        [flag === '--backup' ? 'backupTo' : 'restoreFrom']: 'x.db',
      })
    }
  })
})

describe.runIf(testsOnPostgres)(
  'moving a SQLite community into PostgreSQL (on PostgreSQL only: npm run test:pg)',
  () => {
    it('moves everything: the server on PostgreSQL answers as the SQLite one did, sessions and all', async ({
      tempDir,
    }) => {
      const dataDir = join(tempDir, 'data')
      const sqliteServer = await start(dataDir)
      const boss = sqliteServer.hosts[0]?.id ?? 0
      // The --admin account chooses its own password first, as the app makes it do.
      const { encodedToken: bossToken } = (await act(
        sqliteServer.url,
        '/auth/password',
        await tokenForDataDir(dataDir, boss, 'boss'),
        { currentPassword: sqliteServer.hosts[0]?.oneTimePassword, newPassword: 'the boss chose' },
      )) as { encodedToken: string }
      const tokens: Tokens = {
        player1: await tokenForDataDir(dataDir, 1, 'player1'),
        nova: await tokenForDataDir(dataDir, 2, 'nova'),
        questlord: await tokenForDataDir(dataDir, 3, 'questlord'),
        lootgoblin: await tokenForDataDir(dataDir, 4, 'lootgoblin'),
        boss: bossToken,
      }
      const { newPost, deletedPost } = await makeActivity(sqliteServer, tokens)
      const loggedOut = await tokenForDataDir(dataDir, 2, 'nova')
      await act(sqliteServer.url, '/auth/logout', loggedOut)
      expect((await call(sqliteServer.url, 'GET', '/auth/session', loggedOut)).status).toBe(401)
      const before = await answersOf(sqliteServer.url, tokens)
      // The answers compared hold what was made: the images, the vote, the report, the mute.
      expect(Object.keys(before).length).toBeGreaterThan(60)
      const everything = Object.values(before).join('\n')
      for (const made of ['shot 1', '"downvoteCount":1', 'spoilers', '"muted":[{', '"bio":"gg"']) {
        expect(everything).toContain(made)
      }
      await sqliteServer.close()

      const target = await emptyDatabase()
      const copied: string[] = []
      const summary = await moveToPostgres({
        dataDir,
        target,
        // Several batches per table, and the images of one batch past one row each.
        batchRows: 3,
        onTable: (table) => copied.push(table),
      })
      expect(copied).toEqual([...MOVE_ORDER])
      expect(summary).toMatchObject({ secretKept: true })
      expect(summary.rows).toMatchObject({ users: 5, media: 6, post_media: 2, revoked_tokens: 1 })
      for (const table of MOVE_ORDER) {
        expect(summary.rows[table], table).toBeGreaterThan(0)
      }
      expect(summary.mediaBytes).toBeGreaterThan(1000)
      expect(summary.target).not.toMatch(/postgres:/)
      const printed = describeMove(summary, dataDir).join('\n')
      expect(printed).toContain(
        `Sessions are signed with ${join(dataDir, 'secret.key')}, which stays`,
      )
      expect(printed).toContain(`npm run serve -- --data ${dataDir} --database <the same`)

      const pgServer = await start(dataDir, target)
      expect(pgServer.db.dialect).toBe('postgres')
      const after = await answersOf(pgServer.url, tokens)
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort())
      for (const key of Object.keys(before)) expect(after[key], key).toBe(before[key])
      // The logged-out token stays refused: revoked_tokens came along.
      expect((await call(pgServer.url, 'GET', '/auth/session', loggedOut)).status).toBe(401)

      // New rows get ids past every id SQLite gave, the deleted post's included.
      const sqlite = new Database(join(dataDir, DATABASE_FILE), { readonly: true })
      const sqliteNext = Object.fromEntries(
        (
          sqlite.prepare('SELECT name, seq FROM sqlite_sequence').all() as {
            name: string
            seq: number
          }[]
        ).map((row) => [row.name, row.seq]),
      )
      sqlite.close()
      const created = (await act(pgServer.url, '/posts', tokens.lootgoblin, {
        postData: { content: 'first post on PostgreSQL' },
      })) as { post: { _id: string } }
      const newest = Number(created.post._id)
      expect(Number(deletedPost)).toBeGreaterThan(Number(newPost))
      expect(newest).toBe(Number(deletedPost) + 1)
      expect(sqliteNext.posts).toBe(Number(deletedPost))
      const { comment } = (await act(pgServer.url, `/comments/add/${newest}`, tokens.nova, {
        commentData: 'and the first comment',
      })) as { comment: { _id: string } }
      expect(Number(comment._id)).toBe((sqliteNext.comments ?? 0) + 1)
      await pgServer.close()

      // A second move into the same database is refused, and changes nothing.
      const contents = await contentsOf(target)
      const refusal = await moveToPostgres({ dataDir, target }).catch((error: unknown) => error)
      expect(refusal).toBeInstanceOf(StartError)
      // 9 posts, the seed's quote among them (with the one written on PostgreSQL above).
      expect((refusal as Error).message).toMatch(
        /^The PostgreSQL database at 127\.0\.0\.1:\d+\/\w+ already holds a Gamerstage community \(users: 5, posts: 10, .*\): a move goes into a new, empty database only .* Nothing was changed\.$/,
      )
      expect(await contentsOf(target)).toEqual(contents)
    })

    it('leaves the target empty when a table cannot be written, and moves on a second try', async ({
      tempDir,
    }) => {
      const dataDir = join(tempDir, 'data')
      const server = await start(dataDir)
      const player1 = await tokenForDataDir(dataDir, 1, 'player1')
      await act(server.url, '/users/bookmark/2', player1)
      await server.close()

      const target = await emptyDatabase()
      const store = await openPostgresStore({ url: target, poolSize: 1 })
      const allowAgain = await failInsertsInto(store, 'bookmarks', 'no bookmarks here')
      const failure = await moveToPostgres({ dataDir, target }).catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(StartError)
      expect((failure as Error).message).toMatch(
        /^Could not move into the PostgreSQL database at 127\.0\.0\.1:\d+\/\w+: no bookmarks here\. Nothing was moved: the move runs in one transaction, which was undone\.$/,
      )
      const empty = await contentsOf(target)
      for (const table of MOVE_ORDER) expect(empty[table], table).toBe(0)
      // The rows before bookmarks went back too: users got their ids from the source, not the
      // sequence, which is where a fresh database's is.
      await allowAgain()
      await store.close()

      const summary = await moveToPostgres({ dataDir, target })
      expect(summary.rows.bookmarks).toBe(1)
      expect((await contentsOf(target)).users).toBe(5)
    })

    it('refuses a source that is not a Gamerstage database, or not at the latest schema', async ({
      tempDir,
    }) => {
      const target = await emptyDatabase()
      const missing = join(tempDir, 'nothing')
      await expect(moveToPostgres({ dataDir: missing, target })).rejects.toThrow(
        `There is no Gamerstage database in ${missing}.`,
      )

      const other = join(tempDir, 'other')
      mkdirSync(other)
      const foreign = new Database(join(other, DATABASE_FILE))
      foreign.exec('CREATE TABLE recipes (id INTEGER PRIMARY KEY, name TEXT)')
      foreign.close()
      await expect(moveToPostgres({ dataDir: other, target })).rejects.toThrow(
        `${join(other, DATABASE_FILE)} cannot be moved: it is not a Gamerstage database.`,
      )

      const garbage = join(tempDir, 'garbage')
      mkdirSync(garbage)
      writeFileSync(join(garbage, DATABASE_FILE), 'not a database '.repeat(100))
      await expect(moveToPostgres({ dataDir: garbage, target })).rejects.toThrow(
        /cannot be moved: /,
      )

      // A database of an older Gamerstage: its migrations stop one short of ours.
      const oldMigrations = join(tempDir, 'migrations')
      cpSync(DEFAULT_MIGRATIONS_DIR, oldMigrations, { recursive: true })
      const journalFile = join(oldMigrations, 'meta', '_journal.json')
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] }
      writeFileSync(
        journalFile,
        JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }),
      )
      const old = join(tempDir, 'old')
      mkdirSync(old)
      const oldStore = openSqliteStore({
        file: join(old, DATABASE_FILE),
        migrationsDir: oldMigrations,
      })
      await oldStore.close()
      await expect(moveToPostgres({ dataDir: old, target })).rejects.toThrow(
        /cannot be moved: its schema is older than this version of Gamerstage's \(\d+ of \d+ updates\)\. Start the server once on its data folder without --move-to/,
      )
      // Refused before the target was touched: not even the schema went in.
      const client = new pg.Client({ connectionString: target })
      await client.connect()
      const { rows } = await client
        .query<{ n: string }>("SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'public'")
        .finally(() => client.end())
      expect(Number(rows[0]?.n)).toBe(0)
    })
  },
)
