/**
 * Error codes (docs/API.md, "Errors"): every code is reached by a real request, with its status
 * and its sentence, and docs/API.md lists each one with that status. (Every error answer any
 * server test meets is also checked for a known code, in tests/helpers/server-app.ts.)
 */
import { readFileSync } from 'node:fs'
import { vi } from 'vitest'
import { SCRYPT_PARAMS, setHashQueueLimit } from '../../../src/server/auth/password'
import { uploadEmoji } from '../../helpers/custom-emoji'
import {
  ACCOUNT_MESSAGES,
  EMOJI_MESSAGES,
  GAME_MESSAGES,
  MESSAGES,
  SHARE_MESSAGES,
  foreignHostMessage,
} from '../../../src/server/errors/messages'
import { captureLog } from '../../helpers/log-capture'
import { ERROR_STATUS, type ErrorCode } from '../../../src/shared/error-codes'
import {
  DEMO,
  TINY_PNG,
  addComment,
  deleteUserRow,
  createPost,
  expectError,
  quickUser,
  seededToken,
  upload,
} from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'
import { createPoll } from '../../helpers/polls'
import type { TestApp, TestAppOptions } from '../../helpers/server-app'
import {
  CONVERSATION_MESSAGES,
  GAME_NIGHT_MESSAGES,
  SQUAD_CALL_MESSAGES,
  POLL_MESSAGES,
} from '../../../src/server/errors/messages'
import { CLIP_MESSAGES } from '../../../src/server/services/media/clip-containers'
import { makeMp4 } from '../../helpers/videos'

/** A clip upload. */
function uploadClip(app: TestApp, bytes: Uint8Array, token: string): Promise<Response> {
  const form = new FormData()
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'video/mp4' }), 'c.mp4')
  return app.request('/api/media/clips', {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  })
}

interface Case {
  /** How the app is built, when the defaults (demo data, no limits) will not do. */
  options?: TestAppOptions
  /** Makes the refused request (after any setup it needs) and answers it. */
  request: (app: TestApp, player1: string) => Promise<Response>
  message: string | RegExp
}

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
})

/** One request per code that ends in it. */
const CASES: Record<Exclude<ErrorCode, 'INTERNAL'>, Case> = {
  VALIDATION: {
    request: (app) => app.get('/api/posts?limit=0'),
    message: 'limit must be a whole number from 1 to 100.',
  },
  INVALID_JSON: {
    request: (app) => app.request('/api/auth/login', json('{"username": ')),
    message: MESSAGES.invalidJson,
  },
  INVALID_CURSOR: {
    request: (app) => app.get('/api/posts?limit=2&cursor=garbage'),
    message: MESSAGES.invalidCursor,
  },
  INVALID_IMAGE: {
    request: (app, token) => upload(app, new TextEncoder().encode('not an image'), { token }),
    message: MESSAGES.notAnImage,
  },
  INVALID_CLIP: {
    request: (app, token) => uploadClip(app, makeMp4({ videoEntry: 'hvc1' }), token),
    message: CLIP_MESSAGES.hevc,
  },
  NOT_OWNER: {
    // Post 5 is nova_strike's.
    request: (app, token) => app.send('/api/posts/edit/5', { postData: 'mine now' }, { token }),
    message: MESSAGES.editForeignPost,
  },
  STATE_CONFLICT: {
    request: async (app, token) => {
      const postId = await createPost(app, token, 'no likes yet')
      return app.send(`/api/posts/dislike/${postId}`, {}, { token })
    },
    message: MESSAGES.likeBelowZero,
  },
  ALREADY_DONE: {
    request: (app, token) => app.send('/api/users/remove-bookmark/2', {}, { token }),
    message: MESSAGES.notBookmarked,
  },
  SELF_TARGET: {
    request: (app, token) => app.send(`/api/users/follow/${DEMO.player1}`, {}, { token }),
    message: MESSAGES.followSelf,
  },
  INVALID_TOKEN: {
    request: (app) => app.get('/api/feed', 'not.a.token'),
    message: MESSAGES.invalidToken,
  },
  INVALID_CREDENTIALS: {
    request: (app) => app.send('/api/auth/login', { username: 'player1', password: 'wrong one' }),
    message: MESSAGES.wrongPassword,
  },
  WRONG_PASSWORD: {
    request: async (app) => {
      const { token } = await app.signup('changer', 'long enough pw')
      const change = { currentPassword: 'not my password', newPassword: 'a new long one' }
      return app.send('/api/auth/password', change, { token })
    },
    message: ACCOUNT_MESSAGES.wrongCurrentPassword,
  },
  FOREIGN_ORIGIN: {
    request: (app, token) =>
      app.request(
        '/api/posts',
        json({ postData: 'hi' }, { authorization: token, Origin: 'https://evil.example' }),
      ),
    message: MESSAGES.foreignOrigin,
  },
  DEMO_DISABLED: {
    options: { shared: true },
    request: (app) => app.send('/api/auth/login', { username: 'player1', password: 'gamerstage' }),
    message: MESSAGES.demoDisabledWhileShared,
  },
  ACCOUNT_SUSPENDED: {
    options: { admins: ['player1'] },
    request: async (app, host) => {
      const { id } = await app.signup('troll', 'long enough pw')
      await app.send(`/api/moderation/suspend/${id}`, {}, { token: host })
      return app.send('/api/auth/login', { username: 'troll', password: 'long enough pw' })
    },
    message: ACCOUNT_MESSAGES.accountSuspended,
  },
  CHOOSE_PASSWORD_FIRST: {
    options: { demo: false, admins: ['boss'] },
    request: async (app) => {
      const login = await app.send('/api/auth/login', {
        username: 'boss',
        password: app.hosts[0]?.oneTimePassword,
      })
      const { encodedToken } = (await login.json()) as { encodedToken: string }
      return app.send('/api/posts', { postData: { content: 'first' } }, { token: encodedToken })
    },
    message: ACCOUNT_MESSAGES.choosePasswordFirst,
  },
  HOST_ONLY: {
    request: (app, token) => app.get('/api/reports', token),
    message: ACCOUNT_MESSAGES.hostOnly,
  },
  HOST_PROTECTED: {
    options: { admins: ['player1'] },
    request: (app, host) =>
      app.send(`/api/moderation/suspend/${DEMO.player1}`, {}, { token: host }),
    message: ACCOUNT_MESSAGES.cannotSuspendHost,
  },
  BLOCKED: {
    request: async (app, token) => {
      const other = await quickUser(app, 'blocker')
      await app.send(`/api/users/me/block/${DEMO.player1}`, {}, { token: other.token })
      return app.send(`/api/users/follow/${other.id}`, {}, { token })
    },
    message: ACCOUNT_MESSAGES.blocked,
  },
  POST_UNAVAILABLE: {
    options: { admins: ['player1'] },
    // Post 5 is nova_strike's: the host suspends them, then tries to repost it.
    request: async (app, host) => {
      await app.send(`/api/moderation/suspend/${DEMO.nova}`, {}, { token: host })
      return app.send('/api/posts/5/repost', {}, { token: host })
    },
    message: SHARE_MESSAGES.authorSuspended,
  },
  UNKNOWN_USER: {
    request: async (app) => {
      const gone = await quickUser(app, 'gone_soon')
      await deleteUserRow(app, gone.id)
      return app.get('/api/feed', gone.token)
    },
    message: MESSAGES.userNotRegistered,
  },
  NOT_REGISTERED: {
    request: (app) => app.send('/api/auth/login', { username: 'nobody_here', password: 'x' }),
    message: MESSAGES.userNotRegistered,
  },
  USER_NOT_FOUND: {
    request: (app) => app.get('/api/users/nobody_here'),
    message: MESSAGES.userNotFound,
  },
  POST_NOT_FOUND: {
    request: (app) => app.get('/api/posts/abc'),
    message: MESSAGES.postNotFound,
  },
  COMMENT_NOT_FOUND: {
    request: (app, token) => app.send('/api/comments/delete/1/999999', {}, { token }),
    message: MESSAGES.commentNotFound,
  },
  COMMENT_DELETED: {
    // threads: a top-level comment deleted while it has a reply stays as a placeholder
    request: async (app, token) => {
      const postId = await createPost(app, token, 'who is in on Saturday?')
      const root = await addComment(app, token, postId, 'me')
      const other = await quickUser(app, 'threads_other')
      await addComment(app, other.token, postId, 'me too', root)
      await app.send(`/api/comments/delete/${postId}/${root}`, {}, { token })
      return app.send(
        `/api/comments/add/${postId}`,
        { commentData: { text: 'hi', replyTo: root } },
        { token },
      )
    },
    message: MESSAGES.commentDeleted,
  },
  MEDIA_NOT_FOUND: {
    request: (app) => app.get('/api/media/too-short'),
    message: MESSAGES.mediaNotFound,
  },
  REPORT_NOT_FOUND: {
    options: { admins: ['player1'] },
    request: (app, host) =>
      app.send('/api/reports/abc', undefined, { token: host, method: 'DELETE' }),
    message: ACCOUNT_MESSAGES.reportNotFound,
  },
  // Conversations: another's conversation is as missing as one that never was.
  CONVERSATION_NOT_FOUND: {
    request: async (app) => {
      const owner = await quickUser(app, 'talker_one')
      const other = await quickUser(app, 'talker_two')
      const started = await app.send('/api/conversations/direct', { userId: other.id }, owner)
      const { conversation } = (await started.json()) as { conversation: { _id: string } }
      const outsider = await quickUser(app, 'outsider')
      return app.get(`/api/conversations/${conversation._id}/messages`, outsider.token)
    },
    message: CONVERSATION_MESSAGES.conversationNotFound,
  },
  GAME_NIGHT_NOT_FOUND: {
    request: (app, token) => app.get('/api/game-nights/999999', token),
    message: GAME_NIGHT_MESSAGES.gameNightNotFound,
  },
  SQUAD_CALL_NOT_FOUND: {
    request: (app, token) => app.get('/api/squad-calls/999999', token),
    message: SQUAD_CALL_MESSAGES.squadCallNotFound,
  },
  MESSAGE_NOT_FOUND: {
    request: async (app) => {
      const owner = await quickUser(app, 'talker_one')
      const other = await quickUser(app, 'talker_two')
      const started = await app.send('/api/conversations/direct', { userId: other.id }, owner)
      const { conversation } = (await started.json()) as { conversation: { _id: string } }
      return app.send(
        `/api/conversations/${conversation._id}/messages/999999`,
        { text: 'edited' },
        { ...owner, method: 'PATCH' },
      )
    },
    message: CONVERSATION_MESSAGES.messageNotFound,
  },
  // Polls (docs/API.md "Polls").
  POLL_NOT_FOUND: {
    request: (app, token) => app.send('/api/posts/1/poll/vote', { optionId: '1' }, { token }),
    message: POLL_MESSAGES.notFound,
  },
  POLL_ENDED: {
    request: async (app, token) => {
      const { postId, optionIds } = await createPoll(app, token, 5)
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60 * 1000 })
      try {
        return await app.send(
          `/api/posts/${postId}/poll/vote`,
          { optionId: optionIds[0] },
          { token },
        )
      } finally {
        vi.useRealTimers()
      }
    },
    message: POLL_MESSAGES.ended,
  },
  POLL_LOCKED: {
    request: async (app, token) => {
      const { postId, optionIds } = await createPoll(app, token)
      await app.send(`/api/posts/${postId}/poll/vote`, { optionId: optionIds[0] }, { token })
      return app.send(
        `/api/posts/edit/${postId}`,
        { postData: { content: 'q', poll: null } },
        { token },
      )
    },
    message: POLL_MESSAGES.locked,
  },
  // Games
  GAME_NOT_FOUND: {
    request: (app) => app.get('/api/games/nosuchgame'),
    message: GAME_MESSAGES.gameNotFound,
  },
  GAME_NAME_TAKEN: {
    options: { admins: ['player1'] },
    request: async (app, host) => {
      await app.send('/api/me/games', { games: ['Doom', 'Quake'] }, { token: host, method: 'PUT' })
      return app.send('/api/games/quake', { name: 'DOOM' }, { token: host, method: 'PATCH' })
    },
    message: GAME_MESSAGES.nameTaken,
  },
  // Custom emoji
  EMOJI_TAKEN: {
    options: { admins: ['player1'] },
    request: async (app, host) => {
      await uploadEmoji(app, host, 'gg_wp')
      return uploadEmoji(app, host, 'gg_wp')
    },
    message: EMOJI_MESSAGES.taken('gg_wp'),
  },
  EMOJI_NOT_FOUND: {
    options: { admins: ['player1'] },
    request: (app, host) =>
      app.request('/api/emoji/nothing_here', {
        method: 'DELETE',
        headers: { authorization: host },
      }),
    message: EMOJI_MESSAGES.notFound('nothing_here'),
  },
  ROUTE_NOT_FOUND: {
    request: (app) => app.get('/api/no-such-call'),
    message: MESSAGES.routeNotFound,
  },
  TOO_LARGE: {
    request: (app, token) => app.send('/api/posts', { postData: 'x'.repeat(1_100_000) }, { token }),
    message: MESSAGES.bodyTooLarge,
  },
  BAD_RANGE: {
    request: async (app, token) => {
      const answer = await uploadClip(app, makeMp4(), token)
      const { media } = (await answer.json()) as { media: { url: string } }
      return app.request(media.url, { headers: { range: 'bytes=999999999-' } })
    },
    message: MESSAGES.rangeNotSatisfiable,
  },
  FOREIGN_HOST: {
    request: (app) => app.request('http://evil.example/api/health'),
    message: foreignHostMessage('evil.example'),
  },
  // Lost draft media (session 14): an id this server never handed out.
  MEDIA_GONE: {
    request: (app, token) =>
      app.send(
        '/api/posts',
        { postData: { content: 'gg', media: [{ id: 'AAAAAAAAAAAAAAAA' }] } },
        { token },
      ),
    message: MESSAGES.mediaGone,
  },
  USERNAME_TAKEN: {
    request: (app) =>
      app.send('/api/auth/signup', { username: 'PLAYER1', password: 'long enough' }),
    message: MESSAGES.usernameTaken,
  },
  RATE_LIMITED: {
    options: { limits: { postsPerHour: 1 } },
    request: async (app, token) => {
      await app.send('/api/posts', { postData: 'the one post of the hour' }, { token })
      return app.send('/api/posts', { postData: 'one too many' }, { token })
    },
    message: /^Too many posts\. Try again in \d+ minutes\.$/,
  },
  SERVER_BUSY: {
    // The real cost, as in production: the two hashes still run when the third sign-up comes.
    options: { passwordCost: SCRYPT_PARAMS },
    request: async (app) => {
      // Two hashes run and none may wait: of three sign-ups at once, the third is refused.
      const restore = setHashQueueLimit(0)
      try {
        const answers = await Promise.all(
          ['busy_one', 'busy_two', 'busy_three'].map((username) =>
            app.send('/api/auth/signup', { username, password: 'long enough' }),
          ),
        )
        const busy = answers.find((answer) => answer.status === 503)
        if (!busy) throw new Error(`no 503 among ${answers.map((a) => a.status).join(', ')}`)
        return busy
      } finally {
        restore()
      }
    },
    message: MESSAGES.passwordQueueFull,
  },
  NOT_READY: {
    // The readiness answer with its database gone.
    request: async (app) => {
      await app.close()
      return app.get('/api/health/ready')
    },
    message: 'Not ready: database does not answer.',
  },
}

describe('error codes', () => {
  it.for(Object.keys(CASES) as (keyof typeof CASES)[])(
    'answers %s with its status and sentence',
    async (code, { makeApp }) => {
      const { options = {}, request, message } = CASES[code]
      const app = await makeApp(options)
      const { token } = await seededToken('player1')
      await expectError(request(app, token), ERROR_STATUS[code], message, code)
    },
  )

  it('answers an unexpected failure 500 with INTERNAL and no details', async ({ app }) => {
    const logged = captureLog()
    await app.close()
    const response = await app.get('/api/posts')
    expect(response.status).toBe(ERROR_STATUS.INTERNAL)
    expect(await response.json()).toEqual({
      error: { message: MESSAGES.unexpected },
      code: 'INTERNAL',
    })
    // The host's log has the error with its stack and the request's id; the client, neither.
    logged.restore()
    const [line] = logged.lines.filter((entry) => entry.msg === 'unexpected error')
    expect(line).toMatchObject({
      requestId: response.headers.get('x-request-id'),
      route: '/api/posts',
      err: { stack: expect.stringContaining('    at ') },
    })
  })

  it('reaches every code there is', () => {
    expect([...Object.keys(CASES), 'INTERNAL'].sort()).toEqual(Object.keys(ERROR_STATUS).sort())
  })

  it('lists every code in docs/API.md with its status', () => {
    const doc = readFileSync(new URL('../../../docs/API.md', import.meta.url), 'utf8')
    const listed = Object.fromEntries(
      [...doc.matchAll(/^\| `([A-Z_]+)` +\| (\d{3}) +\|/gm)].map(([, code, status]) => [
        code,
        Number(status),
      ]),
    )
    expect(listed).toEqual(ERROR_STATUS)
  })

  it('keeps the image upload route on the error shape too', async ({ app, player1 }) => {
    // An upload without the file field: VALIDATION, not a crash of the multipart parser.
    const form = new FormData()
    form.append('other', new Blob([TINY_PNG]), 'a.png')
    const response = await app.request('/api/media', {
      method: 'POST',
      headers: { authorization: player1.token },
      body: form,
    })
    await expectError(response, 400, MESSAGES.missingFile, 'VALIDATION')
  })
})
