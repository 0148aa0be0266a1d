import { useSetAtom } from 'jotai'
import { useEffect, useState } from 'react'
import type { CertificateChange, ConnectionTarget } from '../../../shared/bridge'
import { getBridge } from '../bridge/get-bridge'
import { bridgeErrorMessage } from '../lib/bridge-error'
import { notifySuccess } from '../lib/notify'
import { connectionChangedAtom } from '../state/connection'
import { endSessionAtom } from '../state/session'
import { lazyComponent } from '../lib/lazy-component'

/** Loaded when a certificate changed: a rare moment, kept out of every start's first load. */
const ChangedCertificateDialog = lazyComponent(() =>
  import('./TrustDialogs').then((module) => module.ChangedCertificateDialog),
)

/**
 * The desktop app's stop sign (docs/security.md): the friend's server in use showed another
 * certificate than the pinned one, so the main process refused it and every request to it fails.
 * This says why, and offers the safe way back or, deliberately, trust in the new certificate
 * (which the main process confirms with the person in a dialog of its own).
 */
export function CertificateAlarm() {
  const connectionChanged = useSetAtom(connectionChangedAtom)
  const endSession = useSetAtom(endSessionAtom)
  const [change, setChange] = useState<CertificateChange | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  // The bridge only in the browser: the server draws the first screen of this App too.
  useEffect(() => getBridge().onCertificateChanged?.((next) => setChange(next)), [])
  if (!change) return null

  const act = async (target: ConnectionTarget) => {
    setBusy(true)
    setError(null)
    try {
      const next = await getBridge().setConnection(target)
      connectionChanged(next)
      endSession()
      setChange(null)
      const where = next.kind === 'embedded' ? "this computer's server" : next.baseUrl
      notifySuccess(`Connected to ${where}`, { toastId: 'connected', autoClose: 4000 })
    } catch (caught) {
      setError(bridgeErrorMessage(caught))
    } finally {
      setBusy(false)
    }
  }

  return (
    <ChangedCertificateDialog
      origin={change.origin}
      code={change.code}
      pinnedCode={change.pinnedCode}
      busy={busy}
      error={error}
      intro={
        <p className="modal-text">
          Gamerstage stopped talking to this server to keep your password and session safe.
        </p>
      }
      cancelLabel="Use this computer’s server"
      onCancel={() => void act({ kind: 'embedded' })}
      // The main process asks the person once more, in its own dialog, before it trusts it.
      onTrust={() =>
        void act({ kind: 'remote', url: change.origin, fingerprint: change.fingerprint })
      }
    />
  )
}
