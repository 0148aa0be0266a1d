import { useAtomValue, useStore } from 'jotai'
import { useEffect } from 'react'
import { userAtom } from '../state/auth'
import { isHostAtom } from '../state/account'
import {
  followLiveOpenReports,
  loadOpenReportsAtom,
  openReportsAtom,
  resetOpenReportsAtom,
} from '../state/host'
import { badgeText } from '../state/notifications'

/**
 * Keeps a host's open-report count current while they are signed in (state/host.ts). Called
 * once, by the layout around every screen; a member never asks. Whether one hosts comes with the
 * session's refresh on every connection of the stream (state/account.ts), or from a screen that
 * asked (the Server page, a post's menu): no request of its own at start.
 */
export function useHostLive(): void {
  const store = useStore()
  const userId = useAtomValue(userAtom)?._id
  const isHost = useAtomValue(isHostAtom)
  useEffect(() => {
    if (!userId || isHost === null) return
    if (!isHost) {
      store.set(resetOpenReportsAtom)
      return
    }
    void store.set(loadOpenReportsAtom)
    return followLiveOpenReports(store)
  }, [store, userId, isHost])
}

/** The count of open reports on the Server entry ("9+" above nine); nothing at zero. */
export function OpenReportsBadge() {
  const badge = badgeText(useAtomValue(openReportsAtom))
  if (!badge) return null
  return (
    <span className="bell-badge server-badge" aria-hidden="true" data-testid="reports-badge">
      {badge}
    </span>
  )
}
