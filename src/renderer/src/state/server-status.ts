import { atom } from 'jotai'
import { retryFailedLoads } from './async'

export interface ServerStatus {
  /** True after a call failed at the network level, until the server answers again. */
  unreachable: boolean
  /** The server that could not be reached. */
  baseUrl: string
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
