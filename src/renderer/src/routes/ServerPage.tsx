import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import { AppLayout } from '../components/AppLayout'
import { BackupPanel } from '../components/BackupPanel'
import { ConnectionPanel } from '../components/ConnectionPanel'
import { Icon } from '../components/Icon'
import { LanSharingPanel } from '../components/LanSharingPanel'
import { PlainLayout } from '../components/PlainLayout'
import { ReportsPanel } from '../components/ReportsPanel'
import { ServerStatsPanel } from '../components/ServerStatsPanel'
import { getBridge } from '../bridge/get-bridge'
import { isLoggedInAtom } from '../state/auth'
import { connectionAtom } from '../state/connection'
import '../styles/server-page.css'

/** `/server` is public: the app's chrome when logged in, a plain one from the login page. */
export function ServerRoute() {
  const loggedIn = useAtomValue(isLoggedInAtom)
  return loggedIn ? (
    <AppLayout>
      <ServerPage />
    </AppLayout>
  ) : (
    <PlainLayout>
      <ServerPage />
    </PlainLayout>
  )
}

export function ServerPage() {
  const bridge = getBridge()
  const connection = useAtomValue(connectionAtom)
  const [version, setVersion] = useState<string | null>(null)
  const desktop = bridge.platform === 'desktop'

  useEffect(() => {
    let live = true
    bridge
      .getAppVersion()
      .then((v) => live && setVersion(v))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [bridge])

  return (
    <div className="page-single server-page" data-main-column>
      <div className="page-head">
        <h1 className="page-title">Server</h1>
        <p className="muted">Where your posts live, and who can join you.</p>
      </div>

      {desktop ? <ConnectionPanel /> : <WebServerInfo baseUrl={connection.baseUrl} />}

      <ServerStatsPanel />

      <ReportsPanel />

      {desktop && connection.kind === 'embedded' ? (
        <>
          <LanSharingPanel />
          <BackupPanel />
        </>
      ) : null}
      {desktop && connection.kind === 'remote' ? (
        <p className="card server-note">
          <Icon name="wifi" size={18} />
          <span>
            You are on a friend’s server. Hosting for LAN and backups are about this computer’s own
            server: connect to <strong>This computer</strong> to use them.
          </span>
        </p>
      ) : null}

      <p className="server-version muted small">
        {desktop
          ? `Gamerstage ${version ? `version ${version}` : 'desktop app'}`
          : 'Gamerstage in the browser'}
      </p>
    </div>
  )
}

/** In a plain browser: the server is the one that served this page; the rest needs the app. */
function WebServerInfo({ baseUrl }: { baseUrl: string }) {
  return (
    <section className="card server-card" aria-labelledby="web-server-title">
      <header className="server-card-head">
        <span className="server-card-icon" aria-hidden="true">
          <Icon name="server" size={20} />
        </span>
        <div>
          <h2 id="web-server-title">This server</h2>
          <p className="muted small">You are using Gamerstage in a web browser.</p>
        </div>
      </header>
      <div className="server-current">
        <span className="status-dot" aria-hidden="true" />
        <span className="muted">Connected to</span>
        <strong data-testid="current-connection">{baseUrl}</strong>
      </div>
      <p>
        Switching to another server, hosting for LAN and backups are in the Gamerstage desktop app.
        To join a different server from this browser, open its address instead.
      </p>
      <p className="muted small">
        The desktop app also lists the servers on your network by itself; a browser cannot look for
        them.
      </p>
    </section>
  )
}
