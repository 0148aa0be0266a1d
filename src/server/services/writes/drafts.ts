/**
 * A user's drafts kept (docs/API.md, "Drafts"): the row changes of actions/drafts.ts. Each slot
 * holds the newest write by the device's clock; a user keeps DRAFT_LIMITS.perUser of them.
 */
import { DRAFT_LIMITS, type Draft, type DraftBody } from '../../../shared/drafts'
import type { Store } from '../../db/store'
import { getDraft } from '../reads/drafts'

/**
 * Keeps `body` in `slot` unless the slot holds a newer write (another device saved since), and
 * answers what the slot holds now. Past the cap, the draft left longest goes.
 */
export async function saveDraft(
  db: Store,
  userId: number,
  slot: string,
  body: DraftBody,
  updatedAt: number,
): Promise<Draft | null> {
  return db.transaction(async (tx) => {
    await tx.run(
      `INSERT INTO drafts (user_id, slot, body, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id, slot) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at
       WHERE drafts.updated_at <= excluded.updated_at`,
      userId,
      slot,
      JSON.stringify(body),
      updatedAt,
    )
    const { kept } = (await tx.get<{ kept: number }>(
      'SELECT COUNT(*) AS kept FROM drafts WHERE user_id = ?',
      userId,
    )) ?? { kept: 0 }
    const over = Number(kept) - DRAFT_LIMITS.perUser
    if (over > 0) {
      const oldest = await tx.all<{ slot: string }>(
        `SELECT slot FROM drafts WHERE user_id = ? AND slot <> ?
         ORDER BY updated_at, slot LIMIT ?`,
        userId,
        slot,
        over,
      )
      for (const { slot: gone } of oldest) await deleteDraft(tx, userId, gone)
    }
    return getDraft(tx, userId, slot)
  })
}

/** Empties a slot (the draft was sent, or thrown away); nothing there is fine. */
export async function deleteDraft(db: Store, userId: number, slot: string): Promise<void> {
  await db.run('DELETE FROM drafts WHERE user_id = ? AND slot = ?', userId, slot)
}
