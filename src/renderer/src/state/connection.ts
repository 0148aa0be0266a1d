import { atom } from 'jotai'
import type { Connection } from '../../../shared/bridge'
import { endSessionAtom } from './session'
import { serverStatusAtom } from './server-status'

function sameConnection(a: Connection, b: Connection): boolean {
  return a.kind === b.kind && a.baseUrl === b.baseUrl
}

/**
 * Where the API calls go: the bridge's answer at start, then every change it reports. The API
 * client reads it on each call (main.tsx).
 */
export const connectionAtom = atom<Connection>({
  kind: 'remote',
  baseUrl: typeof location === 'undefined' ? '' : location.origin,
})

/**
 * Takes a new connection. Switching servers logs out of the previous one and shows the new
 * server's login (DESIGN section 1); the same connection again changes nothing.
 */
export const connectionChangedAtom = atom(null, (get, set, next: Connection) => {
  const connection = { ...next, baseUrl: next.baseUrl.replace(/\/+$/, '') }
  if (sameConnection(get(connectionAtom), connection)) return false
  set(connectionAtom, connection)
  set(serverStatusAtom, { unreachable: false, baseUrl: connection.baseUrl })
  set(endSessionAtom)
  return true
})
