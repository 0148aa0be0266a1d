import { useEffect, useState } from 'react'
import type { GameDetectionStatus } from '../../../shared/bridge'
import { getBridge } from '../bridge/get-bridge'
import { GAME_DETECTION_COPY } from '../copy-games'
import { bridgeErrorMessage } from '../lib/bridge-error'
import { useServerFeature } from '../state/server-features'
import { SwitchCard } from './SwitchCard'

/**
 * The Account page's game detection (desktop app only; a plain browser's bridge has none, and
 * the card hides). Says exactly what is shared before the switch, which is off until the person
 * turns it on; Pause stops it without forgetting the choice.
 */
export function GameDetectionPanel() {
  const bridge = getBridge()
  const statuses = useServerFeature('now-playing')
  const [status, setStatus] = useState<GameDetectionStatus | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const supported = Boolean(
    bridge.getGameDetection && bridge.setGameDetection && bridge.onGameDetected,
  )

  useEffect(() => {
    if (!bridge.getGameDetection || !bridge.onGameDetected) return
    let live = true
    bridge.getGameDetection().then(
      (answer) => {
        if (live) setStatus(answer)
      },
      (caught: unknown) => {
        if (live) setError(bridgeErrorMessage(caught))
      },
    )
    const stop = bridge.onGameDetected((game) =>
      setStatus((current) => (current ? { ...current, game } : current)),
    )
    return () => {
      live = false
      stop()
    }
  }, [bridge])

  if (!supported) return null

  const change = async (changes: { enabled?: boolean; paused?: boolean }) => {
    if (!bridge.setGameDetection) return
    setBusy(true)
    setError(null)
    try {
      setStatus(await bridge.setGameDetection(changes))
    } catch (caught) {
      setError(bridgeErrorMessage(caught))
    } finally {
      setBusy(false)
    }
  }

  return (
    <SwitchCard
      id="game-detection-title"
      icon="gamepad"
      title={GAME_DETECTION_COPY.detectTitle}
      hint={GAME_DETECTION_COPY.detectShares}
      intro={<p className="small game-detection-how">{GAME_DETECTION_COPY.detectHow}</p>}
      label={GAME_DETECTION_COPY.detectSwitch}
      checked={status?.enabled ?? null}
      busy={busy}
      error={error}
      onChange={(enabled) => void change({ enabled })}
      beside={
        status?.enabled ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={busy}
            aria-pressed={status.paused}
            onClick={() => void change({ paused: !status.paused })}
          >
            {status.paused ? GAME_DETECTION_COPY.detectResume : GAME_DETECTION_COPY.detectPause}
          </button>
        ) : null
      }
    >
      {status?.enabled ? (
        <p className="muted small game-detection-now" role="status">
          {status.paused
            ? GAME_DETECTION_COPY.detectPaused
            : status.game
              ? GAME_DETECTION_COPY.detectNow(status.game)
              : GAME_DETECTION_COPY.detectIdle}
        </p>
      ) : null}
      {status?.enabled && !statuses ? (
        <p className="muted small">{GAME_DETECTION_COPY.detectNoStatuses}</p>
      ) : null}
    </SwitchCard>
  )
}
