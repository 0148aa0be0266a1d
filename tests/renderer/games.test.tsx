/**
 * Games in the renderer: the detected game becomes a status (and is cleared only when
 * this detection set it), the GamePicker's keyboard and pointer use, and the game-detection card
 * hidden in a plain browser.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as gamesApi from '../../src/renderer/src/api/games'
import { GameDetectionPanel } from '../../src/renderer/src/components/GameDetectionPanel'
import { GamePicker, type PickedGame } from '../../src/renderer/src/components/GamePicker'
import { createDetectedStatusSync } from '../../src/renderer/src/state/game-detection'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('createDetectedStatusSync', () => {
  const calls = () => ({
    // The real answers (PUT and DELETE /api/me/status): the status, or null.
    setStatus: vi.fn(async () => ({ status: null })),
    clearStatus: vi.fn(async () => ({ status: null })),
  })

  it('sets a detected status for 2 hours with the game’s name only, and clears it', async () => {
    const api = calls()
    const sync = createDetectedStatusSync(api)
    await sync.onDetected('Counter-Strike 2')
    expect(api.setStatus).toHaveBeenCalledExactlyOnceWith({
      game: 'Counter-Strike 2',
      source: 'detected',
      expiresIn: '2h',
    })
    // The same game again changes nothing; another game replaces it.
    await sync.onDetected('Counter-Strike 2')
    await sync.onDetected('Terraria')
    expect(api.setStatus).toHaveBeenCalledTimes(2)
    await sync.onDetected(null)
    expect(api.clearStatus).toHaveBeenCalledOnce()
    // Nothing of ours stands: nothing to clear.
    await sync.onDetected(null)
    expect(api.clearStatus).toHaveBeenCalledOnce()
  })

  it('leaves a status set by hand alone when the detected game ends', async () => {
    const api = calls()
    const sync = createDetectedStatusSync(api)
    await sync.onDetected('Dota 2')
    sync.forget()
    await sync.onDetected(null)
    expect(api.clearStatus).not.toHaveBeenCalled()
  })

  it('keeps going after a failed call', async () => {
    const api = calls()
    api.setStatus.mockRejectedValueOnce(new Error('offline'))
    const sync = createDetectedStatusSync(api)
    await sync.onDetected('Valheim')
    await sync.onDetected(null)
    expect(api.clearStatus).toHaveBeenCalledOnce()
  })
})

function Picker({ initial = [] as PickedGame[], onSave = (_: PickedGame[]) => undefined }) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <GamePicker value={value} onChange={setValue} />
      <button type="button" onClick={() => onSave(value)}>
        done
      </button>
    </>
  )
}

describe('GamePicker', () => {
  const catalogue = [
    {
      id: '1',
      slug: 'minecraft',
      name: 'Minecraft',
      playerCount: 12,
      createdAt: 'x',
      coverUrl: null,
    },
    {
      id: '2',
      slug: 'minesweeper',
      name: 'Minesweeper',
      playerCount: 2,
      createdAt: 'x',
      coverUrl: null,
    },
  ]

  it('picks a suggestion with the keyboard, adds free text, removes with Backspace', async () => {
    vi.spyOn(gamesApi, 'searchGames').mockResolvedValue({ games: catalogue, nextCursor: null })
    const saved = vi.fn()
    const user = userEvent.setup()
    render(<Picker onSave={saved} />)
    const box = screen.getByRole('combobox', { name: 'Add a game' })
    await user.type(box, 'mine')
    await screen.findByRole('option', { name: /Minesweeper/ })
    await user.keyboard('{ArrowDown}{Enter}')
    expect(screen.getByRole('button', { name: 'Remove Minesweeper' })).toBeTruthy()
    expect((box as HTMLInputElement).value).toBe('')

    await user.type(box, 'Outer Wilds')
    // The answer first (Minecraft, then the new name), the first highlighted.
    await screen.findByRole('option', { name: /Minecraft/ })
    const fresh = screen.getByRole('option', { name: 'Add “Outer Wilds” as a new game' })
    await user.keyboard('{ArrowDown}{ArrowDown}')
    // Past the end the highlight wraps round; Enter on the new name adds it.
    expect(fresh.getAttribute('aria-selected')).toBe('false')
    await user.keyboard('{ArrowDown}')
    expect(fresh.getAttribute('aria-selected')).toBe('true')
    await user.keyboard('{Enter}')
    await user.click(screen.getByRole('button', { name: 'done' }))
    expect(saved).toHaveBeenLastCalledWith([
      { name: 'Minesweeper', slug: 'minesweeper' },
      { name: 'Outer Wilds', slug: 'outerwilds' },
    ])

    await user.click(box)
    await user.keyboard('{Backspace}')
    await user.click(screen.getByRole('button', { name: 'done' }))
    expect(saved).toHaveBeenLastCalledWith([{ name: 'Minesweeper', slug: 'minesweeper' }])
  })

  it('picks by touch (a click on a suggestion) and says why a name is refused', async () => {
    vi.spyOn(gamesApi, 'searchGames').mockImplementation(async (search) => ({
      games: catalogue.filter((game) => game.name.toLowerCase().startsWith(search.toLowerCase())),
      nextCursor: null,
    }))
    const saved = vi.fn()
    const user = userEvent.setup()
    render(<Picker onSave={saved} />)
    const box = screen.getByRole('combobox', { name: 'Add a game' })
    await user.type(box, 'min')
    await user.click(await screen.findByRole('option', { name: /Minecraft/ }))
    // The list closes after a pick: the whole catalogue (the answer to an empty box) would
    // otherwise open over what follows the picker, on a phone its Save button.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)))
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(box.getAttribute('aria-expanded')).toBe('false')
    await user.type(box, 'mines')
    expect(await screen.findByRole('option', { name: /Minesweeper/ })).toBeTruthy()
    await user.clear(box)
    await user.click(screen.getByRole('button', { name: 'done' }))
    expect(saved).toHaveBeenLastCalledWith([{ name: 'Minecraft', slug: 'minecraft' }])

    fireEvent.change(box, { target: { value: 'x'.repeat(61) } })
    await act(async () => {
      fireEvent.keyDown(box, { key: 'Enter' })
    })
    expect(screen.getByRole('alert').textContent).toBe(
      "A game's name can be at most 60 characters.",
    )
  })

  it('stops at 30 games', () => {
    vi.spyOn(gamesApi, 'searchGames').mockResolvedValue({ games: [], nextCursor: null })
    const thirty = Array.from({ length: 30 }, (_, index) => ({
      name: `Game ${index}`,
      slug: `game${index}`,
    }))
    render(<Picker initial={thirty} />)
    const box = screen.getByRole('combobox', { name: 'Add a game' })
    expect((box as HTMLInputElement).disabled).toBe(true)
    expect(screen.getByText(/That’s 30 games/)).toBeTruthy()
  })
})

describe('GameDetectionPanel', () => {
  it('is hidden in a plain browser, whose bridge cannot detect games', () => {
    const { container } = render(<GameDetectionPanel />)
    expect(container.innerHTML).toBe('')
  })
})
