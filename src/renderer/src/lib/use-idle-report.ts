import { useEffect } from 'react'
import { IDLE_AFTER_MS } from '../../../shared/presence'
import { putPresence } from '../api/presence'
import { useServerFeature } from '../state/server-features'

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
