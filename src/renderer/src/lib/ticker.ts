import { useState, useSyncExternalStore } from 'react'

/**
 * One clock for every relative time on screen: a single interval, started with the first
 * subscriber and stopped with the last, instead of one timer per post. Each tick bumps `tick`;
 * a component shows its own fresh reading until the first tick after it.
 */
const TICK_MS = 60_000
const listeners = new Set<() => void>()
let now = Date.now()
let tick = 0
let timer: ReturnType<typeof setInterval> | null = null

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  if (!timer) {
    timer = setInterval(() => {
      now = Date.now()
      tick += 1
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

const readTick = () => tick

/**
 * "Now", in ms: read afresh on the component's first render and whenever `key` changes (what
 * it measures to, such as a poll's end, so an end set a moment ago is not measured from an
 * older tick), then moved on by the shared clock once a minute. On the server (first-screen.tsx)
 * nothing ticks: the time of the render.
 */
export function useNow(key?: unknown): number {
  const current = useSyncExternalStore(subscribe, readTick, readTick)
  const [fresh, setFresh] = useState(() => ({ at: Date.now(), tick: current, key }))
  if (!Object.is(fresh.key, key)) {
    const next = { at: Date.now(), tick: current, key }
    setFresh(next)
    return next.at
  }
  return current === fresh.tick ? fresh.at : now
}

/** How many components listen (for tests). */
export function tickerListenerCount(): number {
  return listeners.size
}
