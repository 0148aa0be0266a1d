import type { ContentfulStatusCode } from 'hono/utils/http-status'

/**
 * An error whose message is safe to show a user. Services throw these; the app's error handler
 * turns them into `{errors: [message]}` with their status.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export const badRequest = (message: string) => new ApiError(400, message)
export const unauthorized = (message: string) => new ApiError(401, message)
export const notFound = (message: string) => new ApiError(404, message)
export const unprocessable = (message: string) => new ApiError(422, message)
export const tooLarge = (message: string) => new ApiError(413, message)
