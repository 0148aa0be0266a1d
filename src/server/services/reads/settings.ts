import type { Store } from '../../db/store'

/**
 * Signed-in requests read the demo accounts' ids while the server is shared: one SQL text, which
 * the store prepares once per connection.
 */
export async function getSetting(db: Store, key: string): Promise<string | undefined> {
  const row = await db.get<{ value: string }>('SELECT value FROM settings WHERE key = ?', key)
  return row?.value
}

export interface DemoAccount {
  username: string
  password: string
}

export const DEMO_ACCOUNT_KEY = 'demoAccount'

/** The demo account whose credentials the login page may fill in, if this server has one. */
export async function getDemoAccount(db: Store): Promise<DemoAccount | null> {
  const value = await getSetting(db, DEMO_ACCOUNT_KEY)
  return value ? (JSON.parse(value) as DemoAccount) : null
}

export const DEMO_USER_IDS_KEY = 'demoUserIds'

/** The seeded users whose password is the published demo password. */
export async function getDemoUserIds(db: Store): Promise<number[]> {
  const value = await getSetting(db, DEMO_USER_IDS_KEY)
  return value ? (JSON.parse(value) as number[]) : []
}
