/**
 * The request schemas of presence and "now playing" (docs/API.md, "Presence and now playing"):
 * the server checks requests with them, the status editor checks before sending.
 */
import { z } from 'zod'
import { STATUS_EXPIRIES, STATUS_LIMITS, type StatusExpiry } from './presence'

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
