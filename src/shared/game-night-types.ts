/**
 * Game nights (docs/API.md, "Game nights"): a game of the server's list at a time, with answers
 * going / maybe / can't and, past the slots, a waiting list. The shapes the routes answer and the
 * live events carry. Times are the server's timestamps (UTC instants with an offset): each app
 * shows them in its viewer's own time zone.
 */
import type { UserSummary } from './api-types'

export type GameNightStatus = 'open' | 'closed' | 'cancelled'

/** A player's answer; `waiting` is "going" past the slots, in line for a freed place. */
export type GameNightAnswer = 'going' | 'maybe' | 'cant' | 'waiting'

/** What an answer asks for: `waiting` is the server's to give. */
export type GameNightRsvpChoice = 'going' | 'maybe' | 'cant'

/** What every viewer sees alike of a game night (and the `game-night` event carries). */
export interface GameNightShared {
  _id: string
  host: UserSummary
  game: { slug: string; name: string }
  title: string
  /** The start, an instant (`2026-12-05T18:00:00+00:00`). */
  startsAt: string
  durationMinutes: number
  /** "at Sam's", "online"; null when not said. */
  place: string | null
  /** How many may be going; null: no limit. */
  slots: number | null
  status: GameNightStatus
  counts: { going: number; maybe: number; cant: number; waiting: number }
  /**
   * The night's thread: the id of the host's post announcing it, whose comments are the night's
   * (`/api/comments/:postId`). Null once the host deleted that post.
   */
  threadPostId: string | null
  createdAt: string
  updatedAt: string
}

/** A game night as one viewer sees it: who answered (those they may see), and their own answer. */
export interface GameNight extends GameNightShared {
  going: UserSummary[]
  maybe: UserSummary[]
  /** In line order: the first moves up when a place frees. */
  waiting: UserSummary[]
  /** The viewer's own answer; null before they answer (or without a token). */
  myAnswer: GameNightAnswer | null
  /** The viewer hosts it: they may edit, close or cancel it. */
  isHost: boolean
}

export interface GameNightResponse {
  gameNight: GameNight
}

/** `GET /api/game-nights`: upcoming (soonest first) or past (latest first), a page at a time. */
export interface GameNightsPage {
  gameNights: GameNightShared[]
  nextCursor: string | null
}

/** The fields an edit can change, as `game-night-changed` notifications name them. */
export type GameNightField =
  'game' | 'title' | 'startsAt' | 'durationMinutes' | 'place' | 'slots' | 'status'

export interface GameNightEventMap {
  /**
   * A game night created, edited, closed, cancelled or answered (its counts): to everyone but
   * those blocked either way with its host. `changed` names what an edit changed (empty for an
   * answer). Who answered is not carried: each viewer reads it (GET /game-nights/:id), seeing
   * only those they may see.
   */
  'game-night': { gameNight: GameNightShared; changed: GameNightField[] }
}
