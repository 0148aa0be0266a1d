import { useState } from 'react'
import { COPY } from '../copy'
import { Modal } from './Modal'

interface ConfirmDialogProps {
  title: string
  /** What follows from saying yes, in a sentence or two. */
  text: string
  confirmLabel: string
  /** Red for what cannot be taken back lightly (delete, suspend, block). */
  danger?: boolean
  /** Runs on yes; the dialog stays, its buttons disabled, until it settles, then closes. */
  onConfirm: () => Promise<unknown> | unknown
  onClose: () => void
}

/**
 * A question before a host or member action with consequences (the app's Modal, as the phone's
 * logout asks): names what follows, Cancel first and focused, so a stray Enter changes nothing.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  danger = true,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    if (busy) return
    setBusy(true)
    try {
      await onConfirm()
    } finally {
      onClose()
    }
  }
  return (
    <Modal title={title} onClose={() => (busy ? undefined : onClose())}>
      <p className="modal-text">{text}</p>
      <div className="modal-actions">
        <button
          type="button"
          className="btn btn-secondary"
          autoFocus
          disabled={busy}
          onClick={onClose}
        >
          {COPY.host.cancel}
        </button>
        <button
          type="button"
          className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`}
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => void confirm()}
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  )
}
