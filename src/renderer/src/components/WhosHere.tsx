import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import { PRESENCE_COPY } from '../copy'
import { profilePath } from '../lib/paths'
import { loadWhosHereAtom, whosHereAtom } from '../state/presence'
import { useServerFeature } from '../state/server-features'
import { Avatar } from './Avatar'
import { PresenceMark } from './PresenceDot'
import { Spinner } from './Spinner'
import { StatusText } from './StatusLine'

/**
 * Who's here: the members online now, those one follows first, live (state/presence.ts). A
 * panel beside the navigation on the desktop (`variant="panel"`), the whole /here screen on
 * phones. Nothing on a server without presence.
 */
export function WhosHere({ variant }: { variant: 'panel' | 'page' }) {
  const enabled = useServerFeature('presence')
  const here = useAtomValue(whosHereAtom)
  const load = useSetAtom(loadWhosHereAtom)
  useEffect(() => {
    if (enabled) void load()
  }, [enabled, load])
  if (!enabled) return null
  const titleId = `whos-here-title-${variant}`
  const Heading = variant === 'page' ? 'h1' : 'h2'
  return (
    <section
      className={`whos-here whos-here-${variant}${variant === 'panel' ? ' card' : ''}`}
      aria-labelledby={titleId}
    >
      <Heading id={titleId} className={variant === 'page' ? 'page-title' : 'panel-title'}>
        {PRESENCE_COPY.here.title}
      </Heading>
      {here.state === 'loading' ? <Spinner label={PRESENCE_COPY.here.loading} /> : null}
      {here.state === 'failed' ? (
        <p className="muted small">
          {PRESENCE_COPY.here.failed}{' '}
          <button type="button" className="link-btn" onClick={() => void load()}>
            {PRESENCE_COPY.here.retry}
          </button>
        </p>
      ) : null}
      {here.state === 'ready' && here.users.length === 0 ? (
        <p className="muted small whos-here-empty">{PRESENCE_COPY.here.empty}</p>
      ) : null}
      {here.state === 'ready' && here.users.length > 0 ? (
        <ul className="whos-here-list">
          {here.users.map((entry) => (
            <li key={entry.user._id} className="whos-here-item" data-user-id={entry.user._id}>
              <Link to={profilePath(entry.user.username)} className="whos-here-row">
                <span className="avatar-with-presence" style={{ width: 36, height: 36 }}>
                  <Avatar src={entry.user.profileImg} username={entry.user.username} size={36} />
                  {entry.presence === 'offline' ? null : (
                    <PresenceMark presence={entry.presence} size="md" />
                  )}
                </span>
                <span className="whos-here-text">
                  <span className="whos-here-name">
                    <span className="whos-here-username">{entry.user.username}</span>
                    {entry.followed ? (
                      <span className="whos-here-followed">{PRESENCE_COPY.here.following}</span>
                    ) : null}
                  </span>
                  {entry.status ? (
                    <span className="muted small">
                      <StatusText status={entry.status} withNote={variant === 'page'} />
                    </span>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
