import { useSetAtom } from 'jotai'
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import type { ConversationMessage } from '../../../shared/conversation-types'
import { CONVERSATION_LIMITS } from '../../../shared/conversation-schemas'
import { searchWords } from '../../../shared/search'
import { CONVERSATION_SEARCH_COPY } from '../copy-conversations'
import { messageOf } from '../lib/notify'
import { searchMessagesAtom } from '../state/conversation-search'
import { Icon } from './Icon'
import { RelativeTime } from './RelativeTime'

/** `text` with each of `words` marked wherever it appears, whatever its case. */
export function highlight(text: string, words: readonly string[]): ReactNode[] {
  const wanted = words.filter((word) => word.length > 0).map((word) => word.toLowerCase())
  if (wanted.length === 0) return [text]
  const lower = text.toLowerCase()
  const parts: ReactNode[] = []
  let at = 0
  while (at < text.length) {
    let next = -1
    let length = 0
    for (const word of wanted) {
      const found = lower.indexOf(word, at)
      if (
        found !== -1 &&
        (next === -1 || found < next || (found === next && word.length > length))
      ) {
        next = found
        length = word.length
      }
    }
    if (next === -1) break
    if (next > at) parts.push(text.slice(at, next))
    parts.push(<mark key={next}>{text.slice(next, next + length)}</mark>)
    at = next + length
  }
  if (at < text.length) parts.push(text.slice(at))
  return parts
}

interface Results {
  query: string
  words: string[]
  messages: ConversationMessage[]
  nextCursor: string | null
}

/**
 * Search within the open conversation (docs/API.md, "Search within a conversation"): a box under
 * its header, the matches newest first with the words marked, each a button that takes the
 * history to that message (`onPick`). Escape closes it.
 */
export function ConversationSearch({
  conversationId,
  onPick,
  onClose,
}: {
  conversationId: string
  onPick: (messageId: string) => void
  onClose: () => void
}) {
  const search = useSetAtom(searchMessagesAtom)
  const [query, setQuery] = useState('')
  const [results, setResults] = useState<Results | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const field = useRef<HTMLInputElement>(null)
  const ids = useId()
  const asked = useRef(0)
  useEffect(() => field.current?.focus(), [])

  const run = async (more = false) => {
    const text = query.trim()
    if (!text) return
    const ask = ++asked.current
    setBusy(true)
    setError(null)
    try {
      const page = await search({
        conversationId,
        query: text,
        cursor: more ? results?.nextCursor : null,
      })
      if (ask !== asked.current) return
      setResults({
        query: text,
        words: page.words,
        messages: more && results ? [...results.messages, ...page.messages] : page.messages,
        nextCursor: page.nextCursor,
      })
    } catch (caught) {
      if (ask === asked.current) setError(messageOf(caught))
    } finally {
      if (ask === asked.current) setBusy(false)
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void run()
  }
  const tooShort =
    results !== null && results.words.length === 0
      ? searchWords(results.query).length > 0
        ? CONVERSATION_SEARCH_COPY.tooShort(CONVERSATION_LIMITS.searchWordMin)
        : CONVERSATION_SEARCH_COPY.noWords
      : null

  return (
    <div
      className="conversation-search"
      role="search"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation()
          onClose()
        }
      }}
    >
      <form className="conversation-search-row" onSubmit={submit}>
        <label htmlFor={`${ids}-q`} className="visually-hidden">
          {CONVERSATION_SEARCH_COPY.label}
        </label>
        <input
          id={`${ids}-q`}
          ref={field}
          type="search"
          placeholder={CONVERSATION_SEARCH_COPY.placeholder}
          value={query}
          maxLength={200}
          onChange={(event) => setQuery(event.target.value)}
        />
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy || !query.trim()}>
          {CONVERSATION_SEARCH_COPY.find}
        </button>
        <button
          type="button"
          className="icon-btn"
          aria-label={CONVERSATION_SEARCH_COPY.close}
          title={CONVERSATION_SEARCH_COPY.close}
          onClick={onClose}
        >
          <Icon name="close" size={18} />
        </button>
      </form>
      <div className="conversation-search-results" aria-live="polite">
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : tooShort ? (
          <p className="muted small">{tooShort}</p>
        ) : results && results.messages.length === 0 ? (
          <p className="muted small">
            <bdi>{CONVERSATION_SEARCH_COPY.nothing(results.query)}</bdi>
          </p>
        ) : results ? (
          <>
            <p className="visually-hidden">
              {CONVERSATION_SEARCH_COPY.count(results.messages.length)}
            </p>
            <ul
              className="conversation-search-list"
              aria-label={CONVERSATION_SEARCH_COPY.resultsLabel}
            >
              {results.messages.map((message) => (
                <li key={message._id}>
                  <button
                    type="button"
                    className="conversation-search-hit"
                    data-hit-id={message._id}
                    onClick={() => onPick(message._id)}
                  >
                    <span className="small">
                      <bdi className="conversation-search-author">{message.author.username}</bdi>{' '}
                      <span className="muted">
                        <RelativeTime iso={message.createdAt} />
                      </span>
                    </span>
                    <span className="conversation-search-text" dir="auto">
                      {highlight(message.text, results.words)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            {results.nextCursor ? (
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={busy}
                onClick={() => void run(true)}
              >
                {CONVERSATION_SEARCH_COPY.more}
              </button>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  )
}
