import { eq, sql } from 'drizzle-orm'
import type { Store } from '../db/store'
import { settings } from '../db/schema'

/** Signed-in requests read the demo accounts' ids while the server is shared: prepared once. */
const settingByKey = perDatabase((db) =>
  db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, sql.placeholder('key')))
    .prepare(),
)

export function getSetting(db: Store, key: string): string | undefined {
  return settingByKey(db).get({ key })?.value
}

export function setSetting(db: Store, key: string, value: string): void {
  db.insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } })
    .run()
}

export function deleteSetting(db: Store, key: string): void {
  db.delete(settings).where(eq(settings.key, key)).run()
}

export interface DemoAccount {
  username: string
  password: string
}

const DEMO_ACCOUNT_KEY = 'demoAccount'

/** The demo account whose credentials the login page may fill in, if this server has one. */
export function getDemoAccount(db: Store): DemoAccount | null {
  const value = getSetting(db, DEMO_ACCOUNT_KEY)
  return value ? (JSON.parse(value) as DemoAccount) : null
}

export function setDemoAccount(db: Store, account: DemoAccount | null): void {
  if (account) setSetting(db, DEMO_ACCOUNT_KEY, JSON.stringify(account))
  else deleteSetting(db, DEMO_ACCOUNT_KEY)
}

const DEMO_USER_IDS_KEY = 'demoUserIds'

/** The seeded users whose password is the published demo password. */
export function getDemoUserIds(db: Store): number[] {
  const value = getSetting(db, DEMO_USER_IDS_KEY)
  return value ? (JSON.parse(value) as number[]) : []
}

export function setDemoUserIds(db: Store, ids: number[]): void {
  setSetting(db, DEMO_USER_IDS_KEY, JSON.stringify(ids))
}
