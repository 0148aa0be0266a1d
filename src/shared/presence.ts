/**
 * Presence and "now playing" (docs/API.md, "Presence and now playing"): the shapes and request
 * schemas both sides share. Presence is derived from live connections, never stored; a status
 * is what a user says they play, until it expires.
 */
import { z } from 'zod'

/** Whether someone has the app open: `idle` after a while without input. */
export type PresenceState = 'online' | 'idle' | 'offline'

/** How a status came to be: set by hand, or detected by the desktop app. */
export type StatusSource = 'manual' | 'detected'

/** A user's "now playing", as a viewer who may see it sees it. Timestamps as elsewhere. */
export interface UserStatus {
  game: string
  /**
   * The game's slug: the server's list's game when the name (or slug) names one, else the slug
   * the name would have. The game page (`/games/<slug>`) lists the statuses of its slug.
   */
  gameSlug: string | null
  /** May be empty. */
  note: string
  since: string
  /** Null: until the user clears it. */
  expiresAt: string | null
  source: StatusSource
}

/** What one user's presence and status look like to the viewer. */
export interface UserPresence {
  presence: PresenceState
  status: UserStatus | null
}

export const STATUS_LIMITS = { gameMax: 60, noteMax: 80 } as const

/** How long a status lasts: milliseconds, or null until cleared. */
export const STATUS_EXPIRIES = {
  '30m': 30 * 60 * 1000,
  '2h': 2 * 60 * 60 * 1000,
  never: null,
} as const

export type StatusExpiry = keyof typeof STATUS_EXPIRIES

/** A renderer reports idle after this long without input (PUT /me/presence {idle: true}). */
export const IDLE_AFTER_MS = 5 * 60 * 1000

// Control characters are exactly what is refused here.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/

const statusText = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .min(min, { error: `${label} cannot be empty.` })
    .max(max, { error: `${label} can be at most ${max} characters.` })
    .refine((value) => !CONTROL.test(value), {
      error: `${label} must be plain text on one line.`,
    })

/** `PUT /me/status`. */
export const statusSchema = z.strictObject({
  game: statusText('The game', 1, STATUS_LIMITS.gameMax),
  note: statusText('The note', 0, STATUS_LIMITS.noteMax).optional(),
  expiresIn: z.enum(Object.keys(STATUS_EXPIRIES) as [StatusExpiry, ...StatusExpiry[]], {
    error: 'expiresIn must be "30m", "2h" or "never".',
  }),
  source: z
    .enum(['manual', 'detected'], { error: 'source must be "manual" or "detected".' })
    .optional(),
})

export type StatusRequest = z.infer<typeof statusSchema>

/** `PUT /me/presence`: either or both. */
export const presenceSchema = z
  .strictObject({
    idle: z.boolean({ error: 'idle must be true or false.' }).optional(),
    appearOffline: z.boolean({ error: 'appearOffline must be true or false.' }).optional(),
  })
  .refine((body) => body.idle !== undefined || body.appearOffline !== undefined, {
    error: 'Send idle or appearOffline.',
  })

export type PresenceRequest = z.infer<typeof presenceSchema>

/** `PUT /me/presence`'s answer: the user's own settings and state now. */
export interface OwnPresenceResponse {
  presence: PresenceState
  appearOffline: boolean
  idle: boolean
}

/** `PUT /me/status`'s answer (`DELETE` answers `{status: null}`). */
export interface StatusResponse {
  status: UserStatus | null
}

/** One person in the Who's here panel. */
export interface PresentUser extends UserPresence {
  user: {
    _id: string
    id: string
    username: string
    firstName: string
    lastName: string
    profileImg: string
  }
  /** Whether the viewer follows them (these come first). */
  followed: boolean
}

/** `GET /presence`: who is online or idle now, those the viewer follows first. */
export interface PresenceListResponse {
  users: PresentUser[]
}

/** `GET /presence/users?ids=1,2,3`: each id's presence and status as the viewer may see them. */
export interface PresenceLookupResponse {
  users: Record<string, UserPresence>
}

/** Ids a lookup takes at most. */
export const PRESENCE_LOOKUP_MAX = 100

/** `GET /games/{slug}/playing`: who is playing the game now, those the viewer follows first. */
export interface GamePlayingResponse {
  users: PresentUser[]
}

/** People `GET /games/{slug}/playing` lists at most. */
export const GAME_PLAYING_MAX = 100
