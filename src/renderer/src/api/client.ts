import type { ErrorResponse, ServerErrorResponse } from '../../../shared/api-types'

/** A refused or failed call: `message` is the server's `errors[0]` (or a clear fallback). */
export class ApiError extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.name = 'ApiError'
    this.status = status
  }
}

interface ClientConfig {
  baseUrl: string
  getToken: () => string | null
  /** Called when an authenticated call answers 401: the stored token is no longer valid. */
  onUnauthorized: () => void
}

const config: ClientConfig = {
  baseUrl: '',
  getToken: () => null,
  onUnauthorized: () => undefined,
}

export function configureApi(options: Partial<ClientConfig>): void {
  if (options.baseUrl !== undefined) config.baseUrl = options.baseUrl.replace(/\/+$/, '')
  if (options.getToken) config.getToken = options.getToken
  if (options.onUnauthorized) config.onUnauthorized = options.onUnauthorized
}

export function getBaseUrl(): string {
  return config.baseUrl
}

export function getToken(): string | null {
  return config.getToken()
}

/** `profileImg` and media urls starting with "/" are relative to the server. */
export function resolveMediaUrl(url: string | null | undefined): string | null {
  if (!url) return null
  if (url.startsWith('/') && !url.startsWith('//')) return `${config.baseUrl}${url}`
  return url
}

export function apiUrl(
  path: string,
  query?: Record<string, string | number | boolean | null | undefined>,
): string {
  let url = `${config.baseUrl}/api${path}`
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
  return `Request failed with status ${status}`
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE'
  body?: unknown
  query?: Record<string, string | number | boolean | null | undefined>
  /** Send `Prefer: return=minimal`: the server answers only the changed object. */
  minimal?: boolean
  signal?: AbortSignal
}

/** The one place that calls fetch. Throws ApiError on anything but a 2xx. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' }
  const token = config.getToken()
  if (token) headers.authorization = token
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  if (options.minimal) headers.prefer = 'return=minimal'

  let response: Response
  try {
    response = await fetch(apiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiError(0, 'Cannot reach the server. Check your connection.')
  }

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
    if (response.status === 401 && token) config.onUnauthorized()
    throw new ApiError(response.status, errorMessage(response.status, body))
  }
  return body as T
}
