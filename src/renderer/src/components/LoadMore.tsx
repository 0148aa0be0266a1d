import { useLayoutEffect, useRef, useState } from 'react'
import type { RefObject } from 'react'

interface LoadMoreProps {
  /** The server has another page. */
  more: boolean
  loading: boolean
  /** What the list holds, for the busy label: "posts" reads "Loading more posts…". */
  what: string
  onLoadMore: () => void
  /** The infinite scroll's sentinel (lib/use-infinite-scroll.ts). */
  sentinelRef: RefObject<HTMLDivElement | null>
  /** Shown once the list is complete, e.g. "You're all caught up". */
  endText?: string
}

/**
 * The end of a paged list: a "Load more" button (the keyboard's way, and the fallback of the
 * infinite scroll) that stays in place while its page loads, so focus never falls to the page
 * behind it: a focused button that turned into a spinner took focus with it, and the infinite
 * scroll loads a page as soon as a Tab scrolls the button into view. When the last page came
 * while the button had focus, focus moves to the note that says the list is complete.
 */
export function LoadMore({ more, loading, what, onLoadMore, sentinelRef, endText }: LoadMoreProps) {
  const buttonRef = useRef<HTMLButtonElement>(null)
  const endRef = useRef<HTMLParagraphElement>(null)
  // Read while rendering the change to "no more", before the commit takes the button away (a
  // removed element may or may not send a blur first, depending on the browser).
  const focusOnButton = buttonRef.current !== null && document.activeElement === buttonRef.current
  const [endedFromButton, setEndedFromButton] = useState(false)
  if (!more && focusOnButton && !endedFromButton) setEndedFromButton(true)

  useLayoutEffect(() => {
    if (endedFromButton) endRef.current?.focus()
  }, [endedFromButton])

  if (!more) {
    const text = endText ?? (endedFromButton ? `That's all the ${what}` : null)
    return text === null ? null : (
      <p className="list-end" ref={endRef} tabIndex={-1}>
        {text}
      </p>
    )
  }
  return (
    <div className="load-more" ref={sentinelRef}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-secondary load-more-button"
        aria-disabled={loading || undefined}
        onClick={() => {
          if (!loading) onLoadMore()
        }}
      >
        {loading ? (
          <>
            <span className="spinner spinner-sm" aria-hidden="true" />
            {`Loading more ${what}…`}
          </>
        ) : (
          'Load more'
        )}
      </button>
    </div>
  )
}
