import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { PRESENCE_COPY } from '../copy'
import { loadWhosHereAtom, whosHereAtom } from '../state/presence'
import { useServerFeature } from '../state/server-features'
import { PresentPersonRow } from './PersonRow'
import { Spinner } from './Spinner'
import { SquadCallList } from './SquadCallList'
import { lazyComponent } from '../lib/lazy-component'

/**
 * Who's here: the members online now, those one follows first, live (state/presence.ts). A
 * panel beside the navigation on the desktop (`variant="panel"`), the whole /here screen on
 * phones. Nothing on a server without presence.
 */
/** Game nights on now, to join in: loaded on first use. */
const NightsOnNow = lazyComponent(() =>
  import('./NightsOnNow').then((module) => module.NightsOnNow),
)

export function WhosHere({ variant }: { variant: 'panel' | 'page' }) {
  const enabled = useServerFeature('presence')
  const here = useAtomValue(whosHereAtom)
  const load = useSetAtom(loadWhosHereAtom)
  // Home shows the open calls on top of its own column: the panel beside it leaves them out there,
  // rather than show each call twice.
  const onHome = useLocation().pathname === '/home'
  const squadCalls = useServerFeature('squad-calls') && !(variant === 'panel' && onHome)
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
      {squadCalls ? (
        <SquadCallList compact={variant === 'panel'} headingLevel={variant === 'page' ? 2 : 3} />
      ) : null}
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
            <PresentPersonRow
              key={entry.user._id}
              entry={entry}
              withNote={variant === 'page'}
              message={variant === 'page'}
            />
          ))}
        </ul>
      ) : null}
      <NightsOnNow scope="all" variant={variant} />
    </section>
  )
}
