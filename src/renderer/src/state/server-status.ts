import { atom } from 'jotai'
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
