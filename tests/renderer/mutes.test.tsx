import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RelationsResponse, UserSummary } from '../../src/shared/api-types'
import { COPY } from '../../src/renderer/src/copy'
import { MuteDialog } from '../../src/renderer/src/components/MuteDialog'
import { formatTimeLeft } from '../../src/renderer/src/lib/time-left'
import { AccountPage } from '../../src/renderer/src/routes/AccountPage'
import { relationsAtom } from '../../src/renderer/src/state/relations'
import { SCREENS_COPY } from '../../src/renderer/src/copy-screens'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

const summary = (id: string, username: string): UserSummary => ({
  _id: id,
  id,
  username,
  firstName: '',
  lastName: '',
  profileImg: '/api/media/default-avatar.svg',
})

const LOUD = summary('7', 'loud_one')
const FOREVER = summary('8', 'gone_for_good')

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

describe('formatTimeLeft', () => {
  const now = Date.parse('2026-01-10T12:00:00Z')
  const at = (ms: number) => new Date(now + ms).toISOString()
  it('rounds up to minutes, hours or days and never says 0', () => {
    expect(formatTimeLeft(at(30_000), now)).toBe('1 minute left')
    expect(formatTimeLeft(at(59 * MINUTE), now)).toBe('59 minutes left')
    expect(formatTimeLeft(at(HOUR), now)).toBe('60 minutes left')
    expect(formatTimeLeft(at(HOUR + 1001), now)).toBe('2 hours left')
    // Within a second of a whole hour or day (the API's precision) it is that hour or day.
    expect(formatTimeLeft(at(HOUR + 400), now)).toBe('1 hour left')
    expect(formatTimeLeft(at(3 * 24 * HOUR + 400), now)).toBe('3 days left')
    expect(formatTimeLeft(at(24 * HOUR + 400), now)).toBe('24 hours left')
    // Beyond it, more is left: rounded up (the screens measure from a fresh clock, lib/ticker.ts).
    expect(formatTimeLeft(at(HOUR + 40_000), now)).toBe('2 hours left')
    expect(formatTimeLeft(at(3 * 24 * HOUR + 40_000), now)).toBe('4 days left')
    expect(formatTimeLeft(at(24 * HOUR), now)).toBe('24 hours left')
    expect(formatTimeLeft(at(7 * 24 * HOUR), now)).toBe('7 days left')
    expect(formatTimeLeft(at(0), now)).toBe('ending now')
    expect(formatTimeLeft('not a time', now)).toBe('')
  })
})

describe('muting in the app', () => {
  const fetchSpy = vi.fn<typeof fetch>()
  let relations: RelationsResponse

  beforeEach(() => {
    relations = { blocked: [], muted: [] }
    fetchSpy.mockReset()
    fetchSpy.mockImplementation(async (input, init) => {
      const url = String(input)
      const mute = /\/api\/users\/me\/(mute|unmute|unblock)\/(\d+)$/.exec(url)
      if (mute) {
        const [, action, id] = mute
        const body = JSON.parse(String(init?.body ?? '{}')) as { duration?: string }
        if (action === 'mute') {
          const until = body.duration === '1h' ? new Date(Date.now() + HOUR).toISOString() : null
          relations = { ...relations, muted: [{ ...LOUD, mutedUntil: until }] }
        } else if (action === 'unmute') {
          relations = { ...relations, muted: relations.muted.filter((u) => u._id !== id) }
        } else {
          relations = { ...relations, blocked: relations.blocked.filter((u) => u._id !== id) }
        }
        return json(200, relations)
      }
      if (url.endsWith('/api/users/me/relations')) return json(200, relations)
      return json(404, { errors: ['No such API route.'], code: 'ROUTE_NOT_FOUND' })
    })
    vi.stubGlobal('fetch', fetchSpy)
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  const sent = () =>
    fetchSpy.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([input, init]) => [String(input).replace(/^.*\/api/, ''), String(init?.body)])

  it('the mute dialog offers an hour, a day, a week or for good, and sends the choice', async () => {
    const store = createStore()
    const onClose = vi.fn()
    render(
      <Provider store={store}>
        <MuteDialog target={LOUD} onClose={onClose} />
      </Provider>,
    )
    const dialog = screen.getByRole('dialog', { name: COPY.mute.title('loud_one') })
    const choices = within(dialog).getAllByRole('radio')
    expect(choices.map((choice) => choice.closest('label')?.textContent)).toEqual([
      '1 hour',
      '1 day',
      '1 week',
      COPY.mute.forGood,
    ])
    // A day is chosen at first, and has the focus: arrows move the choice.
    expect(document.activeElement).toBe(choices[1])
    await userEvent.click(within(dialog).getByLabelText('1 hour'))
    await userEvent.click(within(dialog).getByRole('button', { name: COPY.mute.confirm }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(sent()).toEqual([['/users/me/mute/7', '{"duration":"1h"}']])
    expect(store.get(relationsAtom)?.muted.has('7')).toBe(true)
    expect(store.get(relationsAtom)?.mutedUntil.get('7')).toMatch(/^\d{4}-/)
  })

  it('the Account page lists the muted with their time left and the blocked, each undoable', async () => {
    relations = {
      blocked: [summary('9', 'blocked_player')],
      muted: [
        { ...LOUD, mutedUntil: new Date(Date.now() + 59 * MINUTE).toISOString() },
        { ...FOREVER, mutedUntil: null },
      ],
    }
    render(
      <Provider store={createStore()}>
        <MemoryRouter>
          <AccountPage />
        </MemoryRouter>
      </Provider>,
    )
    const muted = screen.getByRole('region', { name: SCREENS_COPY.account.mutedTitle })
    const blocked = screen.getByRole('region', { name: SCREENS_COPY.account.blockedTitle })
    const loud = (await within(muted).findByText('loud_one')).closest('li')
    expect(loud?.textContent).toMatch(/59 minutes left|60 minutes left/)
    const forever = within(muted).getByText('gone_for_good').closest('li')
    expect(forever?.textContent).toContain(SCREENS_COPY.account.mutedForGood)
    expect(await within(blocked).findByText('blocked_player')).toBeTruthy()

    await userEvent.click(within(muted).getByRole('button', { name: 'Unmute loud_one' }))
    await waitFor(() => expect(within(muted).queryByText('loud_one')).toBeNull())
    await userEvent.click(within(muted).getByRole('button', { name: 'Unmute gone_for_good' }))
    expect(await within(muted).findByText(SCREENS_COPY.account.mutedEmpty)).toBeTruthy()
    await userEvent.click(within(blocked).getByRole('button', { name: 'Unblock blocked_player' }))
    expect(await within(blocked).findByText(SCREENS_COPY.account.blockedEmpty)).toBeTruthy()
    expect(sent().map(([path]) => path)).toEqual([
      '/users/me/unmute/7',
      '/users/me/unmute/8',
      '/users/me/unblock/9',
    ])
  })
})
