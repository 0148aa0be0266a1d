/**
 * Drafts (docs/API.md, "Drafts"): a user's unsent posts and comments, kept so that each of their
 * devices opens them. Private and quiet: no live event, no notification; a device reads a slot
 * when its composer opens.
 */
import type { Draft, DraftBody } from '../../shared/drafts'
import * as drafts from '../services/writes/drafts'
import type { Actor, Live } from './live'

/** A body with nothing in it: saving it empties the slot instead. */
const isEmpty = (body: DraftBody) =>
  body.text.trim() === '' && body.media.length === 0 && body.poll === null

export async function saveDraft(
  live: Live,
  actor: Actor,
  slot: string,
  body: DraftBody,
  updatedAt: number,
  now = Date.now,
): Promise<Draft | null> {
  if (isEmpty(body)) {
    await drafts.deleteDraft(live.db, actor.id, slot)
    return null
  }
  // A device whose clock runs days ahead would otherwise win over every later write of its
  // user's other devices: no write is newer than the server's now.
  return drafts.saveDraft(live.db, actor.id, slot, body, Math.min(updatedAt, now()))
}

export function deleteDraft(live: Live, actor: Actor, slot: string): Promise<void> {
  return drafts.deleteDraft(live.db, actor.id, slot)
}
