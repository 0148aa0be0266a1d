import { useAtomValue, useSetAtom } from 'jotai'
import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { getBridge } from '../bridge/get-bridge'
import { bridgeErrorMessage } from '../lib/bridge-error'
import { notifySuccess } from '../lib/notify'
import { connectionAtom, connectionChangedAtom } from '../state/connection'
import { endSessionAtom } from '../state/session'
import { Icon } from './Icon'

export const SERVER_URL_PLACEHOLDER = 'http://192.168.1.20:4567'

type Choice = 'embedded' | 'remote'

/** Desktop app: which server the app talks to, this computer's or a friend's on the LAN. */
export function ConnectionPanel() {
  const bridge = getBridge()
  const connection = useAtomValue(connectionAtom)
  const connectionChanged = useSetAtom(connectionChangedAtom)
  const endSession = useSetAtom(endSessionAtom)
  const [choice, setChoice] = useState<Choice>(connection.kind)
  const [url, setUrl] = useState(connection.kind === 'remote' ? connection.baseUrl : '')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const errorId = useId()
  const alreadyHere = choice === 'embedded' && connection.kind === 'embedded'

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy || alreadyHere) return
    if (choice === 'remote' && !url.trim()) {
      setError("Enter the address of your friend's server, e.g. http://192.168.1.20:4567.")
      return
    }
    setBusy(true)
    setError(null)
    try {
      const next = await bridge.setConnection(
        choice === 'embedded' ? { kind: 'embedded' } : { kind: 'remote', url: url.trim() },
      )
      connectionChanged(next)
      // Even the same server again starts from its login page.
      endSession()
      const where = next.kind === 'embedded' ? "this computer's server" : next.baseUrl
      notifySuccess(`Connected to ${where}`, { toastId: 'connected', autoClose: 4000 })
    } catch (caught) {
      setError(bridgeErrorMessage(caught))
      setBusy(false)
    }
  }

  return (
    <section className="card server-card" aria-labelledby="connection-title">
      <header className="server-card-head">
        <span className="server-card-icon" aria-hidden="true">
          <Icon name="server" size={20} />
        </span>
        <div>
          <h2 id="connection-title">Connection</h2>
          <p className="muted small">Which Gamerstage server this app uses.</p>
        </div>
      </header>

      <div className="server-current">
        <span className="status-dot" aria-hidden="true" />
        <span className="muted">Connected to</span>
        <strong data-testid="current-connection">
          {connection.kind === 'embedded' ? 'This computer' : connection.baseUrl}
        </strong>
      </div>

      <form className="server-form" onSubmit={submit} noValidate>
        <fieldset className="choice-group" disabled={busy}>
          <legend className="visually-hidden">Server</legend>
          <label className={`choice${choice === 'embedded' ? ' selected' : ''}`}>
            <input
              type="radio"
              name="server-choice"
              value="embedded"
              checked={choice === 'embedded'}
              onChange={() => {
                setChoice('embedded')
                setError(null)
              }}
            />
            <span className="choice-text">
              <span className="choice-title">This computer</span>
              <span className="choice-sub">Your own server, kept on this computer</span>
            </span>
          </label>
          <label className={`choice${choice === 'remote' ? ' selected' : ''}`}>
            <input
              type="radio"
              name="server-choice"
              value="remote"
              checked={choice === 'remote'}
              onChange={() => {
                setChoice('remote')
                setError(null)
              }}
            />
            <span className="choice-text">
              <span className="choice-title">A friend&apos;s server</span>
              <span className="choice-sub">Join someone hosting on your network</span>
            </span>
          </label>
        </fieldset>

        {choice === 'remote' ? (
          <label className="field">
            <span>Server address</span>
            <input
              name="server-url"
              type="url"
              inputMode="url"
              autoComplete="url"
              spellCheck={false}
              placeholder={SERVER_URL_PLACEHOLDER}
              value={url}
              disabled={busy}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => setUrl(event.target.value)}
            />
          </label>
        ) : null}

        {error ? (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        ) : null}

        <div className="server-actions">
          <button type="submit" className="btn btn-primary" disabled={busy || alreadyHere}>
            {busy ? (
              <>
                <span className="spinner spinner-sm" aria-hidden="true" /> Checking…
              </>
            ) : (
              'Connect'
            )}
          </button>
          <span className="muted small">
            {alreadyHere
              ? 'You are using this computer’s server.'
              : 'Switching servers logs you out.'}
          </span>
        </div>
      </form>
    </section>
  )
}
