import { SESSION_COOKIE, THEME_COOKIE } from '../../../shared/first-screen'
import { tokenAtom } from '../state/auth'
import { connectionAtom } from '../state/connection'
import type { store as appStore } from '../state/store'
import { themeAtom } from '../state/theme'

/** As long as the stored session may last; the server checks the token itself every time. */
const KEEP_SECONDS = 365 * 24 * 60 * 60

function writeCookie(name: string, value: string | null): void {
  // Strict: no other site's link or form ever carries it. The API never reads it anyway.
  const base = `${name}=${value === null ? '' : encodeURIComponent(value)}; Path=/; SameSite=Strict`
  document.cookie = `${base}; Max-Age=${value === null ? 0 : KEEP_SECONDS}`
}

/**
 * Keeps the cookies the server draws a signed-in first screen with (shared/first-screen.ts) in
 * step with the session and the theme: the session only while the API is this page's own server
 * (in the desktop app connected to a friend's server, this page's server knows no such token).
 */
export function keepFirstScreenCookies(store: typeof appStore): void {
  const sync = () => {
    const ownServer = store.get(connectionAtom).baseUrl === location.origin
    writeCookie(SESSION_COOKIE, ownServer ? store.get(tokenAtom) : null)
    writeCookie(THEME_COOKIE, store.get(themeAtom))
  }
  sync()
  for (const atom of [tokenAtom, connectionAtom, themeAtom]) store.sub(atom, sync)
}
