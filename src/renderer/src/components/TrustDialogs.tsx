import type { ReactNode } from 'react'
import { Icon } from './Icon'
import { Modal } from './Modal'
import '../styles/server-page.css'

/** A code in the big groups people compare by eye (docs/security.md). */
export function FingerprintCode({ code, testId }: { code: string; testId?: string }) {
  return (
    <p className="fingerprint-code" data-testid={testId} aria-label={code.split('-').join(' ')}>
      {code.split('-').map((group, index) => (
        <span key={index}>{group}</span>
      ))}
    </p>
  )
}

interface DialogActions {
  busy: boolean
  error: string | null
  onTrust: () => void
  onCancel: () => void
  /** The safe way out, when it is not just closing the dialog. */
  cancelLabel?: string
}

function Actions({
  busy,
  error,
  onTrust,
  onCancel,
  cancelLabel = 'Cancel',
  trustLabel,
  danger,
}: DialogActions & { trustLabel: string; danger: boolean }) {
  return (
    <>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="modal-actions">
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`}
          disabled={busy}
          onClick={onTrust}
        >
          {busy ? 'Checking…' : trustLabel}
        </button>
      </div>
    </>
  )
}

/**
 * The server's certificate is not the one pinned when it was first joined (or it stopped
 * encrypting): say so plainly, and trust the new one only on a deliberate click.
 */
export function ChangedCertificateDialog({
  origin,
  code,
  pinnedCode,
  intro,
  ...actions
}: DialogActions & {
  origin: string
  /** What it shows now; null when it answers without encryption. */
  code: string | null
  pinnedCode: string | null
  intro?: ReactNode
}) {
  return (
    <Modal
      title="Stop: the server’s certificate changed"
      onClose={actions.busy ? () => undefined : actions.onCancel}
    >
      <div className="trust-dialog">
        {intro}
        <p className="notice notice-danger" role="alert">
          <Icon name="alert" size={18} />
          <span>
            {code === null
              ? `${origin} no longer encrypts its connections, though it did when you joined it.`
              : `${origin} shows another certificate than the one you trusted when you joined it.`}{' '}
            Someone on the network may be pretending to be it, or the host made a new one.
          </span>
        </p>
        {pinnedCode ? (
          <div className="trust-codes">
            <span className="muted small">You trusted</span>
            <FingerprintCode code={pinnedCode} testId="pinned-code" />
          </div>
        ) : null}
        {code ? (
          <div className="trust-codes">
            <span className="muted small">It shows now</span>
            <FingerprintCode code={code} testId="changed-code" />
          </div>
        ) : null}
        <p className="muted small">
          Ask the host. Trust it only if they replaced the certificate
          {code
            ? ' and their Server page shows the new code'
            : ' or chose to share without encryption'}
          .
        </p>
      </div>
      <Actions
        {...actions}
        trustLabel={code ? 'Trust the new certificate' : 'Join without encryption'}
        danger
      />
    </Modal>
  )
}
