/**
 * Drafts kept on the server (docs/API.md, "Drafts"): what a composer holds, so that the phone
 * opens what the PC left. The server checks a draft's shape and size with these; the app keeps
 * its own copy in localStorage too (renderer lib/drafts.ts) and reads either with its own checks.
 */
import { z } from 'zod'
import { LIMITS } from './limits'

export const DRAFT_LIMITS = {
  /** A slot's name: `newPost`, `comment:<postId>`, … */
  slotMax: 80,
  /** A draft's JSON, text, uploads and poll together. */
  bodyBytes: 32 * 1024,
  /** Drafts one user keeps: past it, saving another drops the one left longest. */
  perUser: 100,
  /** Uploads a draft can hold (images and a clip, as a post). */
  mediaMax: LIMITS.postImagesMax + 1,
} as const

/** Letters first, then letters, digits, `:`, `_` and `-` (safe in a path). */
export const DRAFT_SLOT_PATTERN = /^[A-Za-z][A-Za-z0-9:_-]{0,79}$/

export const DRAFT_TOO_LARGE = `A draft can be at most ${DRAFT_LIMITS.bodyBytes / 1024} KB.`

/** What a composer keeps: its text, what it uploaded (as the app describes it), its poll. */
export const draftBodySchema = z.object({
  text: z.string({ error: 'A draft’s text must be text.' }).max(LIMITS.postMax * 2, {
    error: 'A draft’s text is too long.',
  }),
  media: z
    .array(
      z.looseObject({
        name: z.string().max(500),
        alt: z.string().max(LIMITS.altMax),
        media: z.looseObject({ id: z.string().max(100) }),
      }),
    )
    .max(DRAFT_LIMITS.mediaMax, { error: 'A draft holds too many uploads.' })
    .default([]),
  poll: z
    .nullable(
      z.object({
        options: z.array(z.string().max(LIMITS.pollOptionMax)).max(LIMITS.pollOptionsMax),
        durationMinutes: z.number().int().positive(),
      }),
    )
    .default(null),
})

export type DraftBody = z.infer<typeof draftBodySchema>

/** `PUT /api/drafts/:slot`: the draft, and when the device wrote it (its clock, milliseconds). */
export const saveDraftSchema = z.object({
  body: draftBodySchema,
  updatedAt: z.number().int().nonnegative(),
})

export interface Draft {
  slot: string
  body: DraftBody
  updatedAt: number
}

/** `GET /api/drafts`: which slots the user has, and when each was written (newest first). */
export interface DraftListResponse {
  drafts: { slot: string; updatedAt: number }[]
}

/** `GET /api/drafts/:slot`, and what a save answers: the draft kept now (null: none). */
export interface DraftResponse {
  draft: Draft | null
}
