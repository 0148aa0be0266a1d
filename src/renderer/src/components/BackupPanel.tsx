import { useSetAtom } from 'jotai'
import { useState } from 'react'
import { getBridge } from '../bridge/get-bridge'
import { bridgeErrorMessage } from '../lib/bridge-error'
import { notifySuccess } from '../lib/notify'
import { endSessionAtom } from '../state/session'
import { Icon } from './Icon'
import { Modal } from './Modal'
import { COPY } from '../copy'
import '../styles/server-page.css'

export const RESTORE_WARNING =
  "This replaces everything on this computer's server with the backup, and signs everyone out (you too). Continue?"

/** Desktop app on its own server: save a backup of its data, or restore one. */
export function BackupPanel() {
  const bridge = getBridge()
  const endSession = useSetAtom(endSessionAtom)
  const [busy, setBusy] = useState<'backup' | 'restore' | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const backup = async () => {
    setBusy('backup')
    setError(null)
    try {
      const result = await bridge.backupData()
      if (result) notifySuccess(COPY.toasts.backupSaved(result.file), { autoClose: 5000 })
    } catch (caught) {
      setError(bridgeErrorMessage(caught))
    } finally {
      setBusy(null)
    }
  }

  const restore = async () => {
    setConfirming(false)
    setBusy('restore')
    setError(null)
    try {
      const result = await bridge.restoreData()
      if (result) {
        // The accounts may all have changed: start again from the login page.
        endSession()
        notifySuccess(
          `Restored from ${result.file}. Everyone has been signed out: sign in again with an account of the backup.`,
          { autoClose: 8000 },
        )
      }
    } catch (caught) {
      setError(bridgeErrorMessage(caught))
    } finally {
      setBusy(null)
    }
  }

  return (
    <section className="card server-card" aria-labelledby="backup-title">
      <header className="server-card-head">
        <span className="server-card-icon" aria-hidden="true">
          <Icon name="download" size={20} />
        </span>
        <div>
          <h2 id="backup-title">Backup</h2>
          <p className="muted small">
            Keep a copy of everything on this computer’s server: accounts, posts, pictures.
          </p>
        </div>
      </header>
      <div className="server-actions">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy !== null}
          onClick={() => void backup()}
        >
          <Icon name="download" size={16} />
          {busy === 'backup' ? 'Backing up…' : 'Back up data…'}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy !== null}
          onClick={() => setConfirming(true)}
        >
          <Icon name="upload" size={16} />
          {busy === 'restore' ? 'Restoring…' : 'Restore from backup…'}
        </button>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {confirming ? (
        <Modal title="Restore from backup?" onClose={() => setConfirming(false)}>
          <p className="modal-text">{RESTORE_WARNING}</p>
          <div className="modal-actions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setConfirming(false)}
            >
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-danger"
              autoFocus
              onClick={() => void restore()}
            >
              Restore
            </button>
          </div>
        </Modal>
      ) : null}
    </section>
  )
}
