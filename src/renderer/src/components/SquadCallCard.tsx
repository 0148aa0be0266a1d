import { useState } from 'react'
import { Link } from 'react-router-dom'
import type { SquadCall } from '../../../shared/squad-call-types'
import { SQUAD_COPY } from '../copy-squad'
import { messageOf } from '../lib/notify'
import { gamePath, profilePath } from '../lib/paths'
import { neededLine, timeLeft } from '../lib/squad-calls'
import { squadCallActions } from '../state/squad-calls'
import { Avatar } from './Avatar'

/**
 * One squad call: who asks, how many are missing for which game, its rank and note, who joined,
 * how long it stays open, and the viewer's buttons (join or leave; close for its creator; the
 * chat once it is full). A refusal ("It's full", "It has ended") shows under it and the list
 * keeps the call until the server's event moves it.
 */
export function SquadCallCard({
  call,
  now,
  onChange,
  compact = false,
}: {
  call: SquadCall
  now: number
  onChange: (call: SquadCall) => void
  compact?: boolean
}) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const titleId = `squad-call-${call._id}-title`
  const full = call.status === 'full'

  const act = async (action: 'join' | 'leave' | 'close') => {
    setBusy(true)
    setError(null)
    try {
      onChange(await squadCallActions[action](call._id))
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <li
      className={`card squad-call${compact ? ' squad-call-compact' : ''}${full ? ' full' : ''}`}
      aria-labelledby={titleId}
    >
      <div className="squad-call-head">
        {compact ? null : (
          <Avatar src={call.creator.profileImg} username={call.creator.username} size={40} />
        )}
        <div className="squad-call-head-text">
          <p id={titleId} className="squad-call-title">
            <strong>{full ? SQUAD_COPY.full : neededLine(call)}</strong> {SQUAD_COPY.forGame}{' '}
            <Link to={gamePath(call.game.slug)}>{call.game.name}</Link>
          </p>
          <p className="squad-call-meta muted">
            <Link to={profilePath(call.creator.username)} className="squad-call-creator">
              {SQUAD_COPY.by(call.creator.username)}
            </Link>
            {call.rank ? <span> · {SQUAD_COPY.rank(call.rank)}</span> : null}
            {full ? null : (
              <span>
                {' '}
                · <time dateTime={call.expiresAt}>{timeLeft(call.expiresAt, now)}</time>
              </span>
            )}
          </p>
        </div>
      </div>
      {call.note && !compact ? <p className="squad-call-note">{call.note}</p> : null}
      {compact ? (
        <p className="muted small squad-call-joined">
          {SQUAD_COPY.joinedCount(call.joinedCount, call.needed)}
        </p>
      ) : (
        <div className="squad-call-players">
          {call.players.length > 0 ? (
            <ul className="squad-call-avatars" aria-hidden="true">
              {call.players.map((player) => (
                <li key={player._id}>
                  <Avatar src={player.profileImg} username={player.username} size={24} />
                </li>
              ))}
            </ul>
          ) : null}
          <p className="muted small squad-call-joined">
            {SQUAD_COPY.joined(call.players.map((player) => `@${player.username}`))}{' '}
            <span className="squad-call-count">
              ({call.joinedCount}/{call.needed})
            </span>
          </p>
        </div>
      )}
      <div className="squad-call-actions">
        {full && call.conversationId ? (
          <Link className="btn btn-primary btn-sm" to={`/messages/${call.conversationId}`}>
            {SQUAD_COPY.openChat}
          </Link>
        ) : null}
        {!full && call.isCreator ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={busy}
            onClick={() => void act('close')}
          >
            {SQUAD_COPY.close}
          </button>
        ) : null}
        {!full && !call.isCreator && call.joined ? (
          <>
            <span className="squad-call-in">{SQUAD_COPY.youreIn}</span>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={busy}
              onClick={() => void act('leave')}
            >
              {SQUAD_COPY.leave}
            </button>
          </>
        ) : null}
        {!full && !call.isCreator && !call.joined ? (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={busy}
            aria-describedby={titleId}
            onClick={() => void act('join')}
          >
            {busy ? SQUAD_COPY.joining : SQUAD_COPY.join}
          </button>
        ) : null}
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  )
}
