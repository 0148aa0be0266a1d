import { PRESENCE_COPY } from '../copy'
import { usePresence } from '../state/presence'
import { useServerFeature } from '../state/server-features'
import { StatusText } from './StatusLine'

/**
 * Beside an author's name (a post's header): their presence in words for screen readers (the
 * avatar's dot says it to the eye) and what they play now, live.
 */
export function AuthorPresence({ userId }: { userId: string }) {
  const playingOn = useServerFeature('now-playing')
  const shown = usePresence(userId)
  if (!shown) return null
  return (
    <>
      {shown.presence === 'offline' ? null : (
        <span className="visually-hidden">{PRESENCE_COPY.state[shown.presence]}</span>
      )}
      {playingOn && shown.status ? (
        <span className="post-author-status">
          <StatusText status={shown.status} />
        </span>
      ) : null}
    </>
  )
}
