import { useSetAtom } from 'jotai'
import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import type { Post } from '../../../../shared/api-types'
import { LIMITS } from '../../../../shared/limits'
import { COPY } from '../../copy'
import { createQuoteAtom } from '../../state/shares'
import { CharCounter } from '../CharCounter'
import { Modal } from '../Modal'
import { QuoteEmbed } from './QuoteEmbed'

/** Writes a quote of `post`: the viewer's text above the post it quotes. */
export function QuoteDialog({ post, onClose }: { post: Post; onClose: () => void }) {
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const createQuote = useSetAtom(createQuoteAtom)
  const fieldRef = useRef<HTMLTextAreaElement>(null)
  useEffect(() => fieldRef.current?.focus(), [])
  const trimmed = text.trim()
  const tooLong = trimmed.length > LIMITS.postMax

  const send = async () => {
    if (!trimmed) {
      setError(COPY.shares.quoteEmpty)
      return
    }
    if (tooLong || sending) return
    setSending(true)
    const failure = await createQuote(trimmed, post._id)
    setSending(false)
    if (failure === null) onClose()
    else setError(failure)
  }

  // Outside the post card: a click in the dialog must not open the post under it.
  return createPortal(
    <div onClick={(event) => event.stopPropagation()}>
      <Modal title={COPY.shares.quoteTitle} onClose={onClose} dirty={trimmed.length > 0}>
        <form
          className="quote-form"
          onSubmit={(event) => {
            event.preventDefault()
            void send()
          }}
        >
          <label htmlFor={`quote-${post._id}`} className="visually-hidden">
            {COPY.shares.quotePlaceholder}
          </label>
          <textarea
            id={`quote-${post._id}`}
            ref={fieldRef}

            dir="auto"
            rows={3}
            placeholder={COPY.shares.quotePlaceholder}
            value={text}
            aria-invalid={error !== null || tooLong}
            aria-describedby={error ? `quote-error-${post._id}` : undefined}
            onChange={(event) => {
              setText(event.target.value)
              setError(null)
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void send()
            }}
          />
          {error ? (
            <p id={`quote-error-${post._id}`} className="field-error" role="alert">
              {error}
            </p>
          ) : null}
          <QuoteEmbed
            embed={{ postId: post._id, state: 'visible', post: { ...post, quoteOf: null } }}
          />
          <div className="quote-form-actions">
            <CharCounter length={trimmed.length} max={LIMITS.postMax} />
            <button type="submit" className="btn btn-primary" disabled={sending || tooLong}>
              {COPY.shares.quoteSend}
            </button>
          </div>
        </form>
      </Modal>
    </div>,
    document.body,
  )
}
