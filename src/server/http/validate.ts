import { zValidator } from '@hono/zod-validator'
import { z, type ZodType } from 'zod'
import type { ErrorCode } from '../../shared/error-codes'
import { isStorableText } from '../db/store'
import { HttpError } from '../errors/http-error'
import {
  ACCOUNT_MESSAGES,
  CONVERSATION_MESSAGES,
  GAME_NIGHT_MESSAGES,
  SQUAD_CALL_MESSAGES,
  MESSAGES,
} from '../errors/messages'

/** Text anywhere in a request body that the database cannot store as sent (db/store.ts). */
function holdsUnstorable(value: unknown): boolean {
  if (typeof value === 'string') return !isStorableText(value)
  if (Array.isArray(value)) return value.some(holdsUnstorable)
  if (value && typeof value === 'object') {
    return Object.entries(value).some(
      ([key, child]) => !isStorableText(key) || holdsUnstorable(child),
    )
  }
  return false
}

/**
 * zValidator whose failures become the API's error shape: a 400 with the first problem as a
 * sentence, e.g. `{"errors": ["A post can be at most 1000 characters."], "code": "VALIDATION"}`.
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
    if (holdsUnstorable(result.data)) throw new HttpError('VALIDATION', MESSAGES.invalidText)
  })
}

/**
 * An id as the database stores it: a positive whole number, written without a sign, leading
 * zeros or exponent. Anything else (`abc`, `01`, `1e3`, `../1`) names nothing.
 */
export function parseId(raw: string): number | null {
  return /^[1-9][0-9]{0,15}$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : null
}

/** What an id of each kind that names nothing answers: the 404 of that kind. */
const NOT_FOUND = {
  postId: { code: 'POST_NOT_FOUND', message: MESSAGES.postNotFound },
  commentId: { code: 'COMMENT_NOT_FOUND', message: MESSAGES.commentNotFound },
  userId: { code: 'USER_NOT_FOUND', message: MESSAGES.userNotFound },
  reportId: { code: 'REPORT_NOT_FOUND', message: ACCOUNT_MESSAGES.reportNotFound },
  conversationId: {
    code: 'CONVERSATION_NOT_FOUND',
    message: CONVERSATION_MESSAGES.conversationNotFound,
  },
  messageId: { code: 'MESSAGE_NOT_FOUND', message: CONVERSATION_MESSAGES.messageNotFound },
  gameNightId: {
    code: 'GAME_NIGHT_NOT_FOUND',
    message: GAME_NIGHT_MESSAGES.gameNightNotFound,
  },
  squadCallId: {
    code: 'SQUAD_CALL_NOT_FOUND',
    message: SQUAD_CALL_MESSAGES.squadCallNotFound,
  },
} as const satisfies Record<string, { code: ErrorCode; message: string }>

export type IdName = keyof typeof NOT_FOUND

const notFound = (name: IdName) => new HttpError(NOT_FOUND[name].code, NOT_FOUND[name].message)

/** The id in `raw`, or the 404 of its kind (a post id that is not one is "Post not found."). */
export function idOr404(raw: string, name: IdName): number {
  const id = parseId(raw)
  if (id === null) throw notFound(name)
  return id
}

const idSchema = z.string().transform((raw, context) => {
  const id = parseId(raw)
  if (id === null) context.addIssue({ code: 'custom', message: 'not an id' })
  return id ?? 0
})

/**
 * The route's id path parameters, parsed into numbers before the handler runs: services take
 * numbers. An id that names nothing is its kind's 404, the first such parameter's.
 */
export function idParams<Name extends IdName>(...names: Name[]) {
  const shape = Object.fromEntries(names.map((name) => [name, idSchema]))
  const schema = z.object(shape) as unknown as ZodType<Record<Name, number>, Record<Name, string>>
  return zValidator('param', schema, (result) => {
    if (!result.success) {
      throw notFound(result.error.issues[0]?.path[0] as Name)
    }
  })
}

/** Media ids are random (services/media/media.ts): 16 characters of base64url. */
const mediaIdSchema = z.object({
  mediaId: z.string().regex(/^[A-Za-z0-9_-]{16}$/),
})

/** `:mediaId`, checked before the handler runs; anything else is MEDIA_NOT_FOUND. */
export const mediaIdParam = zValidator('param', mediaIdSchema, (result) => {
  if (!result.success) throw new HttpError('MEDIA_NOT_FOUND', MESSAGES.mediaNotFound)
})
