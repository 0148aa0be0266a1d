/**
 * The host's first login (issue 44, item 10): an account on its one-time password sees "Choose
 * your password" whatever the address, and nothing else; once chosen, the app goes on to Home.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider, createStore } from 'jotai'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { App } from '../../src/renderer/src/App'
import { configureApi, request } from '../../src/renderer/src/api/client'
import {
  mustChoosePasswordAtom,
  oneTimePasswordAtom,
  setSessionAtom,
} from '../../src/renderer/src/state/auth'
import { loginAtom } from '../../src/renderer/src/state/session'
import { newUserLists } from '../helpers/answers'
import { fakeFriendServer, jsonResponse } from './fake-server'

const boss = {
  _id: '7',
  id: '7',
  username: 'b'.repeat(30),
  firstName: '',
  lastName: '',
  bio: '',
  profileImg: '/api/media/default-avatar.svg',
  createdAt: '2026-11-26T02:00:00+00:00',
  updatedAt: '2026-11-26T02:00:00+00:00',
  ...newUserLists(),
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>
}

function renderApp(store: ReturnType<typeof createStore>, at: string) {
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[at]}>
        <App />
        <Where />
      </MemoryRouter>
    </Provider>,
  )
}

describe('the host’s first login', () => {
  const fetchMock = fakeFriendServer()
  beforeEach(() => localStorage.clear())
  afterEach(cleanup)

  it('remembers from the login answer that the password must be chosen', async () => {
    const store = createStore()
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { foundUser: boss, encodedToken: 'tok', passwordChangeRequired: true }),
    )
    await store.set(loginAtom, boss.username, 'one-time-secret')
    expect(store.get(mustChoosePasswordAtom)).toBe(true)
    expect(store.get(oneTimePasswordAtom)).toBe('one-time-secret')
    // Kept across a reload; the one-time password itself is not stored.
    expect(localStorage.getItem('choosePassword')).toBe('1')
    expect(JSON.stringify(localStorage)).not.toContain('one-time-secret')

    // An ordinary login clears it.
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { foundUser: boss, encodedToken: 'tok2' }))
    await store.set(loginAtom, boss.username, 'my own password')
    expect(store.get(mustChoosePasswordAtom)).toBe(false)
    expect(store.get(oneTimePasswordAtom)).toBeNull()
  })

  it('shows only "Choose your password" until it is chosen, then goes on to Home', async () => {
    const store = createStore()
    store.set(setSessionAtom, { user: boss, token: 'tok' })
    store.set(mustChoosePasswordAtom, true)
    store.set(oneTimePasswordAtom, 'one-time-secret')
    renderApp(store, '/settings')
    // Its module loads on first use (App.tsx lazyScreen).
    const heading = await screen.findByRole(
      'heading',
      { name: 'Choose your password' },
      { timeout: 10_000 },
    )
    expect(heading).toBeTruthy()
    expect(screen.getByTestId('where').textContent).toBe('/welcome/choose-password')
    // The one-time password typed at login is not asked again.
    expect(screen.queryByLabelText('One-time password')).toBeNull()

    const user = userEvent.setup()
    await user.type(screen.getByLabelText('New password'), 'short')
    await user.click(screen.getByRole('button', { name: 'Save and go on' }))
    expect(screen.getByText('Password must be at least 8 characters.')).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()

    fetchMock.mockResolvedValue(jsonResponse(200, { encodedToken: 'fresh' }))
    await user.clear(screen.getByLabelText('New password'))
    await user.type(screen.getByLabelText('New password'), 'my own password')
    await user.type(screen.getByLabelText('Confirm new password'), 'my own password')
    await user.click(screen.getByRole('button', { name: 'Save and go on' }))
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(new URL(String(url)).pathname).toBe('/api/auth/password')
    expect(JSON.parse(String(init?.body))).toEqual({
      currentPassword: 'one-time-secret',
      newPassword: 'my own password',
    })
    expect(store.get(mustChoosePasswordAtom)).toBe(false)
    expect(store.get(oneTimePasswordAtom)).toBeNull()
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/home'))
    expect(localStorage.getItem('token')).toBe('fresh')
  })

  it('asks for the one-time password after a reload', async () => {
    const store = createStore()
    store.set(setSessionAtom, { user: boss, token: 'tok' })
    store.set(mustChoosePasswordAtom, true)
    renderApp(store, '/home')
    expect(await screen.findByLabelText('One-time password', {}, { timeout: 10_000 })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Save and go on' }))
    expect(screen.getByText('Enter the one-time password the server printed.')).toBeTruthy()
  })

  it('opens the screen when the server refuses a write for it', async () => {
    let told = 0
    configureApi({ onChoosePasswordFirst: () => (told += 1) })
    fetchMock.mockResolvedValueOnce(
      jsonResponse(403, {
        errors: ['Choose your own password first.'],
        code: 'CHOOSE_PASSWORD_FIRST',
      }),
    )
    await expect(request('/posts', { method: 'POST', body: {} })).rejects.toThrow(
      'Choose your own password first.',
    )
    expect(told).toBe(1)
  })
})
