import { useAtomValue } from 'jotai'
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import type { KeyboardEvent, RefObject } from 'react'
import { activeToken, applySuggestion, type ActiveToken } from '../lib/autocomplete'
import { followingNamesAtom } from '../state/auth'
import { findSuggestions, tagSuggestionsOffered, type Suggestion } from '../state/suggestions'
import { Avatar } from './Avatar'
import { SCREENS_COPY } from '../copy-screens'

/** How long typing must pause before the server is asked. */
export const SUGGEST_DEBOUNCE_MS = 150

interface UseAutocompleteOptions {
  textareaRef: RefObject<HTMLTextAreaElement | null>
  text: string
  setText: (text: string) => void
}

/**
 * `@` + letters suggests people (those the viewer follows first), `#` + letters tags (the most
 * used first), in a list under the text box (docs/API.md "Autocomplete"). The text box keeps its
 * own role (a textarea may not be a combobox) with the combobox pattern's attributes that a text
 * box takes: `aria-autocomplete`, `aria-controls` and `aria-activedescendant` pointing into the
 * listbox. Arrow keys move, Enter or Tab pick, Escape closes; a tap or click picks. Asked after a
 * pause in typing; an answer to an older question is dropped.
 */
export function useAutocomplete({ textareaRef, text, setText }: UseAutocompleteOptions) {
  const listId = useId()
  const following = useAtomValue(followingNamesAtom)
  const [token, setToken] = useState<ActiveToken | null>(null)
  const [items, setItems] = useState<Suggestion[]>([])
  const [active, setActive] = useState(0)
  const [dismissed, setDismissed] = useState<string | null>(null)
  const asked = useRef(0)
  const pendingCaret = useRef<number | null>(null)
  const listRef = useRef<HTMLUListElement | null>(null)
  const tokenKey = token ? `${token.kind}:${token.start}:${token.query}` : null
  const open = token !== null && items.length > 0 && dismissed !== tokenKey

  /** Reads the token at the caret (after typing, a click or an arrow key). */
  const track = () => {
    const area = textareaRef.current
    if (!area) return
    const next =
      area.selectionStart === area.selectionEnd
        ? activeToken(area.value, area.selectionStart)
        : null
    setToken((current) =>
      current &&
      next &&
      current.kind === next.kind &&
      current.start === next.start &&
      current.query === next.query &&
      current.end === next.end
        ? current
        : next,
    )
  }

  // Ask the server once typing pauses; only the latest question's answer is shown.
  useEffect(() => {
    const ask = ++asked.current
    if (!token || (token.kind === 'tag' && !tagSuggestionsOffered())) {
      setItems([])
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(() => {
      const request = findSuggestions(token.kind, token.query, controller.signal)
      request.then(
        (found) => {
          if (ask !== asked.current) return
          setItems(found)
          setActive(0)
        },
        () => {
          if (ask !== asked.current) return
          setItems([])
        },
      )
    }, SUGGEST_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
    // tokenKey names the token: a new object for the same word asks nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tokenKey])

  // A list that opens below the fold (a comment box low on a phone) scrolls into view.
  useEffect(() => {
    if (open) listRef.current?.scrollIntoView?.({ block: 'nearest' })
  }, [open])

  // The caret goes after the inserted name once the new text is on screen.
  useLayoutEffect(() => {
    const caret = pendingCaret.current
    const area = textareaRef.current
    if (caret === null || !area) return
    pendingCaret.current = null
    area.focus()
    area.setSelectionRange(caret, caret)
  }, [text, textareaRef])

  const pick = (item: Suggestion | undefined) => {
    if (!item || !token) return
    const next = applySuggestion(text, token, item.value)
    pendingCaret.current = next.caret
    setText(next.text)
    setToken(null)
    setItems([])
  }

  /** Handles the list's keys; a handled key is default-prevented (and goes no further). */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return
    const move = (by: number) => {
      event.preventDefault()
      setActive((index) => (index + by + items.length) % items.length)
    }
    if (event.key === 'ArrowDown') move(1)
    else if (event.key === 'ArrowUp') move(-1)
    else if (
      (event.key === 'Enter' || event.key === 'Tab') &&
      !event.shiftKey &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.altKey
    ) {
      event.preventDefault()
      pick(items[active])
    } else if (event.key === 'Escape') {
      // Closes the list, not the dialog around it.
      event.preventDefault()
      event.stopPropagation()
      setDismissed(tokenKey)
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`

  const textareaProps = {
    'aria-autocomplete': 'list' as const,
    'aria-controls': open ? listId : undefined,
    'aria-activedescendant': open ? optionId(active) : undefined,
    onSelect: track,
    onBlur: () => setDismissed(tokenKey),
    onFocus: () => {
      setDismissed(null)
      track()
    },
  }

  const list = (
    <>
      {open ? (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          className="autocomplete-list"
          aria-label={
            token?.kind === 'tag'
              ? SCREENS_COPY.autocomplete.tags
              : SCREENS_COPY.autocomplete.people
          }
        >
          {items.map((item, index) => (
            <li
              key={`${item.kind}:${item.value}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={`autocomplete-option${index === active ? ' active' : ''}`}
              // Keeps the focus (and the caret) in the text box.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(item)}
            >
              {item.kind === 'mention' ? (
                <>
                  <span aria-hidden="true" className="autocomplete-avatar">
                    <Avatar src={item.user.profileImg} username={item.value} size={28} />
                  </span>
                  <span className="autocomplete-name">@{item.value}</span>
                  {following.has(item.value) ? (
                    <span className="autocomplete-meta">{SCREENS_COPY.autocomplete.youFollow}</span>
                  ) : null}
                </>
              ) : (
                <>
                  <span className="autocomplete-name">#{item.value}</span>
                  <span className="autocomplete-meta">
                    {SCREENS_COPY.autocomplete.tagPosts(item.postCount)}
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {/* Always there, so that a screen reader hears the count change. */}
      <p className="visually-hidden" role="status">
        {open ? SCREENS_COPY.autocomplete.count(items.length) : ''}
      </p>
    </>
  )

  return { textareaProps, onKeyDown, onChangeCaret: track, list }
}
