import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { createPortal } from 'react-dom'
import { GAME_PLAYING_COPY } from '../copy'
import { userAtom } from '../state/auth'
import { usePresence } from '../state/presence'
import { useServerFeature } from '../state/server-features'
import { Icon } from './Icon'
import { lazyComponent } from '../lib/lazy-component'

/** Opened by a click, with its checks (zod): not part of the first load. */
const StatusEditor = lazyComponent(() =>
  import('./StatusEditor').then((module) => module.StatusEditor),
)

/**
 * The status editor from anywhere: a button in the top bar, beside
 * one's avatar, "Set status" or "Change status" with the game in its tooltip. A button, so Tab
 * and Enter reach it; the dialog gives focus back to it as it closes. Only when the server
 * names `now-playing`.
 */
export function TopBarStatus() {
  const user = useAtomValue(userAtom)
  const enabled = useServerFeature('now-playing')
  const own = usePresence(enabled ? user?._id : null)
  const [editing, setEditing] = useState(false)
  if (!enabled || !user) return null
  const status = own?.status ?? null
  const label = status ? GAME_PLAYING_COPY.menuChange : GAME_PLAYING_COPY.menuSet
  return (
    <>
      <button
        type="button"
        className={`icon-btn topbar-status${status ? ' is-playing' : ''}`}
        aria-label={label}
        title={status ? `${label}: ${status.game}` : label}
        aria-haspopup="dialog"
        onClick={() => setEditing(true)}
      >
        <Icon name="gamepad" />
      </button>
      {/* Into the body: the top bar's backdrop-filter would make it the dialog's containing
          block, the backdrop 64 px high and the dialog off the top of the screen. */}
      {editing
        ? createPortal(
            <StatusEditor userId={user._id} current={status} onClose={() => setEditing(false)} />,
            document.body,
          )
        : null}
    </>
  )
}
