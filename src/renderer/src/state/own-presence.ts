/**
 * The signed-in user's own presence (docs/API.md, "Presence and now playing"): idle or back as
 * this window sees their input, "Appear offline", and the "now playing" status set by hand. A
 * status set or cleared here is drawn at once on one's own dot and card (presenceByIdAtom), and
 * the desktop detection (game-detection.ts) then leaves it alone.
 */
import { atom } from 'jotai'
import { useEffect, useState } from 'react'
import type { StatusRequest } from '../../../shared/api-types'
import { IDLE_AFTER_MS, type UserStatus } from '../../../shared/presence'
import { clearStatus, getOwnPresence, putPresence, putStatus } from '../api/presence'
import { messageOf } from '../lib/notify'
import { detectedStatus } from './game-detection'
import { presenceByIdAtom } from './presence'
import { useServerFeature } from './server-features'

const INPUT_EVENTS = [
  'pointerdown',
  'pointermove',
  'keydown',
  'wheel',
  'touchstart',
  'focus',
] as const

/**
 * Tells the server when this user goes idle (IDLE_AFTER_MS without input in this window) and
 * when they are back, so others see "Idle" rather than "Online" (docs/API.md, "Presence").
 */
export function useIdleReport(): void {
  const enabled = useServerFeature('presence')
  useEffect(() => {
    if (!enabled) return
    let idle = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const report = (next: boolean) => {
      idle = next
      putPresence({ idle: next }).catch(() => {
        // Offline: the next input or a new connection says it again.
      })
    }
    const arm = () => {
      clearTimeout(timer)
      timer = setTimeout(() => report(true), IDLE_AFTER_MS)
    }
    const onInput = () => {
      if (idle) report(false)
      arm()
    }
    arm()
    for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { passive: true })
    return () => {
      clearTimeout(timer)
      for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput)
    }
  }, [enabled])
}

/**
 * The "Appear offline" switch: its state (null until read), a change under way, the failure of
 * the last read or change, and `change`. Read when the server names `presence`.
 */
export function useAppearOffline() {
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

  return { enabled, appearOffline, busy, error, change }
}

/**
 * Sets one's status by hand (or clears it, with null); a refusal is thrown, for the editor to
 * show. The detection no longer clears a status set by hand when its game ends.
 */
export const setOwnStatusAtom = atom(
  null,
  async (_get, set, userId: string, status: StatusRequest | null): Promise<void> => {
    const saved: UserStatus | null = status ? (await putStatus(status)).status : null
    if (!status) await clearStatus()
    detectedStatus.forget()
    set(presenceByIdAtom, (all) => ({
      ...all,
      [userId]: { presence: all[userId]?.presence ?? 'online', status: saved },
    }))
  },
)
