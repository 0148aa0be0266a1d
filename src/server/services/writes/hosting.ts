/**
 * Who hosts, as rows: the owner claimed or forgotten, the `--admin` accounts made at start, hosts
 * added and removed, suspensions, and the audit list (docs/API.md "Moderation"). Who hosts is read
 * in ../reads/hosting.ts.
 */
import type { ScryptCost } from '../../auth/scrypt-cost'
import { hashPassword } from '../../auth/password'
import { randomBytes } from 'node:crypto'
import type { UserRow } from '../../db/rows'
import type { Store } from '../../db/store'
import { getOwnerId, hostKindOf, isHost, OWNER_KEY } from '../reads/hosting'
import { getDemoUserIds } from '../reads/settings'
import { deleteSetting, setSetting } from './settings'
import { usernameKey, findUserByUsername, getUserById } from '../reads/users'
import { createUser } from './users'
import { insertNewRow, insertRow, updateRows } from '../../db/raw'
import { hostActions, hostGrants, users } from '../../db/schema'
import { HttpError } from '../../errors/http-error'
import { ACCOUNT_MESSAGES } from '../../errors/messages'
import type { HostActionKind } from '../../../shared/api-types'
import { endSessions } from './sessions'

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
 * server, and so would whoever took the name after its owner deleted the account.
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
      // Its first login goes to "Choose your password"; nothing else is written until then.
      oneTimePassword: true,
    })
    hosts.set(key, { id: user.id, username: user.username, oneTimePassword })
  }
  return [...hosts.values()]
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
