/**
 * The `/games` screen (routes/GamesPage.tsx): the most played, the games played now and the
 * newest, each game a link to its page with its generated cover, "Show more" for the next page,
 * and a friendly line for an empty list.
 */
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Game, GamesPage as GamesPageAnswer } from '../../src/shared/api-types'
import * as gamesApi from '../../src/renderer/src/api/games'
import { GamesPage } from '../../src/renderer/src/routes/GamesPage'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const game = (id: number, name: string, extra: Partial<Game> = {}): Game => ({
  id: String(id),
  slug: name.toLowerCase().replace(/[^a-z0-9]/g, ''),
  name,
  playerCount: id,
  createdAt: '2026-11-30T00:00:00.000Z',
  coverUrl: null,
  ...extra,
})

describe('GamesPage', () => {
  it('lists the three orders, each game linking to its page, with more on demand', async () => {
    const list = vi.spyOn(gamesApi, 'listGames').mockImplementation(async (sort, options) => {
      const pages: Record<string, GamesPageAnswer> = {
        popular: { games: [game(9, 'Minecraft'), game(4, 'Terraria')], nextCursor: 'next' },
        playing: { games: [game(2, 'Valheim', { playingNow: 3 })], nextCursor: null },
        newest: { games: [], nextCursor: null },
      }
      if (options?.cursor === 'next') return { games: [game(1, 'Rust')], nextCursor: null }
      return pages[sort] ?? { games: [], nextCursor: null }
    })
    const user = userEvent.setup()
    render(
      <MemoryRouter>
        <GamesPage />
      </MemoryRouter>,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Games' })).toBeTruthy()
    const popular = screen.getByRole('region', { name: 'Most played' })
    const link = await within(popular).findByRole('link', { name: /Minecraft/ })
    expect(link.getAttribute('href')).toBe('/games/minecraft')
    expect(link.textContent).toContain('MI')
    expect(link.textContent).toContain('9 players')
    const playing = screen.getByRole('region', { name: 'Playing now' })
    expect((await within(playing).findByRole('link', { name: /Valheim/ })).textContent).toContain(
      '3 playing now',
    )
    const newest = screen.getByRole('region', { name: 'Newest' })
    expect(await within(newest).findByText('No games yet.')).toBeTruthy()

    await user.click(within(popular).getByRole('button', { name: 'Show more' }))
    expect(await within(popular).findByRole('link', { name: /Rust/ })).toBeTruthy()
    expect(within(popular).getAllByRole('link')).toHaveLength(3)
    expect(within(popular).queryByRole('button', { name: 'Show more' })).toBeNull()
    expect(list).toHaveBeenCalledWith('popular', expect.objectContaining({ cursor: 'next' }))
  })
})
