/**
 * The desktop app's game detection, seen from the window: when the main
 * process reports that a game of its list started, the player's status says so
 * (`setStatus({game, source: 'detected', expiresIn: '2h'})`, api/status.ts); when it ends, the
 * status is cleared, but only a status this detection set itself. Only the game's name is sent.
 */
import { useEffect } from 'react'
import { getBridge } from '../bridge/get-bridge'
import { clearStatus, setStatus } from '../api/status'
import { useServerFeature } from './server-features'

export interface DetectedStatusCalls {
  setStatus: typeof setStatus
  clearStatus: typeof clearStatus
}

/**
 * Turns the detected game's changes into status calls, one at a time and in order. `forget()`
 * is for a status set by hand since: detection then leaves it alone when its game ends.
 */
export function createDetectedStatusSync(calls: DetectedStatusCalls = { setStatus, clearStatus }) {
  /** The game of the status this detection set and has not cleared, if any. */
  let ours: string | null = null
  let queue: Promise<unknown> = Promise.resolve()
  const then = (work: () => Promise<unknown>) => {
    queue = queue.then(work).catch(() => {
      // Offline or refused: the next change tries again; a detected status expires by itself.
    })
    return queue
  }
  return {
    onDetected(game: string | null): Promise<unknown> {
      if (game !== null) {
        if (game === ours) return queue
        ours = game
        return then(() => calls.setStatus({ game, source: 'detected', expiresIn: '2h' }))
      }
      if (ours === null) return queue
      ours = null
      return then(() => calls.clearStatus())
    },
    forget(): void {
      ours = null
    },
    /** The game of the status this detection set, if it still stands. */
    current: () => ours,
  }
}

/** The one sync of this window: a hand-set status (the status editor) calls its `forget`. */
export const detectedStatus = createDetectedStatusSync()

/**
 * While a signed-in screen is up in the desktop app and the server shows statuses
 * (`now-playing`), follows the detected game (called once, by the layout).
 */
export function useDetectedStatusSync(): void {
  const statuses = useServerFeature('now-playing')
  useEffect(() => {
    const bridge = getBridge()
    if (!statuses || !bridge.onGameDetected || !bridge.getGameDetection) return
    let live = true
    void bridge.getGameDetection().then(
      (status) => {
        if (live && status.game) void detectedStatus.onDetected(status.game)
      },
      () => undefined,
    )
    const stop = bridge.onGameDetected((game) => void detectedStatus.onDetected(game))
    return () => {
      live = false
      stop()
    }
  }, [statuses])
}
