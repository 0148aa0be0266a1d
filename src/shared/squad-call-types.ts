/**
 * Squad calls (docs/API.md, "Squad calls"): "need two more" for a game, open for a short while;
 * others join until it is full, and then its players share a group conversation. The shapes the
 * routes answer and the live event carries.
 */
import type { UserSummary } from './api-types'

/** `open` takes joins; `full` opened its chat; `closed` by its creator; `expired` on time. */
export type SquadCallStatus = 'open' | 'full' | 'closed' | 'expired'

/** What every viewer sees alike of a squad call (and the `squad-call` event carries). */
export interface SquadCallShared {
  _id: string
  creator: UserSummary
  game: { slug: string; name: string }
  /** How many players it asks for besides its creator. */
  needed: number
  /** How many joined so far (of `needed`). */
  joinedCount: number
  note: string | null
  rank: string | null
  status: SquadCallStatus
  /** When it closes by itself, an instant (`2026-12-05T18:00:00+00:00`). */
  expiresAt: string
  /** When it stopped being open; null while open. */
  endedAt: string | null
  createdAt: string
}

/** A squad call as one viewer sees it. */
export interface SquadCall extends SquadCallShared {
  /** Who joined, in the order they joined, without those hidden from the viewer (blocks). */
  players: UserSummary[]
  /** The viewer joined it. */
  joined: boolean
  /** The viewer made it: they may close it. */
  isCreator: boolean
  /** The group conversation it opened when full: to its creator and players only, else null. */
  conversationId: string | null
}

export interface SquadCallResponse {
  squadCall: SquadCall
}

/** `GET /api/squad-calls`: the open calls the viewer may see, newest first. */
export interface SquadCallsList {
  squadCalls: SquadCall[]
}

export interface SquadCallEventMap {
  /**
   * A squad call made, joined, left, filled, closed or expired: to everyone but those blocked
   * either way with its creator or muting them. Who joined is not carried: each viewer reads the
   * call (GET /api/squad-calls/:id), seeing only those they may see.
   */
  'squad-call': { squadCall: SquadCallShared }
}
