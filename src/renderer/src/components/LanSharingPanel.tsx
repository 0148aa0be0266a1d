import { useEffect, useId, useState } from 'react'
import type { LanSharingStatus } from '../../../shared/bridge'
import { getBridge } from '../bridge/get-bridge'
import { bridgeErrorMessage } from '../lib/bridge-error'
import { MAX_PORT, MIN_PORT, PORT_ERROR, parsePort } from '../../../shared/port'
import { CopyButton } from './CopyButton'
import { Icon } from './Icon'
import { Spinner } from './Spinner'
import { COPY } from '../copy'

export const DEMO_NOTICE = COPY.server.demoWhileShared

/** Desktop app on its own server: share it on the LAN and list the addresses to give friends. */
export function LanSharingPanel() {
  const bridge = getBridge()
  const [status, setStatus] = useState<LanSharingStatus | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [port, setPort] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const portErrorId = useId()

  useEffect(() => {
    let live = true
    bridge
      .getLanSharing()
      .then((current) => {
        if (!live) return
        setStatus(current)
        setPort(String(current.port))
      })
      .catch((caught: unknown) => live && setLoadError(bridgeErrorMessage(caught)))
    return () => {
      live = false
    }
  }, [bridge])

  const change = async (enabled: boolean) => {
    if (busy) return
    const chosen = parsePort(port)
    if (enabled && chosen === null) {
      setError(PORT_ERROR)
      return
    }
    setBusy(true)
    setError(null)
    try {
      const next = await bridge.setLanSharing(
        enabled ? { enabled: true, port: chosen ?? undefined } : { enabled: false },
      )
      setStatus(next)
      setPort(String(next.port))
    } catch (caught) {
      // The switch is controlled by `status`, so it stays as it was.
      setError(bridgeErrorMessage(caught))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="card server-card" aria-labelledby="lan-title">
      <header className="server-card-head">
        <span className="server-card-icon" aria-hidden="true">
          <Icon name="wifi" size={20} />
        </span>
        <div>
          <h2 id="lan-title">Host for LAN</h2>
          <p className="muted small">
            Let friends on the same network join this computer’s server.
          </p>
        </div>
      </header>

      {!status ? (
        loadError ? (
          <p className="field-error" role="alert">
            {loadError}
          </p>
        ) : (
          <Spinner label="Loading sharing status" />
        )
      ) : (
        <>
          <div className="lan-controls">
            <label className="toggle">
              <input
                type="checkbox"
                role="switch"
                checked={status.enabled}
                disabled={busy}
                onChange={(event) => void change(event.target.checked)}
              />
              <span className="toggle-track" aria-hidden="true" />
              <span>Host for LAN</span>
            </label>
            {busy ? <span className="spinner spinner-sm" aria-hidden="true" /> : null}
            <label className="field port-field">
              <span>Port</span>
              <input
                name="lan-port"
                inputMode="numeric"
                pattern="[0-9]*"
                maxLength={5}
                value={port}
                disabled={busy || status.enabled}
                aria-invalid={error === PORT_ERROR ? true : undefined}
                aria-describedby={portErrorId}
                onChange={(event) => {
                  setPort(event.target.value)
                  if (error === PORT_ERROR) setError(null)
                }}
              />
            </label>
          </div>
          <p id={portErrorId} className="muted small">
            {status.enabled
              ? `Sharing on port ${status.port}. Turn sharing off to change the port.`
              : `The port friends connect to, from ${MIN_PORT} to ${MAX_PORT}.`}
          </p>

          {error ? (
            <p className="field-error" role="alert">
              {error}
            </p>
          ) : null}

          {status.enabled ? <SharedAddresses status={status} /> : null}
        </>
      )}
    </section>
  )
}

function SharedAddresses({ status }: { status: LanSharingStatus }) {
  return (
    <div className="lan-shared">
      {status.addresses.length > 0 ? (
        <>
          <h3 className="section-title">Give friends this address</h3>
          <ul className="address-list">
            {status.addresses.map((address) => (
              <li key={address}>
                <code>{address}</code>
                <CopyButton text={address} />
              </li>
            ))}
          </ul>
          <p className="muted small">
            Friends’ Gamerstage apps on this network list your server by itself, or they choose{' '}
            <em>A friend’s server</em> and paste the address. Friends can also open this address in
            any browser.
          </p>
        </>
      ) : (
        <p className="muted">
          No network address found. Check that this computer is connected to the LAN.
        </p>
      )}
      {status.demoAccountsDisabled ? (
        <p className="notice" role="note">
          <Icon name="alert" size={18} />
          <span>{DEMO_NOTICE}</span>
        </p>
      ) : null}
    </div>
  )
}
