import { useSyncExternalStore } from 'react'

/**
 * One clock for every relative time on screen: a single interval, started with the first
 * subscriber and stopped with the last, instead of one timer per post.
 */
const TICK_MS = 60_000
const listeners = new Set<() => void>()
let now = Date.now()
let timer: ReturnType<typeof setInterval> | null = null

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  if (!timer) {
    now = Date.now()
    timer = setInterval(() => {
      now = Date.now()
      for (const notify of listeners) notify()
    }, TICK_MS)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && timer) {
      clearInterval(timer)
      timer = null
    }
  }
}

/** The shared "now", in ms, updated once a minute. */
export function useNow(): number {
  // On the server (first-screen.tsx) nothing ticks: the time of the request.
  return useSyncExternalStore(subscribe, () => now, serverNow)
}

function serverNow(): number {
  return Date.now()
}

/** How many components listen (for tests). */
export function tickerListenerCount(): number {
  return listeners.size
}
