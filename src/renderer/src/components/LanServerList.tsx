import type { LanServer } from '../../../shared/bridge'
import type { LanServersState } from '../lib/use-lan-servers'
import { Icon } from './Icon'
import '../styles/lan-servers.css'

export const LOOKING_TEXT = 'Looking for servers on your network…'
/** Said above the servers found: joining one for the first time asks for the code. */
export const JOIN_HINT =
  'The first time you join a server, Gamerstage shows its code: check that the host’s Server page shows the same one.'

interface LanServerListProps {
  found: LanServersState
  /** The server the app uses now, when it is a friend's: listed as connected, not joinable. */
  connectedUrl: string | null
  /** The address being checked after a click on Join, if any. */
  checking: string | null
  /** While any connection is being checked, nothing else can be joined. */
  disabled: boolean
  onJoin(server: LanServer): void
}

/** `192.168.1.20:4567`: the address without the scheme people never type. */
const hostAndPort = (url: string) => url.replace(/^https?:\/\//, '')

/**
 * "On your network": the Gamerstage servers found on the LAN, live, each one click from joining
 * (docs/hosting.md, "LAN party, step by step"). Only the desktop app can look; a browser gets a hint.
 */
export function LanServerList({
  found,
  connectedUrl,
  checking,
  disabled,
  onJoin,
}: LanServerListProps) {
  const count = found?.servers.length ?? 0
  return (
    <section className="lan-found" aria-labelledby="lan-found-title">
      <h3 className="section-title" id="lan-found-title">
        On your network
      </h3>
      {found === null ? (
        <p className="muted small">
          Finding servers on your network needs the Gamerstage desktop app. Type an address below.
        </p>
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {count === 0 ? '' : count === 1 ? '1 server found' : `${count} servers found`}
          </p>
          {found.problem ? (
            <p className="lan-found-problem" role="alert">
              <Icon name="alert" size={18} />
              <span>{found.problem} You can still type the address below.</span>
            </p>
          ) : count === 0 ? (
            <div className="lan-found-empty">
              <p className="lan-looking">
                <span className="spinner spinner-sm" aria-hidden="true" />
                {LOOKING_TEXT}
              </p>
              <p className="muted small">
                A friend’s server appears here when they turn on Host for LAN. You can also type its
                address below.
              </p>
            </div>
          ) : null}
          {count > 0 ? <p className="muted small">{JOIN_HINT}</p> : null}
          {count > 0 ? (
            <ul className="found-list" aria-labelledby="lan-found-title">
              {found.servers.map((server) => (
                <FoundServer
                  key={`${server.url} ${server.name}`}
                  server={server}
                  connected={server.url === connectedUrl}
                  checking={checking === server.url}
                  disabled={disabled}
                  onJoin={onJoin}
                />
              ))}
            </ul>
          ) : null}
        </>
      )}
    </section>
  )
}

/** What a row says when another server uses the same or a look-alike name. */
export function sameNameWarning(server: LanServer): string | null {
  if (server.sameName === 'later') {
    return `Another server also calls itself “${server.name}”. Compare the code with the host’s screen before you join.`
  }
  if (server.sameName === 'first') {
    return 'Another server on your network uses this name too. Compare the code with the host’s screen before you join.'
  }
  return null
}

function FoundServer({
  server,
  connected,
  checking,
  disabled,
  onJoin,
}: {
  server: LanServer
  connected: boolean
  checking: boolean
  disabled: boolean
  onJoin(server: LanServer): void
}) {
  const warning = sameNameWarning(server)
  // Two rows with one name: each button says which address it joins.
  const label = `${checking ? 'Checking' : 'Join'} ${server.name}${
    server.sameName ? ` at ${hostAndPort(server.url)}` : ''
  }`
  return (
    <li className={`found-server${warning ? ' found-server-alike' : ''}`}>
      <span className="found-icon" aria-hidden="true">
        <Icon name={warning ? 'alert' : 'gamepad'} size={18} />
      </span>
      <span className="found-text">
        <strong className="found-name">{server.name}</strong>
        <span className="found-meta">
          <code>{hostAndPort(server.url)}</code>
          {server.version ? (
            <>
              {' · '}
              <span>version {server.version}</span>
            </>
          ) : null}
          {' · '}
          {server.code ? (
            <span>
              code <code data-testid="found-code">{server.code}</code>
            </span>
          ) : (
            <span>not encrypted</span>
          )}
          {server.known ? (
            <>
              {' · '}
              <span className="found-known">
                <Icon name="check" size={13} /> joined before
              </span>
            </>
          ) : null}
        </span>
        {warning ? <span className="found-warning">{warning}</span> : null}
      </span>
      {connected ? (
        <span className="found-connected">
          <Icon name="check" size={16} /> Connected
        </span>
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          aria-label={label}
          disabled={disabled}
          onClick={() => onJoin(server)}
        >
          {checking ? (
            <>
              <span className="spinner spinner-sm" aria-hidden="true" /> Checking…
            </>
          ) : (
            'Join'
          )}
        </button>
      )}
    </li>
  )
}
