/**
 * Input hardening (docs/security.md): names and bios lose control, bidi and zero-width
 * characters; a profile picture is this server's own image; the server's real answers pass the
 * checks the app runs on a friend's server's answers.
 */
import { ANSWERS } from '../../../src/shared/answer-schemas'
import { stripInvisible } from '../../../src/shared/text'
import type { LoginResponse, SignupResponse } from '../../../src/shared/api-types'
import { TINY_PNG, body, seededToken, upload, userNamed } from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'

describe('stripInvisible', () => {
  it.each([
    ['right-to-left override', 'gpj\u202E.exe', 'gpj.exe'],
    ['bidi isolates', '\u2066a\u2067b\u2068c\u2069', 'abc'],
    ['embeddings and pops', '\u202Aa\u202Bb\u202Cc\u202Dd', 'abcd'],
    ['marks', 'a\u200Eb\u200Fc\u061Cd', 'abcd'],
    ['zero-width space, non-joiner, word joiner, BOM', 'a\u200Bd\u200Cm\u2060i\uFEFFn', 'admin'],
    ['a stray zero-width joiner', 'ad\u200Dmin', 'admin'],
    ['NUL and other controls', 'a\u0000b\u0007c\u001Bd\u007Fe\u0085f', 'abcdef'],
    ['a line break in a name', 'Ada\nLovelace', 'Ada Lovelace'],
  ])('drops %s', (_what, input, expected) => {
    expect(stripInvisible(input)).toBe(expected)
  })

  it('keeps emoji sequences, accents and other scripts', () => {
    for (const text of ['👩‍💻 dev', '❤️‍🔥', 'Zoë Ñandú', 'שלום', 'مرحبا', '日本語']) {
      expect(stripInvisible(text)).toBe(text)
    }
  })

  it('keeps line breaks in a bio', () => {
    expect(stripInvisible('one\ntwo\u202E\tthree', { multiline: true })).toBe('one\ntwo\tthree')
  })
})

describe('names and bios through the API', () => {
  it('stores names and bios without bidi, zero-width or NUL characters', async ({ app }) => {
    const { token } = await seededToken()
    const response = await app.send(
      '/api/users/edit',
      {
        userData: {
          firstName: '\u202Enimda',
          lastName: 'Love\u200Blace\u0000',
          bio: 'Top 500\u2066 once\nnever\u200C again',
        },
      },
      { token },
    )
    expect(response.status).toBe(200)
    const stored = await userNamed(app, 'player1')
    expect(stored.firstName).toBe('nimda')
    expect(stored.lastName).toBe('Lovelace')
    expect(stored.bio).toBe('Top 500 once\nnever again')
  })

  it('cleans the names given at sign-up too', async ({ app }) => {
    const response = await app.send('/api/auth/signup', {
      username: 'clean_names',
      password: 'long enough',
      firstName: ' Eve\u202E ',
      lastName: '\u0000',
    })
    expect(response.status).toBe(201)
    const { createdUser } = await body<SignupResponse>(response)
    expect(createdUser.firstName).toBe('Eve')
    expect(createdUser.lastName).toBe('')
  })
})

describe('the app’s checks accept this server’s real answers', () => {
  it('keeps every user, post and comment of a real session', async ({ app }) => {
    const login = await body<LoginResponse>(
      await app.send('/api/auth/login', { username: 'player1', password: 'gamerstage' }),
    )
    const token = String(login.encodedToken)
    const minimal = { token, headers: { Prefer: 'return=minimal' } }
    const picture = await body<{ url: string }>(await upload(app, TINY_PNG, { token }))
    await app.send('/api/users/edit', { userData: { profileImg: picture.url } }, { token })

    const checks: [keyof typeof ANSWERS, unknown][] = [
      ['login', login],
      ['user', await body(await app.get('/api/users/player1', token))],
      ['postsPage', await body(await app.get('/api/posts?limit=20', token))],
      ['postsPage', await body(await app.get('/api/feed?limit=20', token))],
      ['usersPage', await body(await app.get('/api/users?search=p&limit=8', token))],
      ['commentsPage', await body(await app.get('/api/comments/1?limit=20', token))],
      ['post', await body(await app.send('/api/posts/like/2', {}, minimal))],
      ['comment', await body(await app.send('/api/comments/upvote/1/1', {}, minimal))],
      ['follow', await body(await app.send('/api/users/follow/3', {}, { token }))],
      ['bookmarksPage', await body(await app.get('/api/users/bookmark?limit=20', token))],
    ]
    for (const [name, answer] of checks) {
      const checked = ANSWERS[name].safeParse(answer)
      expect(checked.success, name).toBe(true)
      // Nothing of our own is dropped or rewritten.
      expect(checked.success && checked.data, name).toEqual(answer)
    }
  })
})
