import { Hono } from 'hono'
import { z } from 'zod'
import type { TagSuggestionsResponse } from '../../shared/api-types'
import { LIMITS } from '../../shared/limits'
import { normalizeTag, TAG_MAX_LENGTH } from '../../shared/rich-text'
import { optionalViewer, type AppDeps, type AppEnv } from '../http/context'
import { validate } from '../http/validate'
import { tagSuggestions } from '../services/reads/suggestions'

const SUGGESTIONS_DEFAULT = 8

const tagSuggestionsQuerySchema = z.object({
  prefix: z
    .string({ error: 'Send the start of a tag as prefix.' })
    .max(TAG_MAX_LENGTH + 1, { error: `A tag has at most ${TAG_MAX_LENGTH} characters.` })
    .refine((value) => /^#?[\p{L}\p{M}\p{N}_]*$/u.test(value), {
      error: 'prefix must be the start of a hashtag: letters, digits and "_".',
    })
    .transform(normalizeTag),
  limit: z.coerce
    .number({ error: 'limit must be a whole number.' })
    .int({ error: 'limit must be a whole number.' })
    .min(1, { error: 'limit must be at least 1.' })
    .max(LIMITS.pageSizeMax, { error: `limit can be at most ${LIMITS.pageSizeMax}.` })
    .default(SUGGESTIONS_DEFAULT),
})

/** `GET /api/tags?prefix=` (docs/API.md, "Autocomplete"): tags for the composer's `#`. */
export function tagSuggestionsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get(
    '/',
    optionalViewer(deps),
    validate('query', tagSuggestionsQuerySchema),
    async (c) => {
      const { prefix, limit } = c.req.valid('query')
      const tags = await tagSuggestions(deps.db, prefix, c.get('viewerId'), limit)
      return c.json({
        tags: tags.map((row) => ({ tag: row.tag, postCount: Number(row.postCount) })),
      } satisfies TagSuggestionsResponse)
    },
  )
}
