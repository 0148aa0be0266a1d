/**
 * Who hosts a server (its owner, the accounts named with `--admin`) and what only a host may do
 * to an account: suspend it (docs/features.md, "Sessions, accounts and moderation", docs/API.md "Moderation"). A host deletes any
 * post or comment with the authors' own deletion (actions/posts.ts, actions/comments.ts).
 */
import { randomBytes } from 'node:crypto'
import { hashPassword, type ScryptCost } from '../../auth/password'
import type {
  HostAction,
  HostActionKind,
  HostEntry,
  HostKind,
  SuspendedAccount,
} from '../../../shared/api-types'
import type { Store } from '../../db/store'
import type { UserRow } from '../../db/rows'
import { insertNewRow, insertRow, updateRows, USER_COLUMNS } from '../../db/raw'
import { hostActions, hostGrants, users } from '../../db/schema'
import { HttpError } from '../../errors/http-error'
import { ACCOUNT_MESSAGES } from '../../errors/messages'
import { endSessions } from './sessions'
import { deleteSetting, getDemoUserIds, getSetting, setSetting } from './settings'
import { toUserSummary } from '../presenting/serialize'
import { formatTimestamp } from '../presenting/time'
import { createUser, findUserByUsername, getUserById, usernameKey } from './users'

const OWNER_KEY = 'ownerUserId'

/** The account that owns the desktop app's own server (see claimOwnership), if any yet. */
export async function getOwnerId(db: Store): Promise<number | null> {
  const value = await getSetting(db, OWNER_KEY)
  return value ? Number(value) : null
}

/**
 * Makes `user` the owner of the server when it has none yet and the user is not a demo account
 * (whose password is public). Called for sign-ups and sign-ins from this computer on the desktop
 * app's own server only: friends on the LAN never come from a loopback address.
 */
export async function claimOwnership(db: Store, user: UserRow): Promise<void> {
  if ((await getOwnerId(db)) !== null || (await getDemoUserIds(db)).includes(user.id)) return
  await setSetting(db, OWNER_KEY, String(user.id))
}

/** Forgets the owner: a restore brings someone else's accounts. */
export async function clearOwner(db: Store): Promise<void> {
  await deleteSetting(db, OWNER_KEY)
}

/** An account named with `--admin`, as the server found or made it when it started. */
export interface HostAccount {
  id: number
  username: string
  /** Set when the account was made just now: its password, for the server to show once. */
  oneTimePassword?: string
}

/**
 * Finds the account of each `--admin` name (ignoring case), and makes the missing ones with a
 * random one-time password, before anything listens. Hosts are then these accounts, by id: when
 * the name alone made a host, whoever signed up first as `BOSS` after `--admin boss` hosted the
 * server (issue 25), and so would whoever took the name after its owner deleted the account.
 */
export async function ensureHostAccounts(
  db: Store,
  names: readonly string[],
  /** Tests only: the cost of the one-time password's hash (AppDeps.passwordCost). */
  passwordCost?: ScryptCost,
): Promise<HostAccount[]> {
  const hosts = new Map<string, HostAccount>()
  for (const name of names) {
    const key = usernameKey(name)
    if (hosts.has(key)) continue
    const existing = await findUserByUsername(db, name)
    if (existing) {
      hosts.set(key, { id: existing.id, username: existing.username })
      continue
    }
    const oneTimePassword = randomBytes(12).toString('base64url')
    const user = await createUser(db, {
      username: name.trim(),
      passwordHash: await hashPassword(oneTimePassword, passwordCost),
    })
    hosts.set(key, { id: user.id, username: user.username, oneTimePassword })
  }
  return [...hosts.values()]
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

/** Makes an account host (a suspended one cannot be); nothing changes when it hosts already. */
export async function makeHost(
  db: Store,
  userId: number,
  grantedBy: number,
  hostIds: readonly number[],
  now = Date.now(),
): Promise<{ user: UserRow; changed: boolean }> {
  return db.transaction(async (tx) => {
    const user = await getUserById(tx, userId)
    if (user.suspendedAt !== null) {
      throw new HttpError('STATE_CONFLICT', ACCOUNT_MESSAGES.suspendedCannotHost)
    }
    if ((await hostKindOf(tx, user.id, hostIds)) !== null) return { user, changed: false }
    const row = await insertRow(
      tx,
      hostGrants,
      { userId: user.id, grantedBy, createdAt: now },
      { onConflict: 'nothing' },
    )
    return { user, changed: row !== undefined }
  })
}

/**
 * Takes hosting back from an account made host. The owner and the `--admin` accounts stay hosts
 * (HOST_PROTECTED); an account that does not host is refused (STATE_CONFLICT).
 */
export async function removeHost(
  db: Store,
  userId: number,
  hostIds: readonly number[],
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const user = await getUserById(tx, userId)
    const kind = await hostKindOf(tx, user.id, hostIds)
    if (kind === 'owner' || kind === 'admin') {
      throw new HttpError('HOST_PROTECTED', ACCOUNT_MESSAGES.cannotRemoveHost)
    }
    if (kind === null) throw new HttpError('STATE_CONFLICT', ACCOUNT_MESSAGES.notHost)
    await tx.run('DELETE FROM host_grants WHERE user_id = ?', user.id)
    return user
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

/** Notes what a host did to whom, in the transaction of the action itself. */
export async function recordHostAction(
  db: Store,
  host: Pick<UserRow, 'id' | 'username'>,
  action: HostActionKind,
  target: Pick<UserRow, 'id' | 'username'>,
  now = Date.now(),
): Promise<void> {
  await insertNewRow(db, hostActions, {
    hostId: host.id,
    hostName: host.username,
    action,
    targetUserId: target.id,
    targetName: target.username,
    createdAt: now,
  })
}

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

/**
 * Suspends (or lifts the suspension of) an account: while suspended it cannot sign in, every
 * session has ended, and its posts and comments are hidden from lists.
 */
export async function setSuspended(
  db: Store,
  userId: number,
  suspended: boolean,
  hostIds: readonly number[],
  now = Date.now(),
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const target = await getUserById(tx, userId)
    if (suspended && (await isHost(tx, target, hostIds))) {
      throw new HttpError('HOST_PROTECTED', ACCOUNT_MESSAGES.cannotSuspendHost)
    }
    // Suspending twice keeps the first time: the list orders by when it began.
    if (suspended === (target.suspendedAt !== null)) return target
    await updateRows(tx, users, { suspendedAt: suspended ? now : null }, 'id = ?', target.id)
    if (suspended) await endSessions(tx, [target.id])
    return getUserById(tx, target.id)
  })
}
