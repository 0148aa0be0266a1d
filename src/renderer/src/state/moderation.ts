/**
 * What a host does and reads (docs/API.md, "Moderation"), in one place for every screen that
 * offers it (a post's menu, a profile's host menu, the Server page's panels, a game's host
 * tools): each action says how it went in a toast and then marks a host change
 * (hostChangesAtom), so that every host list and badge on screen reads afresh; each list is read
 * now and again after every such change. Reporting, which anyone may do, is here too.
 */
import type { ReportCategory } from '../../../shared/report-categories'
import { atom, useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useEffect, useRef, useState } from 'react'
import type {
  ClipLimitResponse,
  Game,
  HostAction,
  HostEntry,
  ModerationStatusResponse,
  Report,
  SuspendedAccount,
  UserSummary,
} from '../../../shared/api-types'
import * as api from '../api/account'
import { mergeGame, renameGame } from '../api/games'
import { getClipLimit, setClipLimit } from '../api/media'
import { COPY } from '../copy'
import { messageOf, notifyError, notifySuccess } from '../lib/notify'
import { hostChangesAtom, noteHostChangeAtom, openReportsAtom } from './host'

type Someone = Pick<UserSummary, '_id' | 'username'>

/** Suspends someone or lifts it; answers whether the server did. */
export const setSuspensionAtom = atom(
  null,
  async (_get, set, user: Someone, suspended: boolean): Promise<boolean> => {
    try {
      await api.setSuspended(user._id, suspended)
      notifySuccess(
        suspended ? COPY.host.suspended(user.username) : COPY.host.lifted(user.username),
      )
      return true
    } catch (error) {
      notifyError(messageOf(error))
      return false
    } finally {
      set(noteHostChangeAtom)
    }
  },
)

/** Makes someone a host or removes them as one; answers whether the server did. */
export const setHostRoleAtom = atom(
  null,
  async (_get, set, user: Someone, host: boolean): Promise<boolean> => {
    try {
      await api.setHost(user._id, host)
      notifySuccess(host ? COPY.host.madeHost(user.username) : COPY.host.removedHost(user.username))
      return true
    } catch (error) {
      notifyError(messageOf(error))
      return false
    } finally {
      set(noteHostChangeAtom)
    }
  },
)

/** Dismisses a report (the content stays). */
export const dismissReportAtom = atom(null, async (_get, set, reportId: string) => {
  try {
    await api.dismissReport(reportId)
  } catch (error) {
    notifyError(messageOf(error))
  } finally {
    set(noteHostChangeAtom)
  }
})

/** Files a report for the hosts; a refusal is thrown, for the dialog to show at its field. */
export const fileReportAtom = atom(
  null,
  async (
    _get,
    _set,
    target: { kind: 'post' | 'comment' | 'user' | 'message'; id: string },
    category: ReportCategory,
    reason: string,
  ): Promise<void> => {
    // `postId`, `commentId`, `userId` or `messageId`: one key, named by the kind (written once,
    // rather than a branch per kind: the first load is on a budget).
    await api.report(
      { [`${target.kind}Id`]: target.id } as Parameters<typeof api.report>[0],
      category,
      reason,
    )
    notifySuccess(COPY.toasts.reported)
  },
)

/**
 * Renames a game, or merges it into another (`into`, a slug); answers the game as it is now. A
 * refusal is thrown, for the form to show.
 */
export const changeGameAtom = atom(
  null,
  async (_get, set, slug: string, change: { rename: string } | { into: string }): Promise<Game> => {
    const { game } =
      'rename' in change
        ? await renameGame(slug, change.rename)
        : await mergeGame(slug, change.into)
    set(noteHostChangeAtom)
    return game
  },
)

/** A host read as a screen shows it: the value (null until the first answer), a failure, a reload. */
export interface HostRead<T> {
  value: T | null
  error: string | null
  load: () => Promise<void>
}

/** Reads `read` now and after every host change (and every `alsoAfter` change); see HostRead. */
function useHostRead<T>(read: () => Promise<T>, alsoAfter?: unknown): HostRead<T> {
  const changes = useAtomValue(hostChangesAtom)
  const [value, setValue] = useState<T | null>(null)
  const [error, setError] = useState<string | null>(null)
  const load = useCallback(async () => {
    setError(null)
    try {
      setValue(await read())
    } catch (caught) {
      setError(messageOf(caught))
    }
  }, [read])
  useEffect(() => {
    void load()
  }, [load, changes, alsoAfter])
  return { value, error, load }
}

const readSuspended = async () => (await api.listSuspended()).suspended
const readHosts = async () => (await api.listHosts()).hosts
const readAudit = async () => (await api.listHostActions()).actions
const readReports = async () => (await api.listReports()).reports

/** Every suspended account (Server page). */
export const useSuspendedAccounts = (): HostRead<SuspendedAccount[]> => useHostRead(readSuspended)
/** Who hosts and why (Server page). */
export const useHosts = (): HostRead<HostEntry[]> => useHostRead(readHosts)
/** The latest host actions (Server page). */
export const useHostActions = (): HostRead<HostAction[]> => useHostRead(readAudit)
/** The open reports, read afresh also when the live count moves (a report came or went). */
export function useReports(): HostRead<Report[]> {
  return useHostRead(readReports, useAtomValue(openReportsAtom))
}

/**
 * Whether someone is suspended or hosts, for a host on their profile; null until known, and for
 * an older server or one who no longer hosts (no badge, no menu).
 */
export function useModerationStatus(userId: string): ModerationStatusResponse | null {
  const read = useCallback(() => api.getModerationStatus(userId), [userId])
  const { value, error } = useHostRead(read)
  return error ? null : value
}

/**
 * The host's clip size limit (Server page): the limit, a failure to read it, a retry, and
 * `save`, which throws a refusal for the form to show. `onLimit` hears every limit read or saved.
 */
export function useClipLimit(onLimit: (limit: ClipLimitResponse) => void) {
  const [limit, setLimit] = useState<ClipLimitResponse | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const onLimitNow = useRef(onLimit)
  useEffect(() => {
    onLimitNow.current = onLimit
  })
  const noteHostChange = useSetAtom(noteHostChangeAtom)
  const take = useCallback((answer: ClipLimitResponse) => {
    setLimit(answer)
    onLimitNow.current(answer)
  }, [])
  const load = useCallback(async () => {
    setLoadError(null)
    try {
      take(await getClipLimit())
    } catch (caught) {
      setLoadError(messageOf(caught))
    }
  }, [take])
  useEffect(() => {
    void load()
  }, [load])
  const save = async (maxBytes: number) => {
    const answer = await setClipLimit(maxBytes)
    take(answer)
    noteHostChange()
    return answer
  }
  return { limit, loadError, load, save }
}
