/**
 * Who hosts a server (its owner, the accounts named with `--admin`) and what only a host may do
 * to an account: suspend it (docs/features.md, "Sessions, accounts and moderation", docs/API.md "Moderation"). A host deletes any
 * post or comment with the authors' own deletion (actions/posts.ts, actions/comments.ts).
 */
import type {
  HostAction,
  HostActionKind,
  HostEntry,
  HostKind,
  SuspendedAccount,
} from '../../../shared/api-types'
import type { Store } from '../../db/store'
import type { UserRow } from '../../db/rows'
import { USER_COLUMNS } from '../../db/raw'
import { HttpError } from '../../errors/http-error'
import { ACCOUNT_MESSAGES } from '../../errors/messages'
import { getSetting } from './settings'
import { toUserSummary } from '../presenting/embedded'
import { formatTimestamp } from '../presenting/time'

export const OWNER_KEY = 'ownerUserId'

/** The account that owns the desktop app's own server (see claimOwnership), if any yet. */
export async function getOwnerId(db: Store): Promise<number | null> {
  const value = await getSetting(db, OWNER_KEY)
  return value ? Number(value) : null
}

/**
 * Why an account hosts: the desktop app's owner, an `--admin` account (ensureHostAccounts), or
 * made host from the app (makeHost); null when it does not.
 */
export async function hostKindOf(
  db: Store,
  userId: number,
  hostIds: readonly number[] = [],
): Promise<HostKind | null> {
  if ((await getOwnerId(db)) === userId) return 'owner'
  if (hostIds.includes(userId)) return 'admin'
  const grant = await db.get('SELECT user_id FROM host_grants WHERE user_id = ?', userId)
  return grant ? 'made' : null
}

/** True for the server's owner, the `--admin` accounts and the accounts made host. */
export async function isHost(
  db: Store,
  user: UserRow,
  hostIds: readonly number[] = [],
): Promise<boolean> {
  return (await hostKindOf(db, user.id, hostIds)) !== null
}

/** Every host's id: the owner, the `--admin` accounts, those made host. */
export async function allHostIds(db: Store, hostIds: readonly number[] = []): Promise<number[]> {
  const owner = await getOwnerId(db)
  const made = await db.ids('SELECT user_id FROM host_grants ORDER BY created_at, user_id')
  return [...new Set([...(owner === null ? [] : [owner]), ...hostIds, ...made])]
}

/** Every host with why it hosts: the owner first, then `--admin` accounts, then made hosts. */
export async function listHosts(db: Store, hostIds: readonly number[] = []): Promise<HostEntry[]> {
  const ids = await allHostIds(db, hostIds)
  if (ids.length === 0) return []
  const rows = await db.all<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE id IN ${db.sql.idSet}`,
    db.sql.ids(ids),
  )
  const byId = new Map(rows.map((row) => [row.id, row]))
  const owner = await getOwnerId(db)
  return ids.flatMap((id): HostEntry[] => {
    const row = byId.get(id)
    if (!row) return []
    const kind: HostKind = id === owner ? 'owner' : hostIds.includes(id) ? 'admin' : 'made'
    return [{ user: toUserSummary(row), kind }]
  })
}

/** At most this many suspended accounts are listed: the latest suspended first. */
const SUSPENDED_LISTED = 200

/** The suspended accounts, the latest suspended first. */
export async function listSuspended(db: Store): Promise<SuspendedAccount[]> {
  const rows = await db.all<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE suspended_at IS NOT NULL
     ORDER BY suspended_at DESC, id DESC LIMIT ?`,
    SUSPENDED_LISTED,
  )
  return rows.map((row) => ({
    user: toUserSummary(row),
    suspendedAt: formatTimestamp(row.suspendedAt ?? 0),
  }))
}

/** At most this many host actions are listed: the audit list is short. */
const HOST_ACTIONS_LISTED = 50

/** The latest host actions, newest first. */
export async function listHostActions(db: Store): Promise<HostAction[]> {
  const rows = await db.all<{
    id: number
    hostName: string
    action: HostActionKind
    targetName: string
    createdAt: number
  }>(
    `SELECT id, host_name AS "hostName", action, target_name AS "targetName",
     created_at AS "createdAt"
     FROM host_actions ORDER BY created_at DESC, id DESC LIMIT ?`,
    HOST_ACTIONS_LISTED,
  )
  return rows.map((row) => ({
    id: String(row.id),
    host: row.hostName,
    action: row.action,
    target: row.targetName,
    createdAt: formatTimestamp(row.createdAt),
  }))
}

export async function assertHost(
  db: Store,
  user: UserRow,
  hostIds: readonly number[] = [],
): Promise<void> {
  if (!(await isHost(db, user, hostIds))) {
    throw new HttpError('HOST_ONLY', ACCOUNT_MESSAGES.hostOnly)
  }
}
