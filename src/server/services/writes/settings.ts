/**
 * The server's settings rows written and removed (the owner, the demo accounts, the clip limit);
 * reading them is ../reads/settings.ts.
 */
import type { Store } from '../../db/store'
import { type DemoAccount, DEMO_ACCOUNT_KEY, DEMO_USER_IDS_KEY } from '../reads/settings'

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

export async function setDemoAccount(db: Store, account: DemoAccount | null): Promise<void> {
  if (account) await setSetting(db, DEMO_ACCOUNT_KEY, JSON.stringify(account))
  else await deleteSetting(db, DEMO_ACCOUNT_KEY)
}

export async function setDemoUserIds(db: Store, ids: number[]): Promise<void> {
  await setSetting(db, DEMO_USER_IDS_KEY, JSON.stringify(ids))
}
