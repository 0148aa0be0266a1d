import type { PresenceState } from '../../../shared/presence'
import { PRESENCE_COPY } from '../copy'
import { usePresence } from '../state/presence'

/**
 * The dot on an avatar: green online, amber idle, nothing offline (or on a server without
 * presence). Its state is also said in words, for screen readers.
 */
export function PresenceDot({
  userId,
  size = 'md',
}: {
  userId: string
  size?: 'sm' | 'md' | 'lg'
}) {
  const presence = usePresence(userId)?.presence ?? 'offline'
  if (presence === 'offline') return null
  return <PresenceMark presence={presence} size={size} />
}

export function PresenceMark({
  presence,
  size = 'md',
}: {
  presence: Exclude<PresenceState, 'offline'>
  size?: 'sm' | 'md' | 'lg'
}) {
  return (
    <span
      className={`presence-dot presence-dot-${presence} presence-dot-${size}`}
      data-presence={presence}
    >
      <span className="visually-hidden">{PRESENCE_COPY.state[presence]}</span>
    </span>
  )
}
