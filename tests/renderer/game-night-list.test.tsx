/**
 * A list of game nights (components/GameNightList.tsx, state/game-nights.ts): 20 a page with
 * "Load more" (nobody listed twice), a row following the live `game-night` event, and an older
 * server without game nights said so plainly.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { GameNightShared, GameNightsPage } from '../../src/shared/game-night-types'
import * as api from '../../src/renderer/src/api/game-nights'
import { ApiError } from '../../src/renderer/src/api/client'
import { GameNightList } from '../../src/renderer/src/components/GameNightList'
import { publishLiveEvent } from '../../src/renderer/src/live/bus'
import { summaryOf } from './answer-fixtures'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const night = (id: number, extra: Partial<GameNightShared> = {}): GameNightShared => ({
  _id: String(id),
  host: summaryOf('sam', '1'),
  game: { slug: 'counterstrike2', name: 'Counter-Strike 2' },
  title: `Night ${id}`,
  startsAt: new Date(Date.UTC(2026, 11, 5, 18) + id * 60_000).toISOString(),
  durationMinutes: 120,
  place: null,
  slots: null,
  status: 'open',
  counts: { going: 1, maybe: 0, cant: 0, waiting: 0 },
  threadPostId: String(100 + id),
  createdAt: '2026-11-30T00:00:00+00:00',
  updatedAt: '2026-11-30T00:00:00+00:00',
  ...extra,
})

const show = () =>
  render(
    <MemoryRouter>
      <GameNightList when="upcoming" label="Upcoming game nights" empty="None yet." />
    </MemoryRouter>,
  )

describe('GameNightList', () => {
  it('shows 20 a page, the next on "Load more", nobody twice, and follows live changes', async () => {
    const list = vi.spyOn(api, 'listGameNights').mockImplementation(async (query) => {
      const first: GameNightsPage = {
        gameNights: Array.from({ length: 20 }, (_, index) => night(index + 1)),
        nextCursor: 'next',
      }
      // The second page repeats the last night (a change meanwhile shifted the pages).
      if (query.cursor === 'next') {
        return { gameNights: [night(20), night(21), night(22)], nextCursor: null }
      }
      return first
    })
    const user = userEvent.setup()
    show()
    const shown = await screen.findByRole('list', { name: 'Upcoming game nights' })
    expect(within(shown).getAllByRole('listitem')).toHaveLength(20)
    expect(list).toHaveBeenCalledWith(
      expect.objectContaining({ when: 'upcoming', cursor: null, limit: 20 }),
      expect.anything(),
    )
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await within(shown).findByText('Night 22')).toBeTruthy()
    expect(within(shown).getAllByRole('listitem')).toHaveLength(22)
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()

    // Someone answered night 3: its row takes the new counts, without reading the list again.
    act(() =>
      publishLiveEvent('game-night', {
        gameNight: night(3, { counts: { going: 4, maybe: 1, cant: 0, waiting: 0 } }),
        changed: [],
      }),
    )
    const row = within(shown).getByText('Night 3').closest('li')
    expect(row?.textContent).toContain('4 going · 1 maybe')
    expect(list).toHaveBeenCalledTimes(2)
  })

  it('says so when the server has no game nights', async () => {
    vi.spyOn(api, 'listGameNights').mockRejectedValue(new ApiError(404, 'Not found'))
    show()
    expect(
      await screen.findByText('This server has no game nights yet: it may need an update.'),
    ).toBeTruthy()
  })
})
