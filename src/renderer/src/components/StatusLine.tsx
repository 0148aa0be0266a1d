import type { UserStatus } from '../../../shared/presence'
import { PRESENCE_COPY } from '../copy'
import { useNow } from '../lib/ticker'

/** Minutes since a timestamp of the API, never below 0. */
function minutesSince(since: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(since)) / 60_000))
}

/**
 * "Playing Counter-Strike 2 · 12 min", and the note under it when `withNote`. Nothing without
 * a status the viewer may see, or on a server without "now playing".
 */
export function StatusText({
  status,
  withNote = false,
}: {
  status: UserStatus
  withNote?: boolean
}) {
  const now = useNow()
  // An expired status is gone even before its event arrives.
  if (status.expiresAt !== null && Date.parse(status.expiresAt) <= now) return null
  return (
    <span className="status-line">
      <span className="status-line-main">
        <span className="status-line-game">{PRESENCE_COPY.playing(status.game)}</span>
        <span className="status-line-time">
          {' · '}
          {PRESENCE_COPY.lasted(minutesSince(status.since, now))}
        </span>
      </span>
      {withNote && status.note ? <span className="status-line-note">{status.note}</span> : null}
    </span>
  )
}
