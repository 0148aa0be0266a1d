import { useEffect, useId, useRef, useState } from 'react'
import { cleanGameName, GAME_LIMITS, gameNameProblem, gameSlug } from '../../../shared/games'
import { COPY } from '../copy'
import { useGameSearch } from '../state/games'
import { GameSuggestionNote } from './GameSuggestionNote'
import { Icon } from './Icon'

/** A game as the picker holds it: one of the list, or a new name the server adds on save. */
export interface PickedGame {
  name: string
  /** The slug the server has (or will give) it: two picks of one slug are one game. */
  slug: string
}

/** How long typing pauses before the catalogue is asked. */
const SEARCH_DELAY_MS = 200

interface Option {
  game: PickedGame
  /** True for "Add “…” as a new game" (what was typed, not on the list yet). */
  fresh: boolean
  players?: number
  /** False for a game of the shipped catalogue nobody on this server lists yet. */
  listed?: boolean
  platforms?: string[]
}

/**
 * Picks games: a text box with suggestions from the server's list and the catalogue it ships
 * (GET /game-suggestions, state/games.ts), the picked games as chips with a remove button. A
 * catalogue game joins the server's list when the profile is saved, as a new name does.
 * ArrowUp/ArrowDown move through the suggestions, Enter picks the highlighted one (the first
 * unless moved; pressed before the answer came, it picks the answer's first, not the half-typed
 * text), or adds what was typed as a new game when nothing matches; Escape closes the list,
 * Backspace in an empty box removes the last chip; suggestions are buttons big enough for a
 * finger. The WAI-ARIA combobox pattern (a listbox popup, aria-activedescendant).
 */
export function GamePicker({
  value,
  onChange,
  label = COPY.games.pickerLabel,
  max = GAME_LIMITS.perProfile,
  allowNew = true,
}: {
  value: PickedGame[]
  onChange: (games: PickedGame[]) => void
  label?: string
  max?: number
  /** False where only a game of the list will do (a host's merge). */
  allowNew?: boolean
}) {
  const id = useId()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const [problem, setProblem] = useState<string | null>(null)
  // Enter pressed while the answer for the text was on its way: picked once it comes.
  const [enterPending, setEnterPending] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  // Closing on blur waits a moment (a pick's click lands first); a picker gone meanwhile
  // closes nothing.
  const blurTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(
    () => () => {
      if (blurTimer.current) clearTimeout(blurTimer.current)
    },
    [],
  )

  const typed = cleanGameName(text)
  // The catalogue's answer, and the text it answers: an answer to older text is not shown.
  const answer = useGameSearch(typed, {
    enabled: open,
    limit: 8,
    delayMs: SEARCH_DELAY_MS,
    listedOnly: !allowNew,
  })
  const { searching } = answer

  const found = answer.query === typed ? answer.games : []
  const picked = new Set(value.map((game) => game.slug))
  const options: Option[] = found
    .filter((game) => !picked.has(game.slug))
    .map((game) => ({
      game: { name: game.name, slug: game.slug },
      fresh: false,
      players: game.playerCount,
      listed: game.listed,
      platforms: game.platforms,
    }))
  const typedSlug = gameSlug(typed)
  if (
    allowNew &&
    typed !== '' &&
    typedSlug !== '' &&
    !picked.has(typedSlug) &&
    // "cs2" is Counter-Strike 2's short name: no second game named "cs2".
    !found.some((game) => game.slug === typedSlug || game.exact)
  ) {
    options.push({ game: { name: typed, slug: typedSlug }, fresh: true })
  }
  const full = value.length >= max
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0))
  const listId = `${id}-list`
  const optionId = (index: number) => `${id}-option-${index}`
  const showList = open && !full && (options.length > 0 || searching)

  const pick = (option: Option | undefined) => {
    if (full) {
      setProblem(COPY.games.pickerFull(max))
      return
    }
    if (!option) {
      if (typed !== '') setProblem(gameNameProblem(text))
      return
    }
    const wrong = option.fresh ? gameNameProblem(option.game.name) : null
    if (wrong) {
      setProblem(wrong)
      return
    }
    onChange([...value, option.game])
    setText('')
    setActive(0)
    setProblem(null)
    // Closed after a pick: the whole list would otherwise open again over what follows the
    // picker (on a phone, the Save button); typing or ArrowDown opens it again.
    setOpen(false)
    inputRef.current?.focus()
  }

  const answered = !searching && answer.query === typed
  useEffect(() => {
    if (!enterPending || !answered) return
    setEnterPending(false)
    pick(options[activeIndex])
    // Only the answer's arrival picks; `pick` and the options are this render's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enterPending, answered])

  const remove = (slug: string) => {
    onChange(value.filter((game) => game.slug !== slug))
    setProblem(null)
    inputRef.current?.focus()
  }

  return (
    <div className="field game-picker">
      {value.length > 0 ? (
        <ul className="game-chips" aria-label={COPY.games.sectionLabel('you')}>
          {value.map((game) => (
            <li key={game.slug} className="game-chip game-chip-editable">
              <span className="game-chip-name">{game.name}</span>
              <button
                type="button"
                className="game-chip-remove"
                aria-label={COPY.games.remove(game.name)}
                title={COPY.games.remove(game.name)}
                onClick={() => remove(game.slug)}
              >
                <Icon name="close" size={14} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label htmlFor={`${id}-input`}>{label}</label>
      <div className="game-picker-box">
        <input
          ref={inputRef}
          id={`${id}-input`}
          type="text"
          role="combobox"
          autoComplete="off"
          enterKeyHint="done"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && options.length > 0 ? optionId(activeIndex) : undefined}
          aria-describedby={`${id}-hint`}
          aria-invalid={problem ? true : undefined}
          placeholder={COPY.games.pickerPlaceholder}
          // Room for a long name; the server says so past 60 after cleaning.
          maxLength={GAME_LIMITS.nameMax + 20}
          value={text}
          disabled={full}
          onChange={(event) => {
            setText(event.target.value)
            // Text cleared: the list closes rather than open the most played over what follows
            // (the Save button); focus or ArrowDown still opens it.
            setOpen(event.target.value.trim() !== '')
            setActive(0)
            setProblem(null)
            setEnterPending(false)
          }}
          onFocus={() => {
            if (blurTimer.current) clearTimeout(blurTimer.current)
            setOpen(true)
          }}
          onBlur={() => {
            blurTimer.current = setTimeout(() => setOpen(false), 150)
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault()
              setOpen(true)
              setActive((index) => (options.length ? (index + 1) % options.length : 0))
            } else if (event.key === 'ArrowUp') {
              event.preventDefault()
              setActive((index) =>
                options.length ? (index - 1 + options.length) % options.length : 0,
              )
            } else if (event.key === 'Enter') {
              event.preventDefault()
              // The list for this text is not in yet: the whole entry it brings is what Enter
              // means, not the half-typed name ("Valo" while "VALORANT" is on its way).
              if (open && !answered && typed !== '' && !gameNameProblem(text)) {
                setEnterPending(true)
                return
              }
              pick(showList ? options[activeIndex] : options.find((option) => option.fresh))
            } else if (event.key === 'Escape') {
              if (open) {
                event.preventDefault()
                event.stopPropagation()
                setOpen(false)
              }
            } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
              const last = value[value.length - 1]
              if (last) remove(last.slug)
            }
          }}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          className="card game-picker-list"
          hidden={!showList}
        >
          {options.map((option, index) => (
            <li
              key={`${option.fresh ? 'new' : 'game'}:${option.game.slug}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={`game-option${index === activeIndex ? ' active' : ''}`}
              // Keeps the focus in the box (and the list open) while a pointer picks.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(option)}
            >
              {option.fresh ? (
                <span className="game-option-name">{COPY.games.addNew(option.game.name)}</span>
              ) : (
                <>
                  <span className="game-option-name">{option.game.name}</span>
                  <GameSuggestionNote
                    listed={option.listed ?? true}
                    players={option.players ?? 0}
                    platforms={option.platforms ?? []}
                  />
                </>
              )}
            </li>
          ))}
          {searching && options.length === 0 ? (
            <li className="search-note" role="presentation">
              {COPY.games.searching}
            </li>
          ) : null}
        </ul>
      </div>
      <p
        id={`${id}-hint`}
        className={problem ? 'field-error' : 'muted small'}
        role={problem ? 'alert' : undefined}
      >
        {problem ??
          (full
            ? max === GAME_LIMITS.perProfile
              ? COPY.games.pickerFull(max)
              : ''
            : allowNew
              ? COPY.games.pickerHint(value.length, max)
              : '')}
      </p>
    </div>
  )
}
