/**
 * Addresses on the server the app talks to (the configured one in the desktop app, the page's
 * own in a browser), for what the browser loads by itself (a picture, a clip) or hands on (a
 * post's link). Building one asks the server nothing; the calls go through state/ and api/.
 */
import { OUR_MEDIA } from '../../../shared/media-paths'
import { getBaseUrl } from '../api/client'

/** The origin the renderer talks to: the configured server, or the page's own in a browser. */
export function serverOrigin(): string {
  return getBaseUrl() || (typeof location === 'undefined' ? '' : location.origin)
}

/** Media urls are server paths (`/api/media/…`); the desktop app talks to a server elsewhere. */
export function mediaSrc(path: string): string {
  return /^https?:\/\//i.test(path) ? path : `${getBaseUrl()}${path}`
}

/**
 * A server's own image (`/api/media/…`) as an address on that server; anything else is null
 * and shows the default picture. Never an outside address: every viewer would fetch it
 * (docs/security.md).
 */
export function resolveMediaUrl(url: string | null | undefined): string | null {
  return url && OUR_MEDIA.test(url) ? `${getBaseUrl()}${url}` : null
}

/** The address to share a post by: the server's origin (the web app serves /post/:id). */
export function postShareUrl(postId: string): string {
  return `${serverOrigin()}/post/${encodeURIComponent(postId)}`
}

/** A profile's address to share (the "..." menu's "Copy link"). */
export function profileShareUrl(username: string): string {
  return `${serverOrigin()}/${encodeURIComponent(username)}`
}
