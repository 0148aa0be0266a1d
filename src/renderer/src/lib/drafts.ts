import { getBaseUrl } from '../api/client'

/**
 * Unsent text kept in localStorage, so that a draft survives closing its box, navigating and
 * reloading. A draft belongs to one user on one server: the key holds the server's origin and the
 * user's id, so switching either never shows someone else's text.
 */
const PREFIX = 'gamerstage:draft'

/** The origin the renderer talks to: the configured server, or the page's own in a browser. */
function serverOrigin(): string {
  return getBaseUrl() || (typeof location === 'undefined' ? '' : location.origin)
}

/** The storage key of one draft slot, e.g. `newPost` or `comment:<postId>`. */
export function draftKey(userId: string, slot: string, server = serverOrigin()): string {
  return `${PREFIX}|${server}|${userId}|${slot}`
}

export function readDraft(key: string): string {
  try {
    return localStorage.getItem(key) ?? ''
  } catch {
    return ''
  }
}

/** Saves the text; an empty or blank text removes the draft. */
export function writeDraft(key: string, text: string): void {
  try {
    if (text.trim()) localStorage.setItem(key, text)
    else localStorage.removeItem(key)
  } catch {
    // Storage full or unavailable: the text stays on screen, it just does not outlive the page.
  }
}

export function clearDraft(key: string): void {
  writeDraft(key, '')
}
