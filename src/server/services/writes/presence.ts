/**
 * "Appear offline" stored for a user (docs/API.md, "Presence and now playing"); what others see
 * of presence is read in ../reads/presence.ts.
 */
import type { Store } from '../../db/store'

export async function setAppearOffline(
  db: Store,
  userId: number,
  appearOffline: boolean,
  now: number,
): Promise<void> {
  await db.run(
    `INSERT INTO presence_settings (user_id, appear_offline, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET appear_offline = excluded.appear_offline,
       updated_at = excluded.updated_at`,
    userId,
    appearOffline,
    now,
  )
}
