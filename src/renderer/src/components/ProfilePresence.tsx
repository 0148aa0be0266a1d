import { useState } from 'react'
import { PRESENCE_COPY } from '../copy'
import { usePresence } from '../state/presence'
import { useServerFeature } from '../state/server-features'
import { Icon } from './Icon'
import { PresenceMark } from './PresenceDot'
import { StatusEditor } from './StatusEditor'
import { StatusText } from './StatusLine'

/**
 * A profile's "Online now" / "Idle" and "Playing …" with its note, live; on one's own profile
 * also the button that sets or changes the status.
 */
export function ProfilePresence({ userId, own }: { userId: string; own: boolean }) {
  const playingOn = useServerFeature('now-playing')
  const shown = usePresence(userId)
  const [editing, setEditing] = useState(false)
  if (!shown) return null
  const { presence, status } = shown
  return (
    <div className="profile-presence" data-presence={presence}>
      {presence === 'offline' ? null : (
        <span className="profile-presence-state">
          <PresenceMark presence={presence} size="sm" />
          <span aria-hidden="true">{PRESENCE_COPY.profile[presence]}</span>
        </span>
      )}
      {playingOn && status ? (
        <span className="profile-status">
          <StatusText status={status} withNote />
        </span>
      ) : null}
      {own && playingOn ? (
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(true)}>
          <Icon name="edit" size={14} />{' '}
          {status ? PRESENCE_COPY.editor.change : PRESENCE_COPY.editor.open}
        </button>
      ) : null}
      {editing ? (
        <StatusEditor userId={userId} current={status} onClose={() => setEditing(false)} />
      ) : null}
    </div>
  )
}
