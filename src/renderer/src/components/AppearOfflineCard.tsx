import { useEffect, useState } from 'react'
import { getOwnPresence, putPresence } from '../api/presence'
import { PRESENCE_COPY } from '../copy'
import { messageOf } from '../lib/notify'
import { useServerFeature } from '../state/server-features'
import { SwitchCard } from './SwitchCard'

/**
 * The Account page's "Appear offline" switch: while on, nobody sees whether the user is online
 * or what they play, live or in any list (docs/API.md, "Presence and now playing").
 */
export function AppearOfflineCard() {
  const enabled = useServerFeature('presence')
  const [appearOffline, setAppearOffline] = useState<boolean | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (!enabled) return
    let live = true
    getOwnPresence()
      .then((answer) => live && setAppearOffline(answer.appearOffline))
      .catch((caught: unknown) => live && setError(messageOf(caught)))
    return () => {
      live = false
    }
  }, [enabled])

  if (!enabled) return null

  const change = async (next: boolean) => {
    setBusy(true)
    setError(null)
    try {
      setAppearOffline((await putPresence({ appearOffline: next })).appearOffline)
    } catch (caught) {
      setError(messageOf(caught))
    } finally {
      setBusy(false)
    }
  }

  return (
    <SwitchCard
      id="presence-card-title"
      icon="gamepad"
      title={PRESENCE_COPY.account.title}
      hint={PRESENCE_COPY.account.appearOfflineHint}
      label={PRESENCE_COPY.account.appearOffline}
      checked={appearOffline}
      busy={busy}
      error={error}
      onChange={(next) => void change(next)}
    >
      <p className="muted small" aria-live="polite">
        {appearOffline ? PRESENCE_COPY.account.on : PRESENCE_COPY.account.off}
      </p>
    </SwitchCard>
  )
}
