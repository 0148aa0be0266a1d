import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ErrorResponse } from '../../shared/api-types'
import { ERROR_STATUS, type ErrorCode } from '../../shared/error-codes'

/**
 * An error whose message is safe to show a user. Services and routes throw these; the app's
 * error handler turns them into `{errors: [message], code}` with the code's status
 * (src/shared/error-codes.ts, docs/API.md "Errors").
 */
export class HttpError extends Error {
  readonly status: ContentfulStatusCode
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
    /**
     * Extra fields of the answer beside `errors` and `code`: a refused token's `reason`, the
     * `missingMedia` of a post whose media are gone.
     */
    readonly extra: Pick<ErrorResponse, 'reason' | 'missingMedia' | 'checks'> = {},
  ) {
    super(message)
    this.name = 'HttpError'
    this.status = ERROR_STATUS[code]
  }
}
