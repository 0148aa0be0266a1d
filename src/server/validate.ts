import { zValidator } from '@hono/zod-validator'
import type { ZodType } from 'zod'
import { badRequest } from './errors'

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
      throw badRequest(result.error.issues[0]?.message ?? 'The request is not valid.')
    }
  })
}
