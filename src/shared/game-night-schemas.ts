/**
 * The limits and request schemas of game nights (docs/API.md, "Game nights"): the server checks
 * requests with them, the form checks before sending.
 */
import { z } from 'zod'
import { pageQuerySchema } from './schemas'

export const GAME_NIGHT_LIMITS = {
  titleMax: 100,
  placeMax: 80,
  /** Minutes: a night may last up to a day. */
  durationMin: 15,
  durationMax: 24 * 60,
  slotsMin: 1,
  slotsMax: 500,
  /** How far ahead a night may be planned (days). */
  aheadMaxDays: 366,
  /** Minutes before the start that everyone going (and maybe) is reminded. */
  reminderMinutes: 15,
} as const

const title = z
  .string({ error: 'A title must be text.' })
  .trim()
  .min(1, { error: 'A game night needs a title.' })
  .max(GAME_NIGHT_LIMITS.titleMax, {
    error: `A title can be at most ${GAME_NIGHT_LIMITS.titleMax} characters.`,
  })

/**
 * Whether the date and time as written exist: `Date.parse` reads 30 February as 2 March, and a
 * time that moved was not the one meant.
 */
function isRealDateTime(text: string): boolean {
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0] = (text.match(/\d+/g) ?? []).map(
    Number,
  )
  const date = new Date(Date.UTC(year, month - 1, day))
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    !Number.isNaN(Date.parse(text))
  )
}

/** An instant with its offset or `Z` (`2026-12-05T18:00:00Z`, `…+01:00`): never a local time. */
const startsAt = z
  .string({ error: 'startsAt must be a date and time.' })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, {
    error: 'startsAt must be a date and time with its time zone, e.g. 2026-12-05T18:00:00Z.',
  })
  .refine(isRealDateTime, { error: 'startsAt must be a date and time that exists.' })

const durationMinutes = z
  .number({ error: 'durationMinutes must be a number of minutes.' })
  .int({ error: 'durationMinutes must be a whole number of minutes.' })
  .min(GAME_NIGHT_LIMITS.durationMin, {
    error: `A game night lasts at least ${GAME_NIGHT_LIMITS.durationMin} minutes.`,
  })
  .max(GAME_NIGHT_LIMITS.durationMax, { error: 'A game night lasts at most 24 hours.' })

const place = z
  .string({ error: 'A place must be text.' })
  .trim()
  .max(GAME_NIGHT_LIMITS.placeMax, {
    error: `A place can be at most ${GAME_NIGHT_LIMITS.placeMax} characters.`,
  })
  .nullable()

const slots = z
  .number({ error: 'slots must be a number of players.' })
  .int({ error: 'slots must be a whole number of players.' })
  .min(GAME_NIGHT_LIMITS.slotsMin, { error: 'A game night needs at least one slot.' })
  .max(GAME_NIGHT_LIMITS.slotsMax, {
    error: `A game night can have at most ${GAME_NIGHT_LIMITS.slotsMax} slots.`,
  })
  .nullable()

const game = z
  .string({ error: 'game must be the slug of a game.' })
  .min(1, { error: 'Choose a game.' })
  .max(100, { error: 'game must be the slug of a game.' })

/** `POST /api/game-nights`. */
export const createGameNightSchema = z.strictObject({
  game,
  title,
  startsAt,
  durationMinutes,
  place: place.optional(),
  slots: slots.optional(),
})

/** `PATCH /api/game-nights/:id`: any of the fields; `status` closes, reopens or cancels. */
export const editGameNightSchema = z
  .strictObject({
    game: game.optional(),
    title: title.optional(),
    startsAt: startsAt.optional(),
    durationMinutes: durationMinutes.optional(),
    place: place.optional(),
    slots: slots.optional(),
    status: z
      .enum(['open', 'closed', 'cancelled'], {
        error: 'status must be open, closed or cancelled.',
      })
      .optional(),
  })
  .refine((edit) => Object.keys(edit).length > 0, { error: 'Say what to change.' })

/** `PUT /api/game-nights/:id/rsvp`. */
export const rsvpSchema = z.strictObject({
  answer: z.enum(['going', 'maybe', 'cant'], { error: 'answer must be going, maybe or cant.' }),
})

/**
 * `GET /api/game-nights`: upcoming or past, all or of one game or host, or those one player hosts
 * or answered going, maybe or waiting (`with`), a page at a time.
 */
export const gameNightsQuerySchema = pageQuerySchema.extend({
  when: z.enum(['upcoming', 'past'], { error: 'when must be upcoming or past.' }).optional(),
  game: z.string().max(100, { error: 'game must be the slug of a game.' }).optional(),
  host: z.string().max(100, { error: 'host must be a username.' }).optional(),
  with: z.string().max(100, { error: 'with must be a username.' }).optional(),
})
