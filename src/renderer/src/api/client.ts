import type {
  ApiAnswer,
  ApiErrorAnswer,
  ErrorResponse,
  ServerErrorResponse,
} from '../../../shared/api-types'
import {
  isErrorCode,
  isSessionEndReason,
  type ErrorCode,
  type SessionEndReason,
} from '../../../shared/error-codes'
import { LIVE_EVENT_ID_HEADER } from '../../../shared/live-event-id'
import { COPY } from '../copy'
import { loadAnswerChecks, type AnswerName } from './answer-checks'
import { liveMarkScope, noteLiveEventMark } from '../live/marks'

/**
 * A refused or failed call: `message` is the server's `errors[0]` (or a clear fallback), the
 * sentence to show; `code` is what the app decides on (docs/API.md, "Errors").
 */
export class ApiError extends Error {
  readonly status: number
  /** The server's code; null for a failure without one (no answer, an older server). */
  readonly code: ErrorCode | null
  /** From a 429's or 503's Retry-After: seconds until the server takes the call again. */
  readonly retryAfterSeconds: number | null
  /** A new post's `MEDIA_GONE`: the ids of its media that cannot be attached (docs/API.md). */
  readonly missingMedia: string[] | null
  constructor(
    status: number,
    message: string,
    {
      code = null,
      retryAfterSeconds = null,
      missingMedia = null,
    }: Partial<Pick<ApiError, 'code' | 'retryAfterSeconds' | 'missingMedia'>> = {},
  ) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.retryAfterSeconds = retryAfterSeconds
    this.missingMedia = missingMedia
  }
}

/**
 * True when the server has no such call: it is older than the app, and the feature hides
 * (docs/API.md, "Error codes"). A server older than codes says so by its 404 alone.
 */
export function isMissingCall(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === 'ROUTE_NOT_FOUND' || (error.code === null && error.status === 404))
  )
}

/**
 * True when a toggle's call found what it asks for already so (liked, bookmarked, not following…;
 * docs/API.md, "Error codes"): the server's state is the one asked for.
 */
export function isAlreadyDone(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'ALREADY_DONE'
}

/** What the app says when a server's answer fails its check (shared/answer-schemas.ts). */
export const UNUSABLE_ANSWER_MESSAGE = COPY.errors.unusableAnswer

/**
 * The sentence for a refused call: a 429 or 503 says when to try again, from its Retry-After,
 * unless the server's own sentence already does.
 */
export function withRetryHint(message: string, retryAfterSeconds: number | null): string {
  if (retryAfterSeconds === null || /try again/i.test(message)) return message
  const wait =
    retryAfterSeconds < 90
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`
      : `${Math.ceil(retryAfterSeconds / 60)} minutes`
  return `${message.trim()} Try again in ${wait}.`
}

/** The whole seconds of a 429's or 503's Retry-After header, else null. */
export function retryAfterOf(status: number, header: string | null): number | null {
  if ((status !== 429 && status !== 503) || header === null) return null
  const seconds = Number(header)
  return Number.isInteger(seconds) && seconds >= 0 ? seconds : null
}

/**
 * Whether a refusal of an authenticated call ends the stored session: a token the server no
 * longer accepts, or one whose user no longer exists (e.g. after a restore). A server older than
 * error codes says so only by its 401.
 */
export function endsSession(status: number, code: ErrorCode | null): boolean {
  if (code === null) return status === 401
  return code === 'INVALID_TOKEN' || code === 'UNKNOWN_USER'
}

/** Why the server ended a stored session: its `reason`, or a user who no longer exists. */
export type SessionEnd = SessionEndReason | 'account-gone'

/**
 * Why a refusal that ends the session (endsSession) ended it: the 401's `reason` (docs/API.md,
 * "Why a session ended"); 'ended' from a server older than reasons.
 */
export function sessionEndOf(code: ErrorCode | null, body: unknown): SessionEnd {
  if (code === 'UNKNOWN_USER') return 'account-gone'
  const reason =
    body && typeof body === 'object' ? (body as Partial<ErrorResponse>).reason : undefined
  return isSessionEndReason(reason) ? reason : 'ended'
}

interface ClientConfig {
  /** Read on every call, so the client follows a change of server at once. */
  getBaseUrl: () => string
  getToken: () => string | null
  /**
   * Called when an authenticated call shows the stored session is dead (endsSession). `message`
   * is the server's sentence; `end` says why, for the login page to tell the user.
   */
  onUnauthorized: (message: string, end: SessionEnd) => void
  /**
   * Called when the server refused a write because the account must choose its password first
   * (CHOOSE_PASSWORD_FIRST: a host's one-time password, docs/API.md "Error codes").
   */
  onChoosePasswordFirst: () => void
  /** Called when fetch itself fails (the server is gone or unreachable), with the base url. */
  onNetworkError: (baseUrl: string) => void
  /** Called after any answer from the server, whatever its status. */
  onReachable: () => void
}

const config: ClientConfig = {
  getBaseUrl: () => '',
  getToken: () => null,
  onUnauthorized: () => undefined,
  onChoosePasswordFirst: () => undefined,
  onNetworkError: () => undefined,
  onReachable: () => undefined,
}

/** `baseUrl` fixes the server; `getBaseUrl` makes the client follow a changing one. */
export function configureApi(options: Partial<ClientConfig> & { baseUrl?: string }): void {
  const { baseUrl, ...rest } = options
  if (baseUrl !== undefined) config.getBaseUrl = () => baseUrl
  for (const key of Object.keys(rest) as (keyof ClientConfig)[]) {
    const value = rest[key]
    if (value) Object.assign(config, { [key]: value })
  }
}

/** The server's origin, without a trailing slash. */
export function getBaseUrl(): string {
  return config.getBaseUrl().replace(/\/+$/, '')
}

export function getToken(): string | null {
  return config.getToken()
}

type Query = Record<string, string | number | boolean | null | undefined>

export function apiUrl(path: string, query?: Query): string {
  return apiUrlOn(getBaseUrl(), path, query)
}

function apiUrlOn(baseUrl: string, path: string, query?: Query): string {
  let url = `${baseUrl}/api${path}`
  if (query) {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
    }
    const qs = params.toString()
    if (qs) url += `?${qs}`
  }
  return url
}

/** Reads the sentence to show from an error body, whatever its shape. */
export function errorMessage(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const errors = (body as Partial<ErrorResponse>).errors
    if (Array.isArray(errors) && typeof errors[0] === 'string') return errors[0]
    const error = (body as Partial<ServerErrorResponse>).error
    if (error && typeof error.message === 'string') return error.message
  }
  return COPY.errors.noSentence(status)
}

/** The code of an error body, when it carries one this app knows. */
export function errorCode(body: unknown): ErrorCode | null {
  const code = body && typeof body === 'object' ? (body as Partial<ApiErrorAnswer>).code : null
  return isErrorCode(code) ? code : null
}

/** The ApiError of a refusal: the server's sentence (with when to retry) and its code. */
export function refusal(status: number, body: unknown, retryAfterHeader: string | null): ApiError {
  const retryAfterSeconds = retryAfterOf(status, retryAfterHeader)
  const message = withRetryHint(errorMessage(status, body), retryAfterSeconds)
  return new ApiError(status, message, {
    code: errorCode(body),
    retryAfterSeconds,
    missingMedia: missingMediaOf(body),
  })
}

/** The `missingMedia` of a `MEDIA_GONE` answer, when it is a list of ids. */
function missingMediaOf(body: unknown): string[] | null {
  const list = body && typeof body === 'object' ? (body as ErrorResponse).missingMedia : null
  return Array.isArray(list) && list.every((id) => typeof id === 'string') ? list : null
}

/**
 * How long a toggle's call (like, bookmark, follow, vote, repost, reaction) waits for an answer.
 * A server that vanished without a word (a LAN host switched off) leaves a call hanging until the
 * system gives up, minutes later, with the control pressed all that time; past this wait it is a
 * network failure like any other: the banner shows and the toggle goes back (state/toggles.ts).
 */
export const TOGGLE_TIMEOUT_MS = 15_000

/** The options of a toggle's call: it gives up after TOGGLE_TIMEOUT_MS. */
export function toggleCall(): Pick<RequestOptions, 'signal'> {
  return { signal: AbortSignal.timeout(TOGGLE_TIMEOUT_MS) }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  query?: Query
  /** Send `Prefer: return=minimal`: the server answers only the changed object. */
  minimal?: boolean
  signal?: AbortSignal
  /** Checks the answer (shared/answer-schemas.ts) and answers what the check made of it. */
  answer?: AnswerName
}

function headersFor(token: string | null, options: RequestOptions): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (token) headers.authorization = token
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  if (options.minimal) headers.prefer = 'return=minimal'
  return headers
}

/**
 * GETs sent before the app is ready to read them (main.tsx: the home feed, while the rest of the
 * bundle is still being evaluated). `request` takes a matching one, same address and token,
 * instead of asking again; each is taken once, and only while young, so any later call reads
 * the server anew. Unclaimed ones simply expire.
 */
const prefetched = new Map<string, { response: Promise<Response>; sentAt: number }>()
const PREFETCH_KEPT_MS = 10_000

/** Sends a GET now, for a `request` of the same call shortly after to read. */
export function prefetch(
  server: { baseUrl: string; token: string | null },
  path: string,
  query?: Query,
): void {
  const url = apiUrlOn(server.baseUrl.replace(/\/+$/, ''), path, query)
  const response = fetch(url, { headers: headersFor(server.token, {}) })
  // A failure is request's to report, when it takes this; an untaken one is of no interest.
  response.catch(() => undefined)
  prefetched.set(`${server.token ?? ''} ${url}`, { response, sentAt: Date.now() })
}

function takePrefetched(url: string, token: string | null): Promise<Response> | null {
  const key = `${token ?? ''} ${url}`
  const early = prefetched.get(key)
  if (!early) return null
  prefetched.delete(key)
  return Date.now() - early.sentAt <= PREFETCH_KEPT_MS ? early.response : null
}

/**
 * The one place that calls fetch. Throws ApiError on anything but a 2xx. `T` is the answer's
 * shared type (src/shared/api-types.ts).
 */
export async function request<T extends ApiAnswer>(
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const token = config.getToken()
  // The server and token the answer is read with, for its live event mark.
  const markScope = liveMarkScope(getBaseUrl(), token)
  const url = apiUrl(path, options.query)
  const early =
    (options.method ?? 'GET') === 'GET' && !options.signal ? takePrefetched(url, token) : null

  let response: Response
  try {
    response = await (early ??
      fetch(url, {
        method: options.method ?? 'GET',
        headers: headersFor(token, options),
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      }))
  } catch (error) {
    // A caller's cancel is not a network failure; a timeout (`TimeoutError`) is.
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    config.onNetworkError(getBaseUrl())
    throw new ApiError(0, COPY.errors.unreachable)
  }
  config.onReachable()
  noteLiveEventMark(markScope, response.headers.get(LIVE_EVENT_ID_HEADER))

  const text = await response.text()
  let body: unknown = undefined
  if (text) {
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
  }
  if (!response.ok) {
    const refused = refusal(response.status, body, response.headers.get('retry-after'))
    if (token && endsSession(refused.status, refused.code)) {
      config.onUnauthorized(errorMessage(response.status, body), sessionEndOf(refused.code, body))
    }
    if (token && refused.code === 'CHOOSE_PASSWORD_FIRST') config.onChoosePasswordFirst()
    throw refused
  }
  if (options.answer) {
    const checked = (await loadAnswerChecks())[options.answer].safeParse(body)
    if (!checked.success) throw new ApiError(502, UNUSABLE_ANSWER_MESSAGE)
    return checked.data as T
  }
  return body as T
}
