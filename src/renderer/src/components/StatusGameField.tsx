import { useId, useState } from 'react'
import type { Game } from '../../../shared/api-types'
import { cleanGameName } from '../../../shared/games'
import { STATUS_LIMITS } from '../../../shared/presence'
import { COPY, GAME_PLAYING_COPY, PRESENCE_COPY } from '../copy'
import { useGameSearch } from '../state/games'
import { useServerFeature } from '../state/server-features'
import { CharCounter } from './CharCounter'

/** How long typing pauses before the catalogue is asked (as GamePicker). */
const SEARCH_DELAY_MS = 200

/**
 * The status editor's game: free text, with suggestions from the server's list (GET
 * /games?search=, as GamePicker asks) when the server names `games`. One choice: picking a
 * suggestion fills the box. ArrowUp/ArrowDown move through the suggestions, Enter picks the
 * highlighted one, Escape closes the list; a suggestion is a tap target too. The WAI-ARIA
 * combobox pattern (a listbox popup, aria-activedescendant).
 */
export function StatusGameField({
  value,
  onChange,
  invalid,
  errorId,
}: {
  value: string
  onChange: (game: string) => void
  invalid: boolean
  errorId: string
}) {
  const catalogue = useServerFeature('games')
  const id = useId()
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const typed = cleanGameName(value)

  const answer = useGameSearch(typed, {
    enabled: catalogue && open,
    limit: 6,
    delayMs: SEARCH_DELAY_MS,
  })

  const options =
    answer.query === typed
      ? answer.games.filter((game) => game.name.toLowerCase() !== typed.toLowerCase())
      : []
  const showList = catalogue && open && options.length > 0
  const listId = `${id}-list`
  const optionId = (index: number) => `${id}-option-${index}`
  const pick = (game: Game) => {
    onChange(game.name)
    setOpen(false)
    setActive(-1)
  }

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
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? errorId : catalogue ? `${id}-hint` : undefined}
          onChange={(event) => {
            onChange(event.target.value)
            setOpen(true)
            setActive(-1)
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => window.setTimeout(() => setOpen(false), 150)}
          onKeyDown={(event) => {
            if (!showList) return
            if (event.key === 'ArrowDown') {
              event.preventDefault()
              setActive((index) => (index + 1) % options.length)
            } else if (event.key === 'ArrowUp') {
              event.preventDefault()
              setActive((index) => (index <= 0 ? options.length - 1 : index - 1))
            } else if (event.key === 'Enter' && active >= 0) {
              const game = options[active]
              if (game) {
                event.preventDefault()
                pick(game)
              }
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
                aria-selected={index === active}
                className={`game-option${index === active ? ' active' : ''}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(game)}
              >
                <span className="game-option-name">{game.name}</span>
                <span className="muted small">{COPY.games.players(game.playerCount)}</span>
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
