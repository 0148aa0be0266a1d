/**
 * SQLite-only: the server here runs on its data folder's SQLite file, and some tests check that
 * file itself (its indexes in sqlite_master, WAL and foreign keys pragmas, the connection closed
 * on stop) through `sqliteConnectionOf`.
 */
import { mkdirSync, statSync, writeFileSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { SERVER_FEATURES } from '../../../src/shared/features'
import type { LoginResponse, MetaResponse, Post, User } from '../../../src/shared/api-types'
import { TEST_SCRYPT_PARAMS } from '../../../src/server/auth/password'
import {
  DATABASE_FILE,
  SECRET_FILE,
  StartError,
  startServer,
  type RunningServer,
} from '../../../src/server/server'
import { describe, expect, it } from '../../helpers/fixtures'
import { sqliteConnectionOf } from '../../helpers/sqlite-connection'

const running: RunningServer[] = []

afterEach(async () => {
  for (const server of running.splice(0)) await server.close().catch(() => undefined)
})

async function start(dataDir: string, demo = true): Promise<RunningServer> {
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    dataDir,
    demo,
    passwordCost: TEST_SCRYPT_PARAMS,
  })
  running.push(server)
  return server
}

async function stop(server: RunningServer): Promise<void> {
  running.splice(running.indexOf(server), 1)
  await server.close()
}

async function getJson<T>(server: RunningServer, path: string, token?: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    headers: token ? { authorization: token } : {},
  })
  expect(response.status, path).toBe(200)
  return (await response.json()) as T
}

/** Rejects with the StartError the call fails with, or fails the test. */
async function startError(call: Promise<unknown>): Promise<StartError> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(StartError)
  return error as StartError
}

const mode = (path: string) => statSync(path).mode & 0o777

describe('startServer', () => {
  it('listens on a free port and answers /api/health over HTTP', async ({ tempDir }) => {
    const server = await start(join(tempDir, 'data'))
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
    expect(server.port).toBeGreaterThan(0)
    const response = await fetch(`${server.url}/api/health`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  })

  it('seeds a fresh data folder with four users, five posts and the demo account', async ({
    tempDir,
  }) => {
    const server = await start(join(tempDir, 'data'))
    expect((await getJson<{ users: User[] }>(server, '/api/users')).users).toHaveLength(4)
    expect((await getJson<{ posts: Post[] }>(server, '/api/posts')).posts).toHaveLength(5)
    expect((await getJson<MetaResponse>(server, '/api/meta')).demoAccount).toEqual({
      username: 'player1',
      password: 'gamerstage',
    })
    // Clients show the newer parts only when the server names them (src/shared/features.ts).
    expect((await getJson<MetaResponse>(server, '/api/meta')).features).toEqual([
      ...SERVER_FEATURES,
    ])
  })

  it('starts empty without a demo account with demo: false, and stays unseeded later', async ({
    tempDir,
  }) => {
    const dataDir = join(tempDir, 'data')
    const first = await start(dataDir, false)
    expect(await getJson(first, '/api/users')).toEqual({ users: [] })
    expect(await getJson(first, '/api/posts')).toEqual({ posts: [] })
    expect((await getJson<MetaResponse>(first, '/api/meta')).demoAccount).toBeNull()
    await stop(first)

    const second = await start(dataDir, true)
    expect(await getJson(second, '/api/users')).toEqual({ users: [] })
    expect((await getJson<MetaResponse>(second, '/api/meta')).demoAccount).toBeNull()
  })

  it('keeps data and the token secret across a restart and does not seed again', async ({
    tempDir,
  }) => {
    const dataDir = join(tempDir, 'data')
    const first = await start(dataDir)
    const login = await fetch(`${first.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'player1', password: 'gamerstage' }),
    })
    expect(login.status).toBe(200)
    const token = ((await login.json()) as LoginResponse).encodedToken
    const created = await fetch(`${first.url}/api/posts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', authorization: token },
      body: JSON.stringify({ postData: { content: 'survives restarts' } }),
    })
    expect(created.status).toBe(201)
    const secret = readFileSync(join(dataDir, SECRET_FILE))
    await stop(first)

    const second = await start(dataDir)
    expect(readFileSync(join(dataDir, SECRET_FILE))).toEqual(secret)
    const posts = (await getJson<{ posts: Post[] }>(second, '/api/posts')).posts
    expect(posts).toHaveLength(6)
    expect(posts[0]?.content).toBe('survives restarts')
    expect((await getJson<{ users: User[] }>(second, '/api/users')).users).toHaveLength(4)
    // A token from the first run still opens protected routes.
    const feed = await fetch(`${second.url}/api/feed`, { headers: { authorization: token } })
    expect(feed.status).toBe(200)
  })

  it('creates the data folder 0700 and secret.key 0600 with 32 random bytes', async ({
    tempDir,
  }) => {
    const dataDir = join(tempDir, 'nested', 'data')
    await start(dataDir)
    expect(mode(dataDir)).toBe(0o700)
    expect(mode(join(dataDir, SECRET_FILE))).toBe(0o600)
    expect(readFileSync(join(dataDir, SECRET_FILE))).toHaveLength(32)
    expect(statSync(join(dataDir, DATABASE_FILE)).isFile()).toBe(true)
  })

  it('tightens an existing data folder to 0700', async ({ tempDir }) => {
    const dataDir = join(tempDir, 'data')
    mkdirSync(dataDir, { mode: 0o755 })
    await start(dataDir)
    expect(mode(dataDir)).toBe(0o700)
  })

  it('gives two data folders two different secrets', async ({ tempDir }) => {
    const a = join(tempDir, 'a')
    const b = join(tempDir, 'b')
    await start(a, false)
    await start(b, false)
    expect(readFileSync(join(a, SECRET_FILE))).not.toEqual(readFileSync(join(b, SECRET_FILE)))
  })

  it('rejects with a StartError naming the port when the port is taken', async ({ tempDir }) => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    try {
      const port = (blocker.address() as { port: number }).port
      const error = await startError(
        startServer({ host: '127.0.0.1', port, dataDir: join(tempDir, 'data'), demo: false }),
      )
      expect(error.message).toBe(
        `Port ${port} is already in use on 127.0.0.1. Choose another port.`,
      )
      expect(error.message).not.toContain('\n')
    } finally {
      await new Promise((resolve) => blocker.close(resolve))
    }
  })

  it('rejects with a StartError when a file is in the way of the data folder', async ({
    tempDir,
  }) => {
    const file = join(tempDir, 'plain-file')
    writeFileSync(file, 'not a folder')
    const dataDir = `${file}/data`
    const error = await startError(startServer({ port: 0, dataDir, demo: false }))
    expect(error.message).toBe(`Cannot use the data folder ${dataDir}: a file is in the way.`)
  })

  it('rejects with a StartError when the data folder path is itself a file', async ({
    tempDir,
  }) => {
    const file = join(tempDir, 'plain-file')
    writeFileSync(file, 'not a folder')
    const error = await startError(startServer({ port: 0, dataDir: file, demo: false }))
    expect(error.message).toMatch(/^Cannot use the data folder /)
  })

  it('refuses an existing folder that holds files of something else', async ({ tempDir }) => {
    const dataDir = tempDir
    writeFileSync(join(dataDir, 'notes.txt'), 'not ours')
    const error = await startError(startServer({ port: 0, dataDir, demo: false }))
    expect(error.message).toBe(
      `The data folder ${dataDir} already holds other files. Choose a new or empty folder.`,
    )
  })

  it('rejects with a StartError when the database file is corrupt', async ({ tempDir }) => {
    const dataDir = join(tempDir, 'data')
    mkdirSync(dataDir)
    writeFileSync(join(dataDir, DATABASE_FILE), 'this is not a database '.repeat(200))
    const error = await startError(startServer({ port: 0, dataDir, demo: false }))
    expect(error.message).toMatch(
      new RegExp(
        `^The database ${join(dataDir, DATABASE_FILE).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} cannot be opened`,
      ),
    )
    expect(error.message).not.toContain('\n')
  })

  it('closes cleanly: stops listening and closes the database', async ({ tempDir }) => {
    const server = await start(join(tempDir, 'data'), false)
    await stop(server)
    expect(sqliteConnectionOf(server.db).open).toBe(false)
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow()
  })

  it('creates an index behind every list and lookup', async ({ tempDir }) => {
    const server = await start(join(tempDir, 'data'), false)
    const indexes = sqliteConnectionOf(server.db)
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[]
    expect(indexes.sort()).toEqual(
      [
        'users_username_key_idx',
        'users_popular_idx',
        'posts_recent_idx',
        'posts_author_recent_idx',
        'posts_likes_idx',
        'post_reactions_user_idx',
        'comments_post_recent_idx',
        'comments_author_idx',
        'comment_votes_user_idx',
        'follows_followee_idx',
        'follows_followee_recent_idx',
        'follows_follower_recent_idx',
        'bookmarks_user_recent_idx',
        'bookmarks_post_idx',
        'media_owner_idx',
        'message_reactions_user_idx',
        'conversations_picture_idx',
        'notifications_recipient_idx',
        'notifications_unread_idx',
        'notifications_actor_idx',
        'notifications_post_idx',
        'notifications_comment_idx',
        'post_tags_tag_recent_idx',
        'users_suspended_idx',
        'revoked_tokens_expiry_idx',
        'blocks_blocked_idx',
        'mutes_muted_idx',
        'reports_recent_idx',
        'reports_reporter_idx',
        'reports_user_idx',
        'reports_post_idx',
        'reports_comment_idx',
        'reports_message_idx',
        'post_media_post_idx',
        'post_media_message_idx',
        'post_media_owner_idx',
        'post_media_thumb_idx',
        'host_actions_recent_idx',
        'host_actions_host_idx',
        'host_actions_target_idx',
        // Presence and "now playing": the expiry sweep.
        'user_statuses_expiry_idx',
        // Who plays a game now (the game page's Playing now).
        'user_statuses_game_idx',
        // Threads: a thread's replies oldest first.
        'comments_thread_idx',
        // Polls: a post's options in order, an option's votes, a user's votes (account deletion).
        'poll_options_post_position_idx',
        'poll_votes_option_idx',
        'poll_votes_user_idx',
        // Polls whose end is still to be told, soonest first (startup/poll-ends.ts).
        'polls_end_idx',
        // Reposts and emoji reactions: the home feed's reposts, who reacted, a user's reactions.
        'reposts_user_recent_idx',
        'post_emoji_reactions_recent_idx',
        'post_emoji_reactions_user_idx',
        // Games: by slug, most played, an old slug's game, a game's players.
        'games_slug_idx',
        'games_popular_idx',
        'game_aliases_game_idx',
        'user_games_game_recent_idx',
        // Custom emoji: which one an image is (the media sweep's check).
        'custom_emoji_media_idx',
        // Conversations: one per pair, a user's conversations, a history newest first, an
        // author's messages (account deletion).
        'conversations_pair_idx',
        'conversation_members_user_idx',
        'messages_conversation_idx',
        'messages_author_idx',
        // Game nights: upcoming by start, a game's and a host's nights, a player's answers, and a
        // night's notifications (cancelled with it).
        'game_nights_starts_idx',
        'game_nights_thread_idx',
        'game_nights_game_idx',
        'game_nights_host_idx',
        'game_night_rsvps_user_idx',
        'notifications_game_night_idx',
        // Squad calls: the open ones by expiry, a game's, a creator's, and a player's joins.
        'squad_calls_open_idx',
        'squad_calls_game_idx',
        'squad_calls_creator_idx',
        'squad_call_members_user_idx',
      ].sort(),
    )
  })

  it('opens the database in WAL mode with foreign keys on', async ({ tempDir }) => {
    const server = await start(join(tempDir, 'data'), false)
    const connection = sqliteConnectionOf(server.db)
    expect(connection.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(connection.pragma('foreign_keys', { simple: true })).toBe(1)
  })
})
