/**
 * The game boxes with the shipped catalogue (issue 44, docs/API.md "Game suggestions"): they ask
 * GET /game-suggestions where the server names `game-catalogue`, show a catalogue game nobody
 * lists yet by its platforms, and Enter picks the whole highlighted entry, also when pressed
 * before the answer came ("Valo" is never what gets saved). In the status editor's game box,
 * Enter never submits the status: the note comes next.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider, createStore } from 'jotai'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { GameSuggestion, GameSuggestionsResponse } from '../../src/shared/api-types'
import type { ServerFeature } from '../../src/shared/features'
import * as gamesApi from '../../src/renderer/src/api/games'
import { GamePicker, type PickedGame } from '../../src/renderer/src/components/GamePicker'
import { StatusGameField } from '../../src/renderer/src/components/StatusGameField'
import { serverFeaturesAtom } from '../../src/renderer/src/state/server-features'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const VALORANT: GameSuggestion = {
  name: 'VALORANT',
  slug: 'valorant',
  playerCount: 0,
  listed: false,
  platforms: ['pc', 'playstation', 'xbox'],
  exact: false,
}
const MOD: GameSuggestion = {
  name: 'Valo Tactics Mod',
  slug: 'valotacticsmod',
  playerCount: 3,
  listed: true,
  platforms: [],
  exact: false,
}

function withFeatures(
  ui: React.ReactNode,
  features: ServerFeature[] = ['games', 'now-playing', 'game-catalogue'],
) {
  const store = createStore()
  store.set(serverFeaturesAtom, new Set(features))
  return render(<Provider store={store}>{ui}</Provider>)
}

/** GET /game-suggestions answered only when the test says so. */
function heldSuggestions() {
  const answers: ((games: GameSuggestion[]) => void)[] = []
  const spy = vi.spyOn(gamesApi, 'suggestGames').mockImplementation(
    () =>
      new Promise<GameSuggestionsResponse>((resolve) => {
        answers.push((games) => resolve({ games }))
      }),
  )
  return { spy, answerLast: (games: GameSuggestion[]) => answers.at(-1)?.(games) }
}

function StatusForm({ onSubmit }: { onSubmit: () => void }) {
  const [game, setGame] = useState('')
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <StatusGameField
        value={game}
        onChange={setGame}
        invalid={false}
        errorId="err"
        onDone={() => document.getElementById('note')?.focus()}
      />
      <label htmlFor="note">Note</label>
      <input id="note" />
      <output aria-label="game">{game}</output>
      <button type="submit">Save</button>
    </form>
  )
}

describe('the status editor’s game box', () => {
  it('Enter before the answer picks the whole game, does not save, and moves to the note', async () => {
    const held = heldSuggestions()
    const submit = vi.fn()
    const user = userEvent.setup()
    withFeatures(<StatusForm onSubmit={submit} />)
    const box = screen.getByRole('combobox', { name: 'Game' })
    await user.type(box, 'Valo')
    await user.keyboard('{Enter}')
    // Nothing chosen yet: the answer for "Valo" is on its way.
    expect(screen.getByRole('status', { name: 'game' }).textContent).toBe('Valo')
    // The search for the whole text (a slow machine may have asked for "Va" on the way).
    await waitFor(() =>
      expect(held.spy).toHaveBeenLastCalledWith('Valo', expect.objectContaining({ limit: 6 })),
    )
    held.answerLast([VALORANT, MOD])
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'game' }).textContent).toBe('VALORANT'),
    )
    expect(submit).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Note' }))
    // Saving is its own action.
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(submit).toHaveBeenCalledOnce()
  })

  it('shows a catalogue game by its platforms and Enter picks the highlighted one', async () => {
    vi.spyOn(gamesApi, 'suggestGames').mockResolvedValue({ games: [VALORANT, MOD] })
    const submit = vi.fn()
    const user = userEvent.setup()
    withFeatures(<StatusForm onSubmit={submit} />)
    await user.type(screen.getByRole('combobox', { name: 'Game' }), 'valo')
    const first = await screen.findByRole('option', { name: /VALORANT/ })
    expect(first.textContent).toContain('PC · PlayStation · Xbox · new here')
    expect(first.getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('option', { name: /Valo Tactics Mod/ }).textContent).toContain(
      '3 players',
    )
    await user.keyboard('{ArrowDown}{Enter}')
    expect(screen.getByRole('status', { name: 'game' }).textContent).toBe('Valo Tactics Mod')
    expect(submit).not.toHaveBeenCalled()
  })
})

function Picker({
  allowNew = true,
  onSave,
}: {
  allowNew?: boolean
  onSave: (games: PickedGame[]) => void
}) {
  const [value, setValue] = useState<PickedGame[]>([])
  return (
    <>
      <GamePicker value={value} onChange={setValue} allowNew={allowNew} />
      <button type="button" onClick={() => onSave(value)}>
        done
      </button>
    </>
  )
}

describe('GamePicker with the catalogue', () => {
  it('Enter before the answer adds the answer’s first game, not the half-typed name', async () => {
    const held = heldSuggestions()
    const saved = vi.fn()
    const user = userEvent.setup()
    withFeatures(<Picker onSave={saved} />)
    await user.type(screen.getByRole('combobox', { name: 'Add a game' }), 'valo')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(held.spy).toHaveBeenLastCalledWith('valo', expect.anything()))
    held.answerLast([VALORANT, MOD])
    expect(await screen.findByRole('button', { name: 'Remove VALORANT' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'done' }))
    expect(saved).toHaveBeenLastCalledWith([{ name: 'VALORANT', slug: 'valorant' }])
  })

  it('offers no new game for a catalogue game’s short name', async () => {
    vi.spyOn(gamesApi, 'suggestGames').mockImplementation(async (q) => ({
      games: [{ ...VALORANT, exact: q.toLowerCase() === 'val' }],
    }))
    const user = userEvent.setup()
    withFeatures(<Picker onSave={vi.fn()} />)
    const box = screen.getByRole('combobox', { name: 'Add a game' })
    await user.type(box, 'val')
    await screen.findByRole('option', { name: /VALORANT/ })
    expect(screen.getAllByRole('option')).toHaveLength(1)
    // Not a short name: what was typed may still be a new game.
    await user.type(box, 'x')
    expect(await screen.findByRole('option', { name: 'Add “valx” as a new game' })).toBeTruthy()
    // Text cleared: the list closes instead of covering what follows the box.
    await user.clear(box)
    expect(box.getAttribute('aria-expanded')).toBe('false')
    await user.keyboard('{ArrowDown}')
    expect(box.getAttribute('aria-expanded')).toBe('true')
  })

  it('keeps to the server’s own games where only they will do (a host’s merge)', async () => {
    const suggest = vi.spyOn(gamesApi, 'suggestGames')
    const search = vi.spyOn(gamesApi, 'searchGames').mockResolvedValue({
      games: [
        {
          id: '1',
          slug: 'valotacticsmod',
          name: 'Valo Tactics Mod',
          playerCount: 3,
          coverUrl: null,
          createdAt: 'x',
        },
      ],
      nextCursor: null,
    })
    const user = userEvent.setup()
    withFeatures(<Picker allowNew={false} onSave={vi.fn()} />)
    await user.type(screen.getByRole('combobox', { name: 'Add a game' }), 'valo')
    expect((await screen.findByRole('option', { name: /Valo Tactics Mod/ })).textContent).toContain(
      '3 players',
    )
    expect(search).toHaveBeenCalled()
    expect(suggest).not.toHaveBeenCalled()
  })
})
