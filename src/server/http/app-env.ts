/**
 * What every request of the app carries beside itself (Hono's `Variables`): set by the
 * middleware of http/context.ts, read by the routes. Apart from context.ts, which builds on the
 * rate limits, so that the rate limits can name it without importing context.ts back.
 */
import type { AnswerPiece } from '../caches/answer-pieces'
import type { UserRow } from '../db/rows'

export interface AppEnv {
  Variables: {
    /** The signed-in user (set by requireUser). */
    user: UserRow
    /** The signed-in user's id when a read carries a valid token, else null. */
    viewerId: number | null
    /** The raw token of the signed-in user (set by requireUser), for logout. */
    token: string
    /** This request's id in the log and its `X-Request-Id` (observability/request-log.ts). */
    requestId: string
    /** What a fill's page was joined from, to keep beside its answer (http/kept-answers.ts). */
    answerPieces?: readonly AnswerPiece[]
  }
}
