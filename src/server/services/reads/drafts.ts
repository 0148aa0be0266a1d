/** A user's kept drafts (docs/API.md, "Drafts"); saved by ../writes/drafts.ts. */
import { draftBodySchema, type Draft } from '../../../shared/drafts'
import type { Store } from '../../db/store'

/** The user's slots and when each was written, newest first (at most DRAFT_LIMITS.perUser). */
export async function listDrafts(
  db: Store,
  userId: number,
): Promise<{ slot: string; updatedAt: number }[]> {
  const rows = await db.all<{ slot: string; updatedAt: number }>(
    `SELECT slot, updated_at AS "updatedAt" FROM drafts WHERE user_id = ?
     ORDER BY updated_at DESC, slot`,
    userId,
  )
  return rows.map((row) => ({ slot: row.slot, updatedAt: Number(row.updatedAt) }))
}

export async function getDraft(db: Store, userId: number, slot: string): Promise<Draft | null> {
  const row = await db.get<{ body: string; updatedAt: number }>(
    'SELECT body, updated_at AS "updatedAt" FROM drafts WHERE user_id = ? AND slot = ?',
    userId,
    slot,
  )
  if (!row) return null
  // Checked on the way in; a row that does not parse now (an older shape) reads as no draft.
  const body = draftBodySchema.safeParse(JSON.parse(row.body))
  return body.success ? { slot, body: body.data, updatedAt: Number(row.updatedAt) } : null
}
