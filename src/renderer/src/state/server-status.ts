import { atom } from 'jotai'
import { useEffect } from 'react'
import { checkHealth } from '../api/meta'
import { retryFailedLoads } from './async'

export interface ServerStatus {
  /** True after a call failed at the network level, until the server answers again. */
  unreachable: boolean
  /** The server that could not be reached. */
  baseUrl: string
}

/** The longest wait between two asks whether a vanished server is back. */
export const SERVER_RETRY_MAX_MS = 2500

/**
 * The wait before the next ask whether a vanished server is back: between half the cap and the
 * cap, jittered so the devices of a whole LAN do not all ask at once when the host comes back.
 * `random` is 0 ≤ x < 1.
 */
export function serverRetryDelay(random: () => number = Math.random): number {
  return SERVER_RETRY_MAX_MS * (0.5 + random() / 2)
}

export const serverStatusAtom = atom<ServerStatus>({ unreachable: false, baseUrl: '' })

/** Counts the times the server came back, so screens can reload what they could not fetch. */
export const reconnectCountAtom = atom(0)

export const markServerUnreachableAtom = atom(null, (get, set, baseUrl: string) => {
  const status = get(serverStatusAtom)
  if (status.unreachable && status.baseUrl === baseUrl) return
  set(serverStatusAtom, { unreachable: true, baseUrl })
})

/** The server answered again: hide the banner and re-run every load that failed meanwhile. */
export const markServerReachableAtom = atom(null, (get, set) => {
  const status = get(serverStatusAtom)
  if (!status.unreachable) return
  set(serverStatusAtom, { ...status, unreachable: false })
  set(reconnectCountAtom, get(reconnectCountAtom) + 1)
  set(retryFailedLoadsAtom)
})

/** One async-state shape everywhere (async.ts): each kind of state retries its failed loads. */
export const retryFailedLoadsAtom = atom(null, (get, set) => retryFailedLoads(get, set))

/** How often to check, unprompted, that the server is still there. */
const HEARTBEAT_MS = 20_000

function ping() {
  // The API client reports the outcome (the atoms above); nothing to do here.
  checkHealth().catch(() => undefined)
}

/**
 * Watches the server while the app is up (called once, by the banner): while `unreachable`, asks
 * its health after each serverRetryDelay until it answers; otherwise every HEARTBEAT_MS, and when
 * the window comes back into use, since a server can go away while nothing is loading.
 */
export function useServerWatch(unreachable: boolean): void {
  useEffect(() => {
    if (!unreachable) return
    let timer: ReturnType<typeof setTimeout>
    const next = () => {
      timer = setTimeout(() => {
        ping()
        next()
      }, serverRetryDelay())
    }
    next()
    return () => clearTimeout(timer)
  }, [unreachable])

  // A server can go away while nothing is loading: check when the window comes back into use.
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'visible') ping()
    }
    window.addEventListener('focus', check)
    window.addEventListener('online', check)
    const timer = setInterval(check, HEARTBEAT_MS)
    return () => {
      window.removeEventListener('focus', check)
      window.removeEventListener('online', check)
      clearInterval(timer)
    }
  }, [])
}
