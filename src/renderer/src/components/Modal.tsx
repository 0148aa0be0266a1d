import { useEffect, useId, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { Icon } from './Icon'

interface ModalProps {
  title: string
  onClose: () => void
  children: ReactNode
  /**
   * Unsent text in the dialog: Escape, a click outside or Close then ask before closing, so a
   * stray key never throws the text away.
   */
  dirty?: boolean
  /** The text survives closing (a saved draft): the question offers to keep it. */
  keepsDraft?: boolean
  /** Throws the saved draft away (with `keepsDraft`). */
  onDiscard?: () => void
}

/**
 * A dialog: locks page scrolling while open and restores it on close, closes on Escape and on a
 * click outside (asking first when it holds unsent text), and gives focus back to what had it.
 */
export function Modal({
  title,
  onClose,
  children,
  dirty = false,
  keepsDraft = false,
  onDiscard,
}: ModalProps) {
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const [asking, setAsking] = useState(false)
  // Read while rendering: the editor inside focuses itself in an effect that runs before ours.
  const [opener] = useState(() => document.activeElement as HTMLElement | null)
  const openerRef = useRef(opener)
  const requestClose = () => {
    if (dirty) setAsking(true)
    else onClose()
  }
  const requestCloseRef = useRef(requestClose)
  useEffect(() => {
    requestCloseRef.current = requestClose
  })

  useEffect(() => {
    const previousOverflow = document.body.style.overflow
    const opener = openerRef.current
    document.body.style.overflow = 'hidden'
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation()
        requestCloseRef.current()
      }
      if (event.key === 'Tab') trapFocus(event, dialogRef.current)
    }
    document.addEventListener('keydown', onKey)
    // Into the dialog, unless what it holds took focus already (an editor focuses itself).
    const dialog = dialogRef.current
    if (dialog && !dialog.contains(document.activeElement)) dialog.focus()
    return () => {
      document.body.style.overflow = previousOverflow
      document.removeEventListener('keydown', onKey)
      // Back to the control that opened the dialog, if it is still on the page.
      if (opener && opener !== document.body && opener.isConnected) opener.focus()
    }
  }, [])

  return (
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) requestClose()
      }}
    >
      <div
        className="modal card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        ref={dialogRef}
      >
        <header className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-btn" aria-label="Close" onClick={requestClose}>
            <Icon name="close" />
          </button>
        </header>
        {children}
        {asking ? (
          <DiscardQuestion
            keepsDraft={keepsDraft}
            onStay={() => setAsking(false)}
            onKeep={onClose}
            onDiscard={() => {
              onDiscard?.()
              onClose()
            }}
          />
        ) : null}
      </div>
    </div>
  )
}

function DiscardQuestion({
  keepsDraft,
  onStay,
  onKeep,
  onDiscard,
}: {
  keepsDraft: boolean
  onStay: () => void
  onKeep: () => void
  onDiscard: () => void
}) {
  const stayRef = useRef<HTMLButtonElement>(null)
  useEffect(() => stayRef.current?.focus(), [])
  return (
    <div className="modal-confirm" role="group" aria-label="Unsent text">
      <p>
        {keepsDraft
          ? 'Close this? Your text is kept as a draft for next time.'
          : 'Discard your changes?'}
      </p>
      <div className="modal-confirm-actions">
        <button ref={stayRef} type="button" className="btn btn-secondary" onClick={onStay}>
          Keep editing
        </button>
        {keepsDraft ? (
          <button type="button" className="btn btn-secondary" onClick={onKeep}>
            Close, keep draft
          </button>
        ) : null}
        <button type="button" className="btn btn-danger" onClick={onDiscard}>
          Discard
        </button>
      </div>
    </div>
  )
}

function trapFocus(event: KeyboardEvent, root: HTMLElement | null) {
  if (!root) return
  const focusable = root.querySelectorAll<HTMLElement>(
    'button:not([disabled]), textarea, input, select, a[href], [tabindex]:not([tabindex="-1"])',
  )
  const first = focusable[0]
  const last = focusable[focusable.length - 1]
  if (!first || !last) return
  // -1 while the dialog itself has focus (just opened): Tab goes in, never behind it.
  const at = [...focusable].indexOf(document.activeElement as HTMLElement)
  if (event.shiftKey && at <= 0) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (at === -1 || at === focusable.length - 1)) {
    event.preventDefault()
    first.focus()
  }
}
