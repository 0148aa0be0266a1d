/**
 * What a host of the server sees beyond everyone else (docs/API.md, "Moderation"): how many
 * reports are open, the count on the Server entry. Fetched when the signed-in user turns out to
 * host, then moved by the `open-reports` live event every host receives; fetched again on every
 * (re)connection of the stream.
 */
import { atom } from 'jotai'
import type { createStore } from 'jotai'
import * as api from '../api/account'
import { applyLiveEvents } from '../live/bus'

type Store = ReturnType<typeof createStore>

/** Open reports; null for a member, or until the server said. */
export const openReportsAtom = atom<number | null>(null)

/** Bumped by every live count: a fetch that started before it is older and is dropped. */
const versionAtom = atom(0)

const liveOpenReportsAtom = atom(null, (get, set, { openReports }: { openReports: number }) => {
  set(versionAtom, get(versionAtom) + 1)
  set(openReportsAtom, Math.max(0, openReports))
})

export const loadOpenReportsAtom = atom(null, async (get, set) => {
  const version = get(versionAtom)
  try {
    const { openReports } = await api.getOpenReports()
    if (get(versionAtom) === version) set(openReportsAtom, openReports)
  } catch {
    // A member (HOST_ONLY), an older server, or offline: no count; the next `ready` tries again.
  }
})

export const resetOpenReportsAtom = atom(null, (get, set) => {
  set(versionAtom, get(versionAtom) + 1)
  set(openReportsAtom, null)
})

/** Keeps a host's count in step with the stream; answers the unsubscribe. */
export function followLiveOpenReports(store: Store): () => void {
  return applyLiveEvents(store, {
    ready: loadOpenReportsAtom,
    reset: loadOpenReportsAtom,
    'open-reports': liveOpenReportsAtom,
  })
}

/** The Server entry's accessible name: "Server, 2 open reports". */
export function serverLabel(openReports: number | null): string {
  if (openReports === null || openReports <= 0) return 'Server'
  return `Server, ${openReports} open ${openReports === 1 ? 'report' : 'reports'}`
}

/**
 * Bumped after every host action taken from this window (a suspension, a host made…), so that
 * the Server page's lists (reports, suspended players, hosts, the audit list) read afresh.
 */
export const hostChangesAtom = atom(0)
export const noteHostChangeAtom = atom(null, (get, set) =>
  set(hostChangesAtom, get(hostChangesAtom) + 1),
)
