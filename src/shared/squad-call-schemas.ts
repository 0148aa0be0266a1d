/**
 * The limits and request schemas of squad calls (docs/API.md, "Squad calls"): the server checks
 * requests with them, the form checks before sending.
 */
import { z } from 'zod'

export const SQUAD_CALL_LIMITS = {
  neededMin: 1,
  neededMax: 9,
  noteMax: 140,
  rankMax: 40,
  /** How long a call stays open, in minutes: the choices the form offers. */
  expiryChoices: [30, 60, 120, 240],
  expiryDefault: 60,
} as const

export type SquadCallExpiry = (typeof SQUAD_CALL_LIMITS.expiryChoices)[number]

const game = z
  .string({ error: 'game must be the slug of a game.' })
  .min(1, { error: 'Choose a game.' })
  .max(100, { error: 'game must be the slug of a game.' })

const needed = z
  .number({ error: 'needed must be a number of players.' })
  .int({ error: 'needed must be a whole number of players.' })
  .min(SQUAD_CALL_LIMITS.neededMin, { error: 'Ask for at least one player.' })
  .max(SQUAD_CALL_LIMITS.neededMax, {
    error: `Ask for at most ${SQUAD_CALL_LIMITS.neededMax} players.`,
  })

const note = z
  .string({ error: 'A note must be text.' })
  .trim()
  .max(SQUAD_CALL_LIMITS.noteMax, {
    error: `A note can be at most ${SQUAD_CALL_LIMITS.noteMax} characters.`,
  })
  .nullable()

const rank = z
  .string({ error: 'A rank must be text.' })
  .trim()
  .max(SQUAD_CALL_LIMITS.rankMax, {
    error: `A rank can be at most ${SQUAD_CALL_LIMITS.rankMax} characters.`,
  })
  .nullable()

const expiresInMinutes = z.union(
  SQUAD_CALL_LIMITS.expiryChoices.map((minutes) => z.literal(minutes)),
  { error: 'expiresInMinutes must be 30, 60, 120 or 240.' },
)

/** `POST /api/squad-calls`. */
export const createSquadCallSchema = z.strictObject({
  game,
  needed,
  note: note.optional(),
  rank: rank.optional(),
  expiresInMinutes: expiresInMinutes.optional(),
})

export type CreateSquadCallInput = z.infer<typeof createSquadCallSchema>

/** `GET /api/squad-calls`: the open calls, all or of one game. */
export const squadCallsQuerySchema = z.strictObject({
  game: z.string().max(100, { error: 'game must be the slug of a game.' }).optional(),
})
