import { useAtomValue, useSetAtom } from 'jotai'
import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import type { ConnectionTarget, LanServer } from '../../../shared/bridge'
import { getBridge } from '../bridge/get-bridge'
import { bridgeErrorMessage } from '../lib/bridge-error'
import { notifySuccess } from '../lib/notify'
import { useLanServers } from '../lib/use-lan-servers'
import { connectionAtom, connectionChangedAtom } from '../state/connection'
import { endSessionAtom } from '../state/session'
import { Icon } from './Icon'
import { LanServerList } from './LanServerList'
import { COPY } from '../copy'
import '../styles/server-page.css'

export const SERVER_URL_PLACEHOLDER = 'https://192.168.1.20:4567'

type Choice = 'embedded' | 'remote'

/** Desktop app: which server the app talks to, this computer's or a friend's on the LAN. */
export function ConnectionPanel() {
  const bridge = getBridge()
  const connection = useAtomValue(connectionAtom)
  const connectionChanged = useSetAtom(connectionChangedAtom)
  const endSession = useSetAtom(endSessionAtom)
  const [choice, setChoice] = useState<Choice>(connection.kind)
  const [url, setUrl] = useState(connection.kind === 'remote' ? connection.baseUrl : '')
  /** What is being checked: the typed choice (`form`), or a found server's address. */
  const [busy, setBusy] = useState<'form' | string | null>(null)
  /** The last failure, shown where it came from: the form or the list of found servers. */
  const [error, setError] = useState<{ text: string; from: 'form' | 'list' } | null>(null)
  const found = useLanServers(bridge)
  const errorId = useId()
  const alreadyHere = choice === 'embedded' && connection.kind === 'embedded'

  /** Takes the connection the main process checked (and, with the person's word, trusted). */
  const take = async (target: ConnectionTarget) => {
    const next = await bridge.setConnection(target)
    connectionChanged(next)
    // Even the same server again starts from its login page.
    endSession()
    const where = next.kind === 'embedded' ? "this computer's server" : next.baseUrl
    notifySuccess(COPY.toasts.connected(where), { toastId: 'connected', autoClose: 4000 })
  }

  /**
   * Every way of connecting ends here: the main process checks the address and its certificate
   * (docs/security.md), and asks the person itself, in a dialog this page cannot draw or
   * answer, before it trusts a new or changed certificate or a server using a known name.
   */
  const connect = async (target: ConnectionTarget, from: 'form' | 'list') => {
    setBusy(from === 'form' || target.kind === 'embedded' ? 'form' : target.url)
    setError(null)
    try {
      await take(target)
    } catch (caught) {
      setError({ text: bridgeErrorMessage(caught), from })
    } finally {
      setBusy(null)
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy || alreadyHere) return
    if (choice === 'remote' && !url.trim()) {
      setError({
        text: "Enter the address of your friend's server, e.g. https://192.168.1.20:4567.",
        from: 'form',
      })
      return
    }
    await connect(
      choice === 'embedded' ? { kind: 'embedded' } : { kind: 'remote', url: url.trim() },
      'form',
    )
  }

  const join = (server: LanServer) => {
    if (busy) return
    // The form shows the chosen server too, should the check fail and the person retype it.
    setChoice('remote')
    setUrl(server.url)
    // The certificate it announced: the main process refuses a server showing another one.
    void connect(
      server.fingerprint
        ? { kind: 'remote', url: server.url, fingerprint: server.fingerprint }
        : { kind: 'remote', url: server.url },
      'list',
    )
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
        {connection.kind === 'remote' ? (
          connection.baseUrl.startsWith('https:') ? (
            <span className="connection-security secure">
              <Icon name="lock" size={14} /> Encrypted
            </span>
          ) : (
            <span className="connection-security plain">
              <Icon name="unlock" size={14} /> Not encrypted
            </span>
          )
        ) : null}
      </div>

      <LanServerList
        found={found}
        connectedUrl={connection.kind === 'remote' ? connection.baseUrl : null}
        checking={busy === 'form' ? null : busy}
        disabled={busy !== null}
        onJoin={join}
      />
      {error?.from === 'list' ? (
        <p className="field-error" role="alert">
          {error.text}
        </p>
      ) : null}

      <form className="server-form" onSubmit={submit} noValidate>
        <fieldset className="choice-group" disabled={busy !== null}>
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
              disabled={busy !== null}
              aria-invalid={error?.from === 'form' ? true : undefined}
              aria-describedby={error?.from === 'form' ? errorId : undefined}
              onChange={(event) => setUrl(event.target.value)}
            />
          </label>
        ) : null}

        {error?.from === 'form' ? (
          <p id={errorId} className="field-error" role="alert">
            {error.text}
          </p>
        ) : null}

        <div className="server-actions">
          <button type="submit" className="btn btn-primary" disabled={busy !== null || alreadyHere}>
            {busy === 'form' ? (
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
