import { useAtomValue } from 'jotai'
import { useEffect, useRef } from 'react'
import { liveResyncAtom } from '../live/status'

/**
 * Calls `refetch` each time the live stream could not replay what it missed (live/status.ts), so
 * what is on screen catches up; never on mount, where the screen loads anyway.
 */
export function useLiveResync(refetch: () => void): void {
  const resync = useAtomValue(liveResyncAtom)
  const seen = useRef(resync)
  const latest = useRef(refetch)
  useEffect(() => {
    latest.current = refetch
  })
  useEffect(() => {
    if (seen.current === resync) return
    seen.current = resync
    latest.current()
  }, [resync])
}
