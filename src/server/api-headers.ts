import type { MiddlewareHandler } from 'hono'

/**
 * Headers of every API answer (JSON and images). They are fixed strings set without reading the
 * request: hono's cors and secureHeaders middlewares look at request headers, which makes the
 * Node adapter build a full Request object for each call and costs more than most handlers.
 */
const API_HEADERS: Record<string, string> = {
  // Token auth and no cookies: any origin may call, e.g. a friend's desktop app on the LAN.
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Preference-Applied, Retry-After',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  // Nothing an API answer holds may run or be framed, even when opened on its own.
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
}

const PREFLIGHT_HEADERS: Record<string, string> = {
  ...API_HEADERS,
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Prefer, Last-Event-ID',
  'Access-Control-Max-Age': '600',
}

export const apiHeaders: MiddlewareHandler = async (c, next) => {
  if (c.req.method === 'OPTIONS') return c.body(null, 204, PREFLIGHT_HEADERS)
  await next()
  for (const [name, value] of Object.entries(API_HEADERS)) c.res.headers.set(name, value)
}
