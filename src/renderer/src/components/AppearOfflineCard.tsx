import { PRESENCE_COPY } from '../copy'
import { useAppearOffline } from '../state/own-presence'
import { SwitchCard } from './SwitchCard'

/**
 * The Account page's "Appear offline" switch: while on, nobody sees whether the user is online
 * or what they play, live or in any list (docs/API.md, "Presence and now playing").
 */
export function AppearOfflineCard() {
  const { enabled, appearOffline, busy, error, change } = useAppearOffline()
  if (!enabled) return null

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
