import { useEffect, useState } from 'react'
import type { GamerstageBridge, LanServerList } from '../../../shared/bridge'

/** `null` where the bridge cannot look (a plain browser); else the latest list, live. */
export type LanServersState = LanServerList | null

const NOTHING_YET: LanServerList = { servers: [], problem: null }

/**
 * The servers found on the LAN while the calling component is shown: it starts looking when it
 * mounts and stops when it unmounts (the main process looks only while someone watches).
 */
export function useLanServers(bridge: GamerstageBridge): LanServersState {
  const canLook = typeof bridge.watchLanServers === 'function'
  const [list, setList] = useState<LanServerList>(NOTHING_YET)

  useEffect(() => {
    if (!bridge.watchLanServers) return undefined
    return bridge.watchLanServers(setList)
  }, [bridge])

  return canLook ? list : null
}
