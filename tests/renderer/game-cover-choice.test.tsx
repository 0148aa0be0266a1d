/**
 * A game's cover in the app (components/GameCover.tsx, GameCoverControls.tsx): the uploaded
 * cover when there is one, with the game's name as its alt, the placeholder otherwise or when
 * the cover does not load; "Add a cover" for a player while there is none, "Change cover" and
 * "Remove cover" for hosts, refusals said in place with the picked file kept for "Try again".
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider, createStore } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Game } from '../../src/shared/api-types'
import { GameCover } from '../../src/renderer/src/components/GameCover'
import { GameCoverControls } from '../../src/renderer/src/components/GameCoverControls'
import { GAME_COVER_COPY } from '../../src/renderer/src/copy-games'
import { isHostAtom } from '../../src/renderer/src/state/account'
import { gameCovers } from '../../src/renderer/src/state/game-covers'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const COVER = '/api/media/AbCdEfGhIjKlMnOp'

const GAME: Game = {
  id: '7',
  slug: 'deeprockgalactic',
  name: 'Deep Rock Galactic',
  playerCount: 3,
  createdAt: '2026-11-30T00:00:00.000Z',
  coverUrl: null,
}

function renderControls(game: Game, isHost: boolean) {
  const store = createStore()
  store.set(isHostAtom, isHost)
  const onChanged = vi.fn()
  const view = render(
    <Provider store={store}>
      <GameCoverControls game={game} onChanged={onChanged} />
    </Provider>,
  )
  return { onChanged, view }
}

const png = (name = 'cover.png', size = 10) =>
  new File([new Uint8Array(size)], name, { type: 'image/png' })

describe('GameCover', () => {
  it('shows the uploaded cover with the game’s name as its alt', () => {
    render(<GameCover name={GAME.name} slug={GAME.slug} coverUrl={COVER} size={48} />)
    const image = screen.getByRole('img', { name: 'Deep Rock Galactic' })
    expect(image.getAttribute('src')).toMatch(/\/api\/media\/AbCdEfGhIjKlMnOp$/)
    expect(image.getAttribute('width')).toBe('48')
  })

  it('draws the placeholder without a cover, with a foreign address, and when it fails', () => {
    const { container, rerender } = render(<GameCover name={GAME.name} slug={GAME.slug} />)
    expect(screen.queryByRole('img')).toBeNull()
    expect(container.textContent).toBe('DR')

    rerender(
      <GameCover name={GAME.name} slug={GAME.slug} coverUrl="https://tracker.example/x.png" />,
    )
    expect(screen.queryByRole('img')).toBeNull()

    rerender(<GameCover name={GAME.name} slug={GAME.slug} coverUrl={COVER} />)
    fireEvent.error(screen.getByRole('img', { name: GAME.name }))
    expect(screen.queryByRole('img')).toBeNull()
    expect(container.textContent).toBe('DR')
  })
})

describe('GameCoverControls', () => {
  it('offers a player "Add a cover" while the game has none, and nothing once it has one', () => {
    const { view } = renderControls(GAME, false)
    expect(screen.getByRole('button', { name: GAME_COVER_COPY.add })).toBeTruthy()
    expect(screen.queryByRole('button', { name: GAME_COVER_COPY.remove })).toBeNull()
    view.unmount()
    renderControls({ ...GAME, coverUrl: COVER }, false)
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('offers a host "Change cover" and "Remove cover", and removes after asking', async () => {
    const removed = vi.spyOn(gameCovers, 'remove').mockResolvedValue(GAME)
    const { onChanged } = renderControls({ ...GAME, coverUrl: COVER }, true)
    const user = userEvent.setup()
    expect(screen.getByRole('button', { name: GAME_COVER_COPY.change })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: GAME_COVER_COPY.remove }))
    expect(removed).not.toHaveBeenCalled()
    const dialog = screen.getByRole('dialog', { name: GAME_COVER_COPY.removeTitle(GAME.name) })
    await user.click(within(dialog).getByRole('button', { name: GAME_COVER_COPY.remove }))
    expect(removed).toHaveBeenCalledWith(GAME.slug)
    expect(onChanged).toHaveBeenCalledWith(GAME)
  })

  it('uploads the picked file and hands on the game with its cover', async () => {
    const withCover = { ...GAME, coverUrl: COVER }
    const upload = vi.spyOn(gameCovers, 'upload').mockImplementation(async (_slug, _file, on) => {
      on(0.5)
      return withCover
    })
    const { onChanged } = renderControls(GAME, false)
    const user = userEvent.setup()
    const file = png()
    await user.upload(screen.getByLabelText(GAME_COVER_COPY.fileLabel), file)
    expect(upload).toHaveBeenCalledWith(GAME.slug, file, expect.any(Function))
    expect(onChanged).toHaveBeenCalledWith(withCover)
  })

  it('refuses a file too large or not an image before sending anything', async () => {
    const upload = vi.spyOn(gameCovers, 'upload')
    renderControls(GAME, false)
    const input = screen.getByLabelText(GAME_COVER_COPY.fileLabel)
    const big = png('huge.png', 5 * 1024 * 1024 + 1)
    await act(async () => {
      fireEvent.change(input, { target: { files: [big] } })
    })
    expect(screen.getByRole('alert').textContent).toBe(GAME_COVER_COPY.tooLarge('huge.png'))
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' })
    await act(async () => {
      fireEvent.change(input, { target: { files: [text] } })
    })
    expect(screen.getByRole('alert').textContent).toBe(GAME_COVER_COPY.notAnImage('notes.txt'))
    expect(upload).not.toHaveBeenCalled()
  })

  it('says a refusal in place and sends the same file again on "Try again"', async () => {
    const refusal = 'This game already has a cover: only a host of the server can change it.'
    const upload = vi
      .spyOn(gameCovers, 'upload')
      .mockRejectedValueOnce(new Error(refusal))
      .mockResolvedValueOnce({ ...GAME, coverUrl: COVER })
    const { onChanged } = renderControls(GAME, false)
    const user = userEvent.setup()
    const file = png()
    await user.upload(screen.getByLabelText(GAME_COVER_COPY.fileLabel), file)
    expect((await screen.findByRole('alert')).textContent).toBe(refusal)
    await user.click(screen.getByRole('button', { name: GAME_COVER_COPY.tryAgain }))
    expect(upload).toHaveBeenCalledTimes(2)
    expect(upload.mock.calls[1]?.[1]).toBe(file)
    expect(onChanged).toHaveBeenCalledWith({ ...GAME, coverUrl: COVER })
  })
})
