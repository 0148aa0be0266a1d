import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import { MemoryRouter } from 'react-router-dom'
import { ToastContainer } from 'react-toastify'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SignupPage } from '../../src/renderer/src/routes/SignupPage'
import { USERNAME_RULES } from '../../src/shared/limits'
import { brokenUsernameRules } from '../../src/shared/schemas'

/** The checklist's rows, as `label: ok | bad | (untouched)`. */
function checklist(): string[] {
  const list = document.getElementById('username-rules')
  if (!list) throw new Error('no username checklist')
  return within(list)
    .getAllByRole('listitem')
    .map((item) => {
      const state = item.classList.contains('ok')
        ? 'ok'
        : item.classList.contains('bad')
          ? 'bad'
          : '(untouched)'
      return `${item.textContent?.replace(/^[•✓✗]\s*(Met: |Not met: )?/, '')}: ${state}`
    })
}

const [length, characters, reserved] = USERNAME_RULES.map((rule) => rule.label)

describe('the sign-up form judges usernames with the shared schema', () => {
  const fetchSpy = vi.fn<typeof fetch>()
  beforeEach(() => {
    fetchSpy.mockReset()
    vi.stubGlobal('fetch', fetchSpy)
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  function renderForm() {
    render(
      <Provider store={createStore()}>
        <MemoryRouter initialEntries={['/signup']}>
          <SignupPage />
        </MemoryRouter>
        <ToastContainer />
      </Provider>,
    )
    return {
      username: screen.getByLabelText('Username'),
      password: screen.getByLabelText('Password'),
      confirm: screen.getByLabelText('Confirm password'),
      submit: screen.getByRole('button', { name: 'Sign up' }),
    }
  }

  it('lists the reserved-name rule beside the others, checked as the server checks', async () => {
    const { username } = renderForm()
    expect(checklist()).toEqual([
      `${length}: (untouched)`,
      `${characters}: (untouched)`,
      `${reserved}: (untouched)`,
    ])
    await userEvent.type(username, 'Explore')
    await vi.waitFor(() =>
      expect(checklist()).toEqual([`${length}: ok`, `${characters}: ok`, `${reserved}: bad`]),
    )
    expect(screen.getByText('That username is reserved. Pick another one.')).toBeTruthy()
    expect(username.getAttribute('aria-invalid')).toBe('true')

    await userEvent.clear(username)
    await userEvent.type(username, 'a!')
    expect(checklist()).toEqual([`${length}: bad`, `${characters}: bad`, `${reserved}: ok`])
    await userEvent.clear(username)
    await userEvent.type(username, 'speed_runner.42')
    expect(checklist()).toEqual([`${length}: ok`, `${characters}: ok`, `${reserved}: ok`])
    expect(username.getAttribute('aria-invalid')).toBeNull()
    // A screen reader hears each rule's state, not only the sighted ✓ and ✗.
    expect(screen.getAllByText('Met:', { exact: false })).toHaveLength(3)
  })

  it('never sends a reserved name, and keeps the spec’s own texts', async () => {
    const { username, password, confirm, submit } = renderForm()
    await userEvent.click(submit)
    expect(await screen.findByText('Fill complete form')).toBeTruthy()
    await userEvent.type(username, 'settings')
    await userEvent.type(password, 'supersecret1')
    await userEvent.type(confirm, 'supersecret2')
    await userEvent.click(submit)
    expect(document.activeElement).toBe(username)
    await userEvent.clear(username)
    await userEvent.type(username, 'fresh_name')
    await userEvent.click(submit)
    // At the field and as the spec's toast, which need not appear in the same render.
    await waitFor(() => expect(screen.getAllByText('Passwords should be same')).toHaveLength(2))
    expect(document.activeElement).toBe(confirm)
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('maps every kind of schema issue to a rule of the checklist', () => {
    expect([...brokenUsernameRules('ab')]).toEqual(['length'])
    expect([...brokenUsernameRules('x'.repeat(31))]).toEqual(['length'])
    expect([...brokenUsernameRules('bad name')]).toEqual(['characters'])
    expect([...brokenUsernameRules('HOME')]).toEqual(['reserved'])
    expect([...brokenUsernameRules('  notifications  ')]).toEqual(['reserved'])
    expect([...brokenUsernameRules('good_name')]).toEqual([])
  })
})
