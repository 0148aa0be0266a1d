import type { Store } from '../../db/store'

/**
 * Signed-in requests read the demo accounts' ids while the server is shared: one SQL text, which
 * the store prepares once per connection.
 */
export async function getSetting(db: Store, key: string): Promise<string | undefined> {
  const row = await db.get<{ value: string }>('SELECT value FROM settings WHERE key = ?', key)
  return row?.value
}

export async function setSetting(db: Store, key: string, value: string): Promise<void> {
  await db.run(
    `INSERT INTO settings (key, value) VALUES (?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    key,
    value,
  )
}

export async function deleteSetting(db: Store, key: string): Promise<void> {
  await db.run('DELETE FROM settings WHERE key = ?', key)
}

export interface DemoAccount {
  username: string
  password: string
}

const DEMO_ACCOUNT_KEY = 'demoAccount'

/** The demo account whose credentials the login page may fill in, if this server has one. */
export async function getDemoAccount(db: Store): Promise<DemoAccount | null> {
  const value = await getSetting(db, DEMO_ACCOUNT_KEY)
  return value ? (JSON.parse(value) as DemoAccount) : null
}

export async function setDemoAccount(db: Store, account: DemoAccount | null): Promise<void> {
  if (account) await setSetting(db, DEMO_ACCOUNT_KEY, JSON.stringify(account))
  else await deleteSetting(db, DEMO_ACCOUNT_KEY)
}

const DEMO_USER_IDS_KEY = 'demoUserIds'

/** The seeded users whose password is the published demo password. */
export async function getDemoUserIds(db: Store): Promise<number[]> {
  const value = await getSetting(db, DEMO_USER_IDS_KEY)
  return value ? (JSON.parse(value) as number[]) : []
}

export async function setDemoUserIds(db: Store, ids: number[]): Promise<void> {
  await setSetting(db, DEMO_USER_IDS_KEY, JSON.stringify(ids))
}
