import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import { MemoryRouter } from 'react-router-dom'
import { ToastContainer } from 'react-toastify'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  COPY,
  GAME_PLAYING_COPY,
  GAME_SEARCH_COPY,
  SPEC_TEXT,
  loginHint,
  sessionEndText,
} from '../../src/renderer/src/copy'
import { LoginPage } from '../../src/renderer/src/routes/LoginPage'
import { SignupPage } from '../../src/renderer/src/routes/SignupPage'
import { Suggestions } from '../../src/renderer/src/components/Suggestions'
import { setSessionAtom } from '../../src/renderer/src/state/auth'
import {
  endSessionAtom,
  isNewcomerAtom,
  loginAtom,
  sessionEndAtom,
} from '../../src/renderer/src/state/session'
import { SESSION_END_REASONS } from '../../src/shared/error-codes'

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const NOT_REGISTERED = 'The username you entered is not Registered. Not Found error'
const WRONG_PASSWORD = 'The credentials you entered are invalid. Unauthorized access error.'

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

const user = (username: string) => ({
  _id: '42',
  id: '42',
  username,
  firstName: '',
  lastName: '',
  bio: '',
  profileImg: '/api/media/default-avatar.svg',
  createdAt: '2026-11-26T02:00:00+00:00',
  updatedAt: '2026-11-26T02:00:00+00:00',
  followers: [],
  following: [],
  bookmarks: [],
  followerCount: 0,
  followingCount: 0,
  postCount: 0,
})

describe('the words of the app (copy.ts, docs/WORDS.md)', () => {
  const fetchSpy = vi.fn<typeof fetch>()
  /** What the server answers to a login or sign-up, per test. */
  let authAnswer: () => Response = () => json(500, { error: { message: 'unset' } })

  beforeEach(() => {
    fetchSpy.mockReset()
    fetchSpy.mockImplementation((input) => {
      const url = String(input)
      if (url.endsWith('/api/meta')) {
        return Promise.resolve(json(200, { name: 't', version: '1', demoAccount: null }))
      }
      if (url.includes('/api/auth/')) return Promise.resolve(authAnswer())
      if (url.includes('/api/users?'))
        return Promise.resolve(json(200, { users: [], nextCursor: null }))
      return Promise.resolve(json(404, { errors: ['No such API route.'], code: 'ROUTE_NOT_FOUND' }))
    })
    vi.stubGlobal('fetch', fetchSpy)
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
    localStorage.clear()
  })

  function renderAt(page: 'login' | 'signup', store = createStore()) {
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[page === 'login' ? '/' : '/signup']}>
          {page === 'login' ? <LoginPage /> : <SignupPage />}
        </MemoryRouter>
        <ToastContainer />
      </Provider>,
    )
    return store
  }

  async function logIn(username: string, password: string) {
    await userEvent.type(screen.getByLabelText('Username'), username)
    await userEvent.type(screen.getByLabelText('Password'), password)
    await userEvent.click(screen.getByRole('button', { name: SPEC_TEXT.loginButton }))
  }

  it('keeps the spec’s toast for an unknown username and explains it under the username', async () => {
    authAnswer = () => json(404, { errors: [NOT_REGISTERED], code: 'NOT_REGISTERED' })
    renderAt('login')
    await logIn('nobody_here', 'whatever1')
    expect(await screen.findByText(NOT_REGISTERED)).toBeTruthy()
    const hint = await screen.findByText(COPY.auth.loginHint.NOT_REGISTERED)
    const username = screen.getByLabelText('Username')
    expect(username.getAttribute('aria-describedby')).toBe(hint.id)
    expect(username.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull()
    expect(document.activeElement).toBe(username)
    // Typing a new name takes the hint away.
    await userEvent.type(username, 'x')
    expect(screen.queryByText(COPY.auth.loginHint.NOT_REGISTERED)).toBeNull()
  })

  it('keeps the spec’s toast for a wrong password and explains it under the password', async () => {
    authAnswer = () => json(401, { errors: [WRONG_PASSWORD], code: 'INVALID_CREDENTIALS' })
    renderAt('login')
    await logIn('player1', 'wrong-one')
    expect(await screen.findByText(WRONG_PASSWORD)).toBeTruthy()
    const hint = await screen.findByText(COPY.auth.loginHint.INVALID_CREDENTIALS)
    const password = screen.getByLabelText('Password')
    expect(password.getAttribute('aria-describedby')).toBe(hint.id)
    expect(document.activeElement).toBe(password)
  })

  it('shows a sentence that is already plain as it is, at the form', async () => {
    const locked = 'Too many failed logins for this username. Try again in 30 seconds.'
    authAnswer = () => json(429, { errors: [locked], code: 'RATE_LIMITED' })
    renderAt('login')
    await logIn('player1', 'wrong-one')
    // The toast and the line at the form, which need not appear in the same render.
    await waitFor(() => expect(screen.getAllByText(locked)).toHaveLength(2))
  })

  it('says why the server ended the last session, above the login form', () => {
    const store = createStore()
    store.set(sessionEndAtom, { end: 'password-changed', username: 'mover' })
    renderAt('login', store)
    expect(screen.getByRole('status').textContent).toBe(
      'You changed your password on another device, so you were logged out here. Log in with your new password.',
    )
    // The name is filled back in, and the password is what is asked.
    expect(screen.getByLabelText('Username')).toHaveProperty('value', 'mover')
    expect(document.activeElement).toBe(screen.getByLabelText('Password'))
  })

  it('welcomes a new account as new: no "working", and the session is a first visit (greeted under /home’s "Welcome Back...")', async () => {
    authAnswer = () => json(201, { createdUser: user('fresh_face'), encodedToken: 't0ken' })
    const store = renderAt('signup')
    await userEvent.type(screen.getByLabelText('Username'), 'fresh_face')
    await userEvent.type(screen.getByLabelText('Password'), 'supersecret1')
    await userEvent.type(screen.getByLabelText('Confirm password'), 'supersecret1')
    await userEvent.click(screen.getByRole('button', { name: COPY.auth.signUp }))
    expect(await screen.findByText(COPY.auth.welcome('fresh_face'))).toBeTruthy()
    expect(screen.queryByText(SPEC_TEXT.loginSucceeded)).toBeNull()
    expect(store.get(isNewcomerAtom)).toBe(true)

    // The next login is a return.
    authAnswer = () => json(200, { foundUser: user('fresh_face'), encodedToken: 't0ken2' })
    await store.set(loginAtom, 'fresh_face', 'supersecret1')
    expect(store.get(isNewcomerAtom)).toBe(false)
  })

  it.each([
    [0, COPY.suggestions.nobodyElse],
    [3, COPY.suggestions.followingEveryone],
  ])('with nobody to suggest and %i followed, says: %s', async (followingCount, sentence) => {
    const store = createStore()
    store.set(setSessionAtom, { user: { ...user('lonely'), followingCount }, token: 't0ken' })
    render(
      <Provider store={store}>
        <MemoryRouter>
          <Suggestions />
        </MemoryRouter>
      </Provider>,
    )
    expect(await screen.findByText(sentence)).toBeTruthy()
  })

  it('keeps the first reason and the name when calls under way are refused after it', () => {
    const store = createStore()
    store.set(setSessionAtom, { user: user('mover'), token: 't0ken' })
    store.set(endSessionAtom, 'password-changed')
    store.set(endSessionAtom, 'ended')
    expect(store.get(sessionEndAtom)).toEqual({ end: 'password-changed', username: 'mover' })
    // A session that is gone for good leaves no name to fill in.
    store.set(setSessionAtom, { user: user('gone_one'), token: 't0ken' })
    store.set(endSessionAtom, 'account-gone')
    expect(store.get(sessionEndAtom)).toEqual({ end: 'account-gone', username: null })
  })

  it('has a plain sentence for every reason a server gives, and a hint only where needed', () => {
    for (const reason of SESSION_END_REASONS) {
      expect(sessionEndText(reason)).toMatch(/^[A-Z].*\.$/)
    }
    expect(sessionEndText('account-gone')).toMatch(/no longer on this server/)
    expect(loginHint('NOT_REGISTERED')?.field).toBe('username')
    expect(loginHint('INVALID_CREDENTIALS')?.field).toBe('password')
    expect(loginHint('RATE_LIMITED')).toBeNull()
    expect(loginHint(null)).toBeNull()
  })

  it('leaves the spec’s texts to the catalogue: no screen spells one itself', () => {
    // Every source file of the app but the catalogue, as text (Vite's glob, as vitest runs it).
    const sources = import.meta.glob<string>('../../src/renderer/src/**/*.{ts,tsx}', {
      query: '?raw',
      import: 'default',
      eager: true,
    })
    const files = Object.entries(sources).filter(([file]) => !file.endsWith('/copy.ts'))
    expect(files.length).toBeGreaterThan(50)
    const spelled: string[] = []
    // A word as short as "Login" may name other things (the login route's title).
    for (const text of Object.values(SPEC_TEXT).filter((text) => text.length > 5)) {
      // As a string literal, a JSX attribute or JSX text; comments may quote them.
      const literal = new RegExp(`'${escape(text)}'|="${escape(text)}"|>\\s*${escape(text)}\\s*<`)
      for (const [file, source] of files) if (literal.test(source)) spelled.push(`${file}: ${text}`)
    }
    expect(spelled).toEqual([])
  })

  it('names the game page’s Playing now and search’s games as docs/WORDS.md says', () => {
    expect(GAME_PLAYING_COPY).toMatchObject({
      title: 'Playing now',
      loading: 'Loading who is playing',
      failed: 'Couldn’t load who is playing.',
      menuSet: 'Set status',
      menuChange: 'Change status',
      gameHint: 'Pick a game from the list or type any name.',
    })
    expect(GAME_PLAYING_COPY.empty('Deep Rock Galactic')).toBe(
      'Nobody is playing Deep Rock Galactic right now.',
    )
    expect(GAME_SEARCH_COPY.section).toBe('Games')
    expect(GAME_SEARCH_COPY.none('zzz')).toBe('No game found for “zzz”.')
    expect([COPY.games.players(1), COPY.games.players(12)]).toEqual(['1 player', '12 players'])
  })

  it('keeps the spec’s texts word for word', () => {
    expect(SPEC_TEXT).toMatchObject({
      loginTagline: 'Real gaming takes the stage',
      signupTagline: 'Become the part of the stage',
      homeTitle: 'Welcome Back...',
      homeEmpty: 'Follow some people to get started',
      exploreTitle: 'Explore New Things...',
      byLike: 'By like',
      bookmarksTitle: 'Saved Posts',
      bookmarksEmpty: 'Nothing is here ...',
      profileEmpty: 'No posts yet...',
      searchPlaceholder: 'search for the user',
      noUserFound: 'No user found',
      suggestionsTitle: 'Some amazing people',
      fillTestCredentials: 'Fill Test Credentials',
      loginButton: 'Login',
      postDeleted: 'Your post has been deleted',
      commentDeleted: 'Comment Has been deleted',
      somethingWentWrong: 'Something went wrong. ',
      loginSucceeded: 'working',
      postPlaceholder: 'enter a text',
      commentPlaceholder: 'For comment',
      fillCompleteForm: 'Fill complete form',
      passwordsShouldBeSame: 'Passwords should be same',
      loggedOut: 'You have been logged out',
    })
  })
})
