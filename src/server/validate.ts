import { zValidator } from '@hono/zod-validator'
import type { ZodType } from 'zod'
import { HttpError } from './errors'
import { MESSAGES } from './messages'

/** An unpaired UTF-16 surrogate: SQLite cannot store it, so it would come back as U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u

function holdsLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value)
  if (Array.isArray(value)) return value.some(holdsLoneSurrogate)
  if (value && typeof value === 'object') {
    return Object.entries(value).some(
      ([key, child]) => LONE_SURROGATE.test(key) || holdsLoneSurrogate(child),
    )
  }
  return false
}

/**
 * zValidator whose failures become the API's error shape: a 400 with the first problem as a
 * sentence, e.g. `{"errors": ["A post can be at most 1000 characters."]}`.
 */
export function validate<Target extends 'json' | 'query', Schema extends ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      throw new HttpError(
        'VALIDATION',
        result.error.issues[0]?.message ?? 'The request is not valid.',
      )
    }
    // Text that cannot be stored as sent is refused rather than silently changed.
    if (holdsLoneSurrogate(result.data)) throw new HttpError('VALIDATION', MESSAGES.invalidText)
  })
}
