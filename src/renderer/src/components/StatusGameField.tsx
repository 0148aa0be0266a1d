import { useEffect, useId, useState } from 'react'
import type { GameSuggestion } from '../../../shared/api-types'
import { cleanGameName } from '../../../shared/games'
import { STATUS_LIMITS } from '../../../shared/presence'
import { GAME_PLAYING_COPY, PRESENCE_COPY } from '../copy'
import { useGameSearch } from '../state/games'
import { useServerFeature } from '../state/server-features'
import { CharCounter } from './CharCounter'
import { GameSuggestionNote } from './GameSuggestionNote'

/** How long typing pauses before the catalogue is asked (as GamePicker). */
const SEARCH_DELAY_MS = 200

/**
 * The status editor's game: free text, with suggestions from the server's list and the catalogue
 * it ships (as GamePicker asks) when the server names `games`. One choice: picking a suggestion
 * fills the box with its whole name. ArrowUp/ArrowDown move through the suggestions, Enter picks
 * the highlighted one (the first unless moved; pressed before the answer came, the answer's
 * first), Escape closes the list; a suggestion is a tap target too. Enter here never saves the
 * status: saving is the dialog's own button, so a pick is followed by `onDone` (the note).
 * The WAI-ARIA combobox pattern (a listbox popup, aria-activedescendant).
 */
export function StatusGameField({
  value,
  onChange,
  invalid,
  errorId,
  onDone,
}: {
  value: string
  onChange: (game: string) => void
  invalid: boolean
  errorId: string
  /** After Enter has chosen (or kept) the game: the next field takes over. */
  onDone?: () => void
}) {
  const catalogue = useServerFeature('games')
  const id = useId()
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  // Enter pressed while the answer for the text was on its way: picked once it comes.
  const [enterPending, setEnterPending] = useState(false)
  const typed = cleanGameName(value)

  const answer = useGameSearch(typed, {
    enabled: catalogue && open,
    limit: 6,
    delayMs: SEARCH_DELAY_MS,
  })

  const answered = !answer.searching && answer.query === typed
  // The exact name stays listed: Enter on it keeps the game (in the list's spelling).
  const options = answer.query === typed ? answer.games : []
  const showList = catalogue && open && options.length > 0
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0))
  const listId = `${id}-list`
  const optionId = (index: number) => `${id}-option-${index}`
  const pick = (game: GameSuggestion) => {
    onChange(game.name)
    setOpen(false)
    setActive(0)
  }
  /** Enter: the highlighted suggestion if the list shows, then on to the next field. */
  const choose = () => {
    const game = showList ? options[activeIndex] : undefined
    if (game) pick(game)
    else setOpen(false)
    onDone?.()
  }
  useEffect(() => {
    if (!enterPending || !answered) return
    setEnterPending(false)
    choose()
    // Only the answer's arrival chooses; `choose` and the options are this render's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enterPending, answered])

  return (
    <div className="field game-picker status-game-field">
      <label htmlFor={`${id}-input`}>{PRESENCE_COPY.editor.game}</label>
      <div className="game-picker-box">
        <input
          id={`${id}-input`}
          value={value}
          placeholder={PRESENCE_COPY.editor.gamePlaceholder}
          autoComplete="off"
          // The dialog's first field: typing starts here.
          autoFocus
          role={catalogue ? 'combobox' : undefined}
          aria-expanded={catalogue ? showList : undefined}
          aria-controls={catalogue ? listId : undefined}
          aria-autocomplete={catalogue ? 'list' : undefined}
          aria-activedescendant={showList ? optionId(activeIndex) : undefined}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? errorId : catalogue ? `${id}-hint` : undefined}
          onChange={(event) => {
            onChange(event.target.value)
            setOpen(true)
            setActive(0)
            setEnterPending(false)
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => window.setTimeout(() => setOpen(false), 150)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              // Never the form's submit: the status is saved by its own button.
              event.preventDefault()
              if (catalogue && open && !answered && typed !== '') setEnterPending(true)
              else choose()
              return
            }
            if (!showList) return
            if (event.key === 'ArrowDown') {
              event.preventDefault()
              setActive((index) => (index + 1) % options.length)
            } else if (event.key === 'ArrowUp') {
              event.preventDefault()
              setActive((index) => (index <= 0 ? options.length - 1 : index - 1))
            } else if (event.key === 'Escape') {
              // Closes the list, not the dialog.
              event.preventDefault()
              event.stopPropagation()
              setOpen(false)
            }
          }}
        />
        {catalogue ? (
          <ul
            id={listId}
            role="listbox"
            aria-label={PRESENCE_COPY.editor.game}
            className="card game-picker-list"
            hidden={!showList}
          >
            {options.map((game, index) => (
              <li
                key={game.slug}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                className={`game-option${index === activeIndex ? ' active' : ''}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(game)}
              >
                <span className="game-option-name">{game.name}</span>
                <GameSuggestionNote
                  listed={game.listed}
                  players={game.playerCount}
                  platforms={game.platforms}
                />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <CharCounter length={value.trim().length} max={STATUS_LIMITS.gameMax} />
      {catalogue ? (
        <p id={`${id}-hint`} className="muted small">
          {GAME_PLAYING_COPY.gameHint}
        </p>
      ) : null}
    </div>
  )
}
