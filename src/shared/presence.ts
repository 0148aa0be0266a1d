/**
 * Presence and "now playing" (docs/API.md, "Presence and now playing"): the shapes and request
 * schemas both sides share. Presence is derived from live connections, never stored; a status
 * is what a user says they play, until it expires. The request schemas are in
 * presence-schemas.ts, apart, so that the app's first load does not carry zod for these constants.
 */
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
