/**
 * Whom the signed-in user blocked and muted, as the server last said: read by every list that
 * hides their posts (shares, presence, quotes). Only the atom and its shape live here, below the
 * modules that change it (account.ts loads and stores it, and drops a newly blocked author's posts
 * from posts.ts and comments.ts), so that the readers import no module that imports them back.
 */
import { atom } from 'jotai'
import type { RelationsResponse } from '../../../shared/api-types'

export interface Relations {
  blocked: Set<string>
  muted: Set<string>
  /** When each mute ends (the server's timestamp), or null for a mute for good. */
  mutedUntil: Map<string, string | null>
}

/** Ids of the users the signed-in user blocked and muted; null until loaded (or unsupported). */
export const relationsAtom = atom<Relations | null>(null)

export const toRelations = (answer: RelationsResponse): Relations => ({
  blocked: new Set(answer.blocked.map((user) => user._id)),
  muted: new Set(answer.muted.map((user) => user._id)),
  mutedUntil: new Map(answer.muted.map((user) => [user._id, user.mutedUntil ?? null])),
})
