/**
 * Presence, statuses and games together, in the renderer: the game page's "Playing now" (loading, empty, a
 * failure with its retry, and people coming and going on live status and presence events), and
 * the status editor's game field (suggestions with the keyboard, free text kept as typed), and a
 * profile's games following the owner's changes (the `games` event).
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider, createStore } from 'jotai'
import { useState } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Game } from '../../src/shared/api-types'
import type { ServerFeature } from '../../src/shared/features'
import type { PresentUser, UserStatus } from '../../src/shared/presence'
import * as gamesApi from '../../src/renderer/src/api/games'
import * as presenceApi from '../../src/renderer/src/api/presence'
import { GamePlayingNow } from '../../src/renderer/src/components/GamePlayingNow'
import { ProfileGames } from '../../src/renderer/src/components/ProfileGames'
import { StatusGameField } from '../../src/renderer/src/components/StatusGameField'
import { publishLiveEvent } from '../../src/renderer/src/live/bus'
import { serverFeaturesAtom } from '../../src/renderer/src/state/server-features'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.useRealTimers()
})

const GAME: Game = {
  id: 'g1',
  slug: 'deeprockgalactic',
  name: 'Deep Rock Galactic',
  playerCount: 3,
  coverUrl: null,
  createdAt: '2025-01-01T00:00:00.000Z',
}

function statusOf(game: string, gameSlug: string | null, note = ''): UserStatus {
  return {
    game,
    gameSlug,
    note,
    since: new Date().toISOString(),
    expiresAt: null,
    source: 'manual',
  }
}

function player(id: string, username: string, extra: Partial<PresentUser> = {}): PresentUser {
  return {
    user: { _id: id, id, username, firstName: '', lastName: '', profileImg: '' },
    presence: 'online',
    status: statusOf(GAME.name, GAME.slug),
    followed: false,
    ...extra,
  }
}

function withFeatures(ui: React.ReactNode, features: ServerFeature[] = ['games', 'now-playing']) {
  const store = createStore()
  store.set(serverFeaturesAtom, new Set(features))
  return render(
    <Provider store={store}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Provider>,
  )
}

const region = () => screen.getByRole('region', { name: 'Playing now' })
const rows = () => within(region()).queryAllByRole('link')

describe('GamePlayingNow', () => {
  it('says it is loading, then lists who plays, those followed as such', async () => {
    let answer: (value: { users: PresentUser[] }) => void = () => undefined
    vi.spyOn(presenceApi, 'getGamePlaying').mockReturnValue(
      new Promise((resolve) => {
        answer = resolve
      }),
    )
    withFeatures(<GamePlayingNow game={GAME} />)
    expect(within(region()).getByRole('status').textContent).toContain('Loading who is playing')
    await act(async () => {
      answer({
        users: [
          player('7', 'driller', {
            followed: true,
            status: statusOf(GAME.name, GAME.slug, 'need 2'),
          }),
        ],
      })
    })
    expect(rows()).toHaveLength(1)
    expect(rows()[0]?.textContent).toContain('driller')
    expect(rows()[0]?.textContent).toContain('You follow')
    expect(rows()[0]?.textContent).toContain(`Playing ${GAME.name}`)
    expect(rows()[0]?.textContent).toContain('need 2')
    expect(rows()[0]?.getAttribute('href')).toBe('/driller')
    expect(presenceApi.getGamePlaying).toHaveBeenCalledWith(GAME.slug, expect.any(AbortSignal))
  })

  it('says nobody plays it right now', async () => {
    vi.spyOn(presenceApi, 'getGamePlaying').mockResolvedValue({ users: [] })
    withFeatures(<GamePlayingNow game={GAME} />)
    expect(
      await within(region()).findByText(`Nobody is playing ${GAME.name} right now.`),
    ).toBeTruthy()
  })

  it('says it failed and tries again on Retry', async () => {
    const load = vi
      .spyOn(presenceApi, 'getGamePlaying')
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce({ users: [player('7', 'driller')] })
    const user = userEvent.setup()
    withFeatures(<GamePlayingNow game={GAME} />)
    expect(await within(region()).findByText('Couldn’t load who is playing.')).toBeTruthy()
    await user.click(within(region()).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(load).toHaveBeenCalledTimes(2)
    expect(within(region()).queryByText('Couldn’t load who is playing.')).toBeNull()
  })

  it('is not there when the server does not name both parts', () => {
    const load = vi.spyOn(presenceApi, 'getGamePlaying').mockResolvedValue({ users: [] })
    withFeatures(<GamePlayingNow game={GAME} />, ['games'])
    expect(screen.queryByRole('region', { name: 'Playing now' })).toBeNull()
    expect(load).not.toHaveBeenCalled()
  })

  it('follows status and presence events: updates, drops, and asks again for newcomers', async () => {
    const load = vi
      .spyOn(presenceApi, 'getGamePlaying')
      .mockResolvedValueOnce({ users: [player('7', 'driller'), player('8', 'scout')] })
    withFeatures(<GamePlayingNow game={GAME} />)
    await waitFor(() => expect(rows()).toHaveLength(2))

    // A listed player's new note for this game: updated in place, no request.
    act(() => {
      publishLiveEvent('status', {
        userId: '7',
        status: statusOf(GAME.name, GAME.slug, 'rock and stone'),
      })
    })
    expect(rows()[0]?.textContent).toContain('rock and stone')
    // Idle: still listed, with the idle dot.
    act(() => publishLiveEvent('presence', { userId: '8', presence: 'idle' }))
    expect(rows()[1]?.querySelector('[data-presence="idle"]')).not.toBeNull()
    // Another game, a cleared status, going offline: gone, live.
    act(() => {
      publishLiveEvent('status', { userId: '7', status: statusOf('Terraria', 'terraria') })
    })
    expect(rows().map((row) => row.textContent)).toEqual([expect.stringContaining('scout')])
    act(() => publishLiveEvent('presence', { userId: '8', presence: 'offline' }))
    expect(rows()).toHaveLength(0)
    expect(within(region()).getByText(`Nobody is playing ${GAME.name} right now.`)).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(1)

    // Someone new names this game: the list is asked again (once, for a burst).
    load.mockResolvedValueOnce({ users: [player('9', 'gunner')] })
    act(() => {
      publishLiveEvent('status', { userId: '9', status: statusOf(GAME.name, GAME.slug) })
      publishLiveEvent('status', { userId: '9', status: statusOf(GAME.name, GAME.slug, 'x') })
    })
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(rows()[0]?.textContent).toContain('gunner')
    expect(load).toHaveBeenCalledTimes(2)
    // An unlisted user's status for another game asks nothing.
    act(() => {
      publishLiveEvent('status', { userId: '10', status: statusOf('Terraria', 'terraria') })
    })
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(load).toHaveBeenCalledTimes(2)
  })
})

function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <StatusGameField value={value} onChange={setValue} invalid={false} errorId="err" />
      <output aria-label="value">{value}</output>
    </>
  )
}

describe('StatusGameField', () => {
  const catalogue: Game[] = [
    { ...GAME, id: '1', slug: 'minecraft', name: 'Minecraft', playerCount: 12 },
    { ...GAME, id: '2', slug: 'minesweeper', name: 'Minesweeper', playerCount: 2 },
  ]
  const value = () => screen.getByRole('status', { name: 'value' }).textContent

  it('picks a suggestion with ArrowDown and Enter; Escape closes the list', async () => {
    const search = vi
      .spyOn(gamesApi, 'searchGames')
      .mockResolvedValue({ games: catalogue, nextCursor: null })
    const user = userEvent.setup()
    withFeatures(<Field />)
    const box = screen.getByRole('combobox', { name: 'Game' })
    expect(document.activeElement).toBe(box)
    await user.type(box, 'mine')
    await screen.findByRole('option', { name: /Minesweeper/ })
    expect(box.getAttribute('aria-expanded')).toBe('true')
    // The first suggestion is highlighted from the start: Enter picks a whole entry.
    expect(screen.getByRole('option', { name: /Minecraft/ }).getAttribute('aria-selected')).toBe(
      'true',
    )
    await user.keyboard('{ArrowDown}')
    const second = screen.getByRole('option', { name: /Minesweeper/ })
    expect(second.getAttribute('aria-selected')).toBe('true')
    expect(box.getAttribute('aria-activedescendant')).toBe(second.id)
    // Down past the last wraps to the first; up from the first wraps to the last.
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('option', { name: /Minecraft/ }).getAttribute('aria-selected')).toBe(
      'true',
    )
    await user.keyboard('{ArrowUp}')
    expect(second.getAttribute('aria-selected')).toBe('true')
    await user.keyboard('{Enter}')
    expect(value()).toBe('Minesweeper')
    expect((box as HTMLInputElement).value).toBe('Minesweeper')
    expect(box.getAttribute('aria-expanded')).toBe('false')
    expect(search).toHaveBeenLastCalledWith('mine', expect.objectContaining({ limit: 6 }))

    await user.type(box, '{Backspace}')
    await screen.findByRole('option', { name: /Minecraft/ })
    await user.keyboard('{Escape}')
    expect(box.getAttribute('aria-expanded')).toBe('false')
    expect(value()).toBe('Minesweepe')
  })

  it('keeps free text: Escape closes the list, then Enter picks nothing', async () => {
    vi.spyOn(gamesApi, 'searchGames').mockResolvedValue({ games: catalogue, nextCursor: null })
    const user = userEvent.setup()
    withFeatures(<Field />)
    const box = screen.getByRole('combobox', { name: 'Game' })
    await user.type(box, 'Mine blocks with friends')
    await screen.findByRole('option', { name: /Minecraft/ })
    await user.keyboard('{Escape}{Enter}')
    expect(value()).toBe('Mine blocks with friends')
    // A suggestion is a tap target too (typing opens the list again).
    await user.keyboard('{Backspace}')
    await user.click(await screen.findByRole('option', { name: /Minecraft/ }))
    expect(value()).toBe('Minecraft')
  })

  it('is a plain text box when the server has no game list', async () => {
    const search = vi.spyOn(gamesApi, 'searchGames')
    const user = userEvent.setup()
    withFeatures(<Field />, ['now-playing'])
    expect(screen.queryByRole('combobox')).toBeNull()
    await user.type(screen.getByRole('textbox', { name: 'Game' }), 'Anything at all')
    expect(value()).toBe('Anything at all')
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(search).not.toHaveBeenCalled()
  })
})

describe('ProfileGames, live', () => {
  const game = (slug: string, name: string): Game => ({ ...GAME, id: slug, slug, name })
  const chips = () =>
    within(screen.getByRole('list', { name: 'Games driller plays' }))
      .getAllByRole('link')
      .map((link) => link.textContent)

  it('shows the owner’s new games from a games event, and ignores other profiles’', async () => {
    vi.spyOn(gamesApi, 'getUserGames').mockResolvedValue({
      games: [game('deeprockgalactic', 'Deep Rock Galactic')],
    })
    withFeatures(<ProfileGames username="driller" own={false} />)
    await waitFor(() => expect(chips()).toEqual(['Deep Rock Galactic']))

    act(() => {
      publishLiveEvent('games', {
        userId: '7',
        username: 'Driller',
        games: [game('terraria', 'Terraria'), game('valheim', 'Valheim')],
      })
    })
    expect(chips()).toEqual(['Terraria', 'Valheim'])
    act(() => {
      publishLiveEvent('games', { userId: '8', username: 'scout', games: [] })
    })
    expect(chips()).toEqual(['Terraria', 'Valheim'])
    expect(gamesApi.getUserGames).toHaveBeenCalledTimes(1)
  })
})
