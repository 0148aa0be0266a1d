import { useEffect, useId, useState } from 'react'
import type { LanSharingStatus } from '../../../shared/bridge'
import { getBridge } from '../bridge/get-bridge'
import { bridgeErrorMessage } from '../lib/bridge-error'
import { MAX_PORT, MIN_PORT, PORT_ERROR, parsePort } from '../../../shared/port'
import { CopyButton } from './CopyButton'
import { Icon } from './Icon'
import { Modal } from './Modal'
import { ShareQrCode } from './ShareQrCode'
import { Spinner } from './Spinner'
import '../styles/server-page.css'
import { SCREENS_COPY } from '../copy-screens'

export const DEMO_NOTICE = SCREENS_COPY.server.demoWhileShared

export const PLAIN_HTTP_WARNING =
  'Nothing is encrypted: anyone on this network can read the passwords and sign-in tokens that cross it, and use them to act as your friends. Choose it only for devices that cannot open https:// addresses.'

/** Desktop app on its own server: share it on the LAN and list the addresses to give friends. */
export function LanSharingPanel() {
  const bridge = getBridge()
  const [status, setStatus] = useState<LanSharingStatus | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [port, setPort] = useState('')
  const [plainHttp, setPlainHttp] = useState(false)
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
        setPlainHttp(current.plainHttp)
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
        enabled ? { enabled: true, port: chosen ?? undefined, plainHttp } : { enabled: false },
      )
      setStatus(next)
      setPort(String(next.port))
      setPlainHttp(next.plainHttp)
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

          <label className="lan-plain">
            <input
              type="checkbox"
              name="plain-http"
              checked={plainHttp}
              disabled={busy || status.enabled}
              onChange={(event) => setPlainHttp(event.target.checked)}
            />
            <span>Share without encryption (plain HTTP, for old devices)</span>
          </label>
          {status.enabled ? null : plainHttp ? (
            <p className="notice notice-danger" role="note">
              <Icon name="unlock" size={18} />
              <span>{PLAIN_HTTP_WARNING}</span>
            </p>
          ) : (
            <p className="muted small">
              Everything friends send is encrypted (HTTPS) with a certificate this computer made for
              itself.
            </p>
          )}

          {error ? (
            <p className="field-error" role="alert">
              {error}
            </p>
          ) : null}

          {status.enabled ? <SharedAddresses status={status} onStatus={setStatus} /> : null}
        </>
      )}
    </section>
  )
}

function SharedAddresses({
  status,
  onStatus,
}: {
  status: LanSharingStatus
  onStatus: (status: LanSharingStatus) => void
}) {
  const [qrAddress, setQrAddress] = useState(0)
  const address = status.addresses[Math.min(qrAddress, status.addresses.length - 1)]
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
          {status.code ? <CertificateCode code={status.code} onStatus={onStatus} /> : null}
          {address ? (
            <div className="lan-qr">
              <h3 className="section-title">Join with a phone</h3>
              {status.addresses.length > 1 ? (
                <label className="field qr-address">
                  <span>QR code for</span>
                  <select
                    value={qrAddress}
                    onChange={(event) => setQrAddress(Number(event.target.value))}
                  >
                    {status.addresses.map((option, index) => (
                      <option key={option} value={index}>
                        {option}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
              <ShareQrCode address={address} code={status.code} />
            </div>
          ) : null}
        </>
      ) : (
        <p className="muted">
          No network address found. Check that this computer is connected to the LAN.
        </p>
      )}
      {status.plainHttp ? (
        <p className="notice notice-danger" role="note">
          <Icon name="unlock" size={18} />
          <span>Shared without encryption. {PLAIN_HTTP_WARNING}</span>
        </p>
      ) : null}
      {status.demoAccountsDisabled ? (
        <p className="notice" role="note">
          <Icon name="alert" size={18} />
          <span>{DEMO_NOTICE}</span>
        </p>
      ) : null}
    </div>
  )
}

/** The code friends compare (docs/security.md), and the way to a new certificate. */
function CertificateCode({
  code,
  onStatus,
}: {
  code: string
  onStatus: (status: LanSharingStatus) => void
}) {
  const bridge = getBridge()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const replace = async () => {
    if (!bridge.replaceLanCertificate || busy) return
    setBusy(true)
    setError(null)
    try {
      onStatus(await bridge.replaceLanCertificate())
      setAsking(false)
    } catch (caught) {
      setError(bridgeErrorMessage(caught))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="certificate-code">
      <h3 className="section-title">
        <Icon name="lock" size={16} /> Certificate code
      </h3>
      <p className="fingerprint-code" data-testid="certificate-code">
        {code.split('-').map((group, index) => (
          <span key={index}>{group}</span>
        ))}
      </p>
      <p className="muted small">
        Friends who type the address see this code before they join: it must be the same. A browser
        warns that nobody vouches for this certificate; in its certificate details the SHA-256
        fingerprint starts with this code.
      </p>
      {bridge.replaceLanCertificate ? (
        <div>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => setAsking(true)}
          >
            Replace certificate…
          </button>
        </div>
      ) : null}
      {error && !asking ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {asking ? (
        <Modal title="Replace the certificate?" onClose={() => !busy && setAsking(false)}>
          <p className="modal-text">
            This computer makes a new certificate with a new code. Everyone who joined before is
            stopped with a warning the next time and must compare the new code with you before they
            go on. Do it when you think someone copied this computer’s data folder.
          </p>
          {error ? (
            <p className="field-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="modal-actions">
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => setAsking(false)}
            >
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy}
              onClick={() => void replace()}
            >
              {busy ? 'Replacing…' : 'Replace certificate'}
            </button>
          </div>
        </Modal>
      ) : null}
    </div>
  )
}
