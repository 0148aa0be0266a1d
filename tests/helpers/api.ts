/**
 * Small helpers for the server tests: typed bodies, error assertions, page walking and the
 * recursive checks the security tests make.
 */
import { expect } from 'vitest'
import type {
  ApiAnswer,
  ApiErrorAnswer,
  BookmarksPage,
  Comment,
  CommentsPage,
  CommentResponse,
  CommentsResponse,
  ErrorResponse,
  Notification,
  NotificationsPage,
  Post,
  PostResponse,
  PostsPage,
  PostsResponse,
  User,
  UserListItem,
  UserSummary,
  UserResponse,
  UsersPage,
} from '../../src/shared/api-types'
import {
  ERROR_STATUS,
  isErrorCode,
  isSessionEndReason,
  type ErrorCode,
} from '../../src/shared/error-codes'
import { signToken } from '../../src/server/auth/token'
import { findUserByUsername } from '../../src/server/services/reads/users'
import { createUser } from '../../src/server/services/writes/users'
import { TEST_SECRET, type TestApp } from './server-app'

/** `YYYY-MM-DDTHH:mm:ss±hh:mm` (docs/decisions.md). */
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/

/** The demo data of tests/helpers/server-app.ts. */
export const DEMO = {
  player1: '1',
  nova: '2',
  questlord: '3',
  lootgoblin: '4',
  postCount: 5,
  userCount: 4,
} as const

/** Ids that name nothing: not numbers, not positive, not whole, or too big. */
export const BAD_IDS = ['abc', '0', '-1', '1.5', '01', '1e3', '999999', '99999999999999999999']

/** Path segments that try to climb out of the route; they must never reach another resource. */
export const TRAVERSAL_IDS = ['../1', '%2e%2e', '..%2F1', '%2e%2e%2f1']

/**
 * The JSON body as one of the API's answer types (src/shared/api-types.ts): a shape the API does
 * not answer fails to compile, and so does a test whose fields a changed answer no longer has.
 */
export async function body<T extends ApiAnswer | ApiErrorAnswer>(response: Response): Promise<T> {
  return (await response.json()) as T
}

/** Asserts that `code` is one the API lists (src/shared/error-codes.ts) and goes with `status`. */
export function expectKnownCode(code: unknown, status: number, where = ''): void {
  expect(isErrorCode(code), `${where} code ${String(code)}`).toBe(true)
  expect(ERROR_STATUS[code as ErrorCode], `${where} status of ${String(code)}`).toBe(status)
}

/**
 * Asserts the status first, then the whole `{errors: [message], code}` body, whose code must be a
 * known one of that status (and `code`, when given).
 */
export async function expectError(
  response: Response | Promise<Response>,
  status: number,
  message: string | RegExp,
  code?: ErrorCode,
): Promise<void> {
  const resolved = await response
  const text = await resolved.text()
  expect(resolved.status, text).toBe(status)
  const parsed = JSON.parse(text) as ErrorResponse
  // A refused token also says why (docs/API.md, "Why a session ended").
  const keys = parsed.code === 'INVALID_TOKEN' && 'reason' in parsed ? ['reason'] : []
  // A post whose media are gone names them (docs/API.md, "Images in posts").
  if (parsed.code === 'MEDIA_GONE') keys.push('missingMedia')
  // A readiness refusal names each dependency's state (docs/API.md, "Health").
  if (parsed.code === 'NOT_READY') keys.push('checks')
  expect(Object.keys(parsed)).toEqual(['errors', 'code', ...keys])
  if (parsed.code === 'INVALID_TOKEN' && keys.length > 0)
    expect(isSessionEndReason(parsed.reason), text).toBe(true)
  if (parsed.code === 'MEDIA_GONE') {
    expect(parsed.missingMedia, text).toEqual(expect.arrayContaining([expect.any(String)]))
  }
  expect(parsed.errors).toHaveLength(1)
  if (typeof message === 'string') expect(parsed.errors[0]).toBe(message)
  else expect(parsed.errors[0]).toMatch(message)
  expectKnownCode(parsed.code, status, text)
  if (code) expect(parsed.code).toBe(code)
}

/** Asserts a 2xx status (with the body in the failure message) and answers the typed body. */
export async function ok<T extends ApiAnswer>(
  response: Response | Promise<Response>,
  status = 200,
): Promise<T> {
  const resolved = await response
  const text = await resolved.text()
  expect(resolved.status, text).toBe(status)
  return JSON.parse(text) as T
}

export async function allPosts(app: TestApp, token?: string): Promise<Post[]> {
  return (await ok<PostsResponse>(app.get('/api/posts', token))).posts
}

export async function onePost(app: TestApp, id: string, token?: string): Promise<Post> {
  return (await ok<PostResponse>(app.get(`/api/posts/${id}`, token))).post
}

export async function commentsOf(app: TestApp, postId: string, token?: string): Promise<Comment[]> {
  return (await ok<CommentsResponse>(app.get(`/api/comments/${postId}`, token))).comments
}

/** A user as anyone sees it; with that user's own token, bookmarks included. */
export async function userNamed(app: TestApp, username: string, token?: string): Promise<User> {
  return (await ok<UserResponse>(app.get(`/api/users/${username}`, token))).user
}

/** Creates a post and answers its id (via the minimal answer). */
export async function createPost(app: TestApp, token: string, content: string): Promise<string> {
  const answer = await ok<PostResponse>(
    app.send(
      '/api/posts',
      { postData: { content } },
      { token, headers: { Prefer: 'return=minimal' } },
    ),
    201,
  )
  return answer.post._id
}

/** Adds a comment and answers its id (via the minimal answer). */
export async function addComment(
  app: TestApp,
  token: string,
  postId: string,
  text: string,
  /** threads: the id of the comment this one answers */
  replyTo?: string,
): Promise<string> {
  const answer = await ok<CommentResponse>(
    app.send(
      `/api/comments/add/${postId}`,
      { commentData: replyTo === undefined ? { text } : { text, replyTo } },
      { token, headers: { Prefer: 'return=minimal' } },
    ),
    201,
  )
  return answer.comment._id
}

/** Every page answer of the API, the list key each keeps its items under, and those items. */
type AnyPage = PostsPage | CommentsPage | BookmarksPage | UsersPage | NotificationsPage
type KeysOf<T> = T extends unknown ? keyof T : never
type PageKey = Exclude<KeysOf<AnyPage>, 'nextCursor'>
type PageItem = Post | Comment | UserListItem | UserSummary | Notification

/**
 * Follows `nextCursor` from the first page of `path` (which must already carry `?limit=`) until
 * it is null, and answers every item of every page in order.
 */
export async function walkPages<T extends PageItem>(
  app: TestApp,
  path: string,
  key: PageKey,
  token?: string,
): Promise<{ items: T[]; pages: number }> {
  const items: T[] = []
  let cursor: string | null = null
  let pages = 0
  do {
    const url: string = cursor ? `${path}&cursor=${encodeURIComponent(cursor)}` : path
    const page = await ok<AnyPage>(app.get(url, token))
    expect(Object.keys(page).sort()).toEqual([key, 'nextCursor'].sort())
    items.push(...((page as unknown as Record<PageKey, T[]>)[key] ?? []))
    cursor = page.nextCursor
    pages += 1
    if (pages > 1000) throw new Error(`${path} never ends`)
  } while (cursor !== null)
  return { items, pages }
}

/** Every key anywhere in a JSON value, with its path. */
export function allKeys(value: unknown, path = '$'): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => allKeys(item, `${path}[${index}]`))
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => [
      `${path}.${key}`,
      ...allKeys(child, `${path}.${key}`),
    ])
  }
  return []
}

/** Every string anywhere in a JSON value. */
export function allStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(allStrings)
  if (value && typeof value === 'object') return Object.values(value).flatMap(allStrings)
  return []
}

/** Deletes a user row behind the API's back (there is no delete-account route). */
export async function deleteUserRow(app: TestApp, id: string): Promise<void> {
  await app.db.run('DELETE FROM users WHERE id = ?', Number(id))
}

/** A 1x1 transparent PNG. */
export const TINY_PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
)

/** The two upload routes: a profile picture, and an image for a post. */
export const UPLOAD_ROUTES = ['/api/media', '/api/media/post-images'] as const

/** Uploads bytes as the multipart field `file`, as a profile picture unless `route` says. */
export function upload(
  app: TestApp,
  bytes: Uint8Array,
  options: {
    token?: string
    type?: string
    name?: string
    field?: string
    route?: (typeof UPLOAD_ROUTES)[number]
  } = {},
): Promise<Response> {
  const form = new FormData()
  form.append(
    options.field ?? 'file',
    new Blob([bytes as Uint8Array<ArrayBuffer>], { type: options.type ?? 'image/png' }),
    options.name ?? 'a.png',
  )
  return app.request(options.route ?? '/api/media', {
    method: 'POST',
    headers: options.token ? { authorization: options.token } : {},
    body: form,
  })
}

/**
 * Adds a user straight through the service, skipping the deliberately slow password hash, and
 * answers a valid token for them. For tests that need many users; they cannot log in.
 */
export async function quickUser(
  app: TestApp,
  username: string,
): Promise<{ token: string; id: string }> {
  const row = await createUser(app.db, { username, passwordHash: 'not-a-hash' })
  const id = String(row.id)
  return { id, token: await signToken({ _id: id, username: row.username }, TEST_SECRET) }
}

/**
 * A token for an account that exists already, e.g. a host the server made for `--admin`
 * (TestAppOptions.admins), without the slow login; such a host has chosen their own password, as
 * the app makes them do first (tests/server/moderation/first-password.test.ts covers the rest).
 */
export async function signedInAs(
  app: Pick<TestApp, 'db'>,
  username: string,
): Promise<{ token: string; id: string }> {
  const row = await findUserByUsername(app.db, username)
  if (!row) throw new Error(`${username} has no account`)
  const id = String(row.id)
  await app.db.run('UPDATE users SET one_time_password_at = NULL WHERE id = ?', row.id)
  return { id, token: await signToken({ _id: id, username: row.username }, TEST_SECRET) }
}

const SEEDED_IDS: Record<string, string> = {
  player1: DEMO.player1,
  nova_strike: DEMO.nova,
  questlord: DEMO.questlord,
  lootgoblin: DEMO.lootgoblin,
}

/**
 * A valid token for a seeded user (player1 by default) without the login round trip and its
 * deliberately slow password check; the auth tests cover the real login.
 */
export async function seededToken(username = 'player1'): Promise<{ token: string; id: string }> {
  const id = SEEDED_IDS[username]
  if (!id) throw new Error(`${username} is not a seeded user`)
  return { id, token: await signToken({ _id: id, username }, TEST_SECRET) }
}
