/**
 * Explore's trending panel (components/TrendingPanel.tsx, GET /trending): the last days' tags
 * and games as links, a link to all games, and nothing at all on a quiet or older server.
 */
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as gamesApi from '../../src/renderer/src/api/games'
import { TrendingPanel } from '../../src/renderer/src/components/TrendingPanel'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const show = () =>
  render(
    <MemoryRouter>
      <TrendingPanel />
    </MemoryRouter>,
  )

describe('TrendingPanel', () => {
  it('links the last days’ tags and games, and all games', async () => {
    vi.spyOn(gamesApi, 'getTrending').mockResolvedValue({
      days: 7,
      tags: [{ tag: 'speedrun', postCount: 3 }],
      games: [
        {
          id: '1',
          slug: 'minecraft',
          name: 'Minecraft',
          playerCount: 2,
          createdAt: 'x',
          coverUrl: null,
          recentPosts: 1,
          recentPlayers: 2,
        },
      ],
    })
    show()
    const panel = await screen.findByRole('region', { name: 'Trending in the last 7 days' })
    expect(
      within(panel)
        .getByRole('link', { name: /#speedrun/ })
        .getAttribute('href'),
    ).toBe('/tags/speedrun')
    expect(within(panel).getByRole('link', { name: /3 posts/ })).toBeTruthy()
    expect(
      within(panel)
        .getByRole('link', { name: /Minecraft/ })
        .getAttribute('href'),
    ).toBe('/games/minecraft')
    expect(within(panel).getByRole('link', { name: 'All games' }).getAttribute('href')).toBe(
      '/games',
    )
  })

  it('stays away on a quiet server and when the call fails', async () => {
    const call = vi
      .spyOn(gamesApi, 'getTrending')
      .mockResolvedValueOnce({ days: 7, tags: [], games: [] })
    const { unmount } = show()
    await vi.waitFor(() => expect(call).toHaveBeenCalledOnce())
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryByRole('region')).toBeNull()
    unmount()
    call.mockRejectedValueOnce(new Error('offline'))
    show()
    await vi.waitFor(() => expect(call).toHaveBeenCalledTimes(2))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryByRole('region')).toBeNull()
  })
})
