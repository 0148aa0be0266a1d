import { useEffect, useId, useRef, useState } from 'react'
import type { KeyboardEvent } from 'react'
import type { UserSummary } from '../../../../shared/api-types'
import { MESSAGES_COPY } from '../../copy-messages'
import { messageOf } from '../../lib/notify'
import { findSuggestions } from '../../state/suggestions'
import { Avatar } from '../Avatar'
import { Icon } from '../Icon'
import { SUGGEST_DEBOUNCE_MS } from '../Autocomplete'

interface PeoplePickerProps {
  label: string
  chosen: UserSummary[]
  onChange: (chosen: UserSummary[]) => void
  /** Who may not be picked (the viewer, those already in the conversation). */
  excludeIds: ReadonlySet<string>
  /** How many may be chosen at most; the field stops offering once reached. */
  max: number
  /** What the field says once `max` are chosen. */
  fullHint: string
  autoFocus?: boolean
}

type Search =
  | { state: 'idle' }
  | { state: 'looking'; query: string }
  | { state: 'found'; query: string; people: UserSummary[] }
  | { state: 'failed'; query: string; message: string }

/**
 * Picks people by name: a combobox that asks the server for matching names (those the viewer
 * follows first, as @ suggestions do) once typing pauses, and the chosen ones as removable chips
 * above it. Arrow keys move, Enter picks, Escape closes the list, Backspace in an empty field
 * takes back the last one chosen.
 */
export function PeoplePicker({
  label,
  chosen,
  onChange,
  excludeIds,
  max,
  fullHint,
  autoFocus = false,
}: PeoplePickerProps) {
  const inputId = useId()
  const listId = useId()
  const hintId = useId()
  const [query, setQuery] = useState('')
  const [search, setSearch] = useState<Search>({ state: 'idle' })
  const [active, setActive] = useState(0)
  const [open, setOpen] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const full = chosen.length >= max
  const term = query.trim().replace(/^@/, '')

  useEffect(() => {
    if (!term) {
      setSearch({ state: 'idle' })
      return
    }
    const controller = new AbortController()
    setSearch({ state: 'looking', query: term })
    const timer = setTimeout(() => {
      findSuggestions('mention', term, controller.signal).then(
        (found) =>
          setSearch({
            state: 'found',
            query: term,
            people: found.flatMap((item) => (item.kind === 'mention' ? [item.user] : [])),
          }),
        (error: unknown) => {
          if (!controller.signal.aborted)
            setSearch({ state: 'failed', query: term, message: messageOf(error) })
        },
      )
    }, SUGGEST_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [term])

  const chosenIds = new Set(chosen.map((person) => person._id))
  const offered =
    search.state === 'found'
      ? search.people.filter((person) => !excludeIds.has(person._id) && !chosenIds.has(person._id))
      : []
  const showList = open && !full && term !== '' && search.state !== 'idle'
  const activeIndex = Math.min(active, Math.max(offered.length - 1, 0))

  const pick = (person: UserSummary) => {
    onChange([...chosen, person])
    setQuery('')
    setActive(0)
    inputRef.current?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && query === '' && chosen.length > 0) {
      onChange(chosen.slice(0, -1))
      return
    }
    if (!showList || offered.length === 0) {
      if (event.key === 'Escape' && showList) {
        event.stopPropagation()
        setOpen(false)
      }
      // Enter in the field never submits the form around it with half a name typed.
      if (event.key === 'Enter' && term !== '') event.preventDefault()
      return
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((activeIndex + step + offered.length) % offered.length)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      const person = offered[activeIndex]
      if (person) pick(person)
    } else if (event.key === 'Escape') {
      // Closes the list, not the dialog around it.
      event.stopPropagation()
      setOpen(false)
    }
  }

  return (
    <div className="field people-picker">
      <label htmlFor={inputId}>{label}</label>
      {chosen.length > 0 ? (
        <ul className="people-chips" aria-label={MESSAGES_COPY.chosen}>
          {chosen.map((person) => (
            <li key={person._id} className="people-chip">
              <Avatar src={person.profileImg} username={person.username} size={20} />
              <bdi className="people-chip-name">{person.username}</bdi>
              <button
                type="button"
                className="icon-btn people-chip-remove"
                aria-label={MESSAGES_COPY.unchoose(person.username)}
                onClick={() => onChange(chosen.filter((item) => item._id !== person._id))}
              >
                <Icon name="close" size={14} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="autocomplete-anchor">
        <input
          ref={inputRef}
          id={inputId}
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-describedby={hintId}
          aria-activedescendant={
            showList && offered[activeIndex] ? `${listId}-${offered[activeIndex]._id}` : undefined
          }
          autoComplete="off"
          autoFocus={autoFocus}
          disabled={full}
          placeholder={MESSAGES_COPY.peoplePlaceholder}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value)
            setActive(0)
            setOpen(true)
          }}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          className="autocomplete-list"
          hidden={!showList}
        >
          {showList && offered.length > 0
            ? offered.map((person, index) => (
                <li
                  key={person._id}
                  id={`${listId}-${person._id}`}
                  role="option"
                  aria-selected={index === activeIndex}
                  className={`autocomplete-option${index === activeIndex ? ' active' : ''}`}
                  // Picked before the field's blur closes the list.
                  onMouseDown={(event) => {
                    event.preventDefault()
                    pick(person)
                  }}
                >
                  <span aria-hidden="true" className="autocomplete-avatar">
                    <Avatar src={person.profileImg} username={person.username} size={24} />
                  </span>
                  <bdi className="autocomplete-name">{person.username}</bdi>
                </li>
              ))
            : null}
        </ul>
        {showList && offered.length === 0 ? (
          <p className="autocomplete-list people-picker-note muted" role="status">
            {search.state === 'failed'
              ? search.message
              : search.state === 'looking'
                ? MESSAGES_COPY.searching
                : MESSAGES_COPY.noMatch(term)}
          </p>
        ) : null}
      </div>
      <span id={hintId} className="muted small people-picker-hint">
        {full ? fullHint : MESSAGES_COPY.peopleHint}
      </span>
    </div>
  )
}
