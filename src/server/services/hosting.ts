/**
 * Who hosts a server (its owner, the accounts named with `--admin`) and what only a host may do
 * to an account: suspend it (README "Moderation", docs/API.md "Moderation"). A host deletes any
 * post or comment with the authors' own deletion (actions/posts.ts, actions/comments.ts).
 */
import { randomBytes } from 'node:crypto'
import { hashPassword, type ScryptCost } from '../auth/password'
import type { Store } from '../db/store'
import type { UserRow } from '../db/rows'
import { updateRows } from '../db/raw'
import { users } from '../db/schema'
import { HttpError } from '../errors/http-error'
import { ACCOUNT_MESSAGES } from '../errors/messages'
import { endSessions } from './sessions'
import { deleteSetting, getDemoUserIds, getSetting, setSetting } from './settings'
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

/** True for the server's owner and the accounts named with `--admin` (ensureHostAccounts). */
export async function isHost(
  db: Store,
  user: UserRow,
  hostIds: readonly number[] = [],
): Promise<boolean> {
  return hostIds.includes(user.id) || (await getOwnerId(db)) === user.id
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
    await updateRows(tx, users, { suspendedAt: suspended ? now : null }, 'id = ?', target.id)
    if (suspended) await endSessions(tx, [target.id])
    return getUserById(tx, target.id)
  })
}
