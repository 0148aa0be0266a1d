/**
 * The window talks to two servers at most (docs/security.md): this computer's own, which
 * serves the app, and the one server the person chose to use. The page's Content-Security-Policy
 * has to allow any http(s) address (the server it uses is chosen after the page loaded, and the
 * page is the same for every one), so the main process, which knows the server in use, stops
 * every other request of the window before it leaves: a page that went wrong cannot send the
 * player's session, posts or game to a server they did not choose. Requests that are not the
 * window's (the spell checker's dictionary download, say) are left alone.
 */
import type { OnBeforeRequestListenerDetails, Session } from 'electron'

/** The origins the window may reach now: the embedded server's and the connection's. */
export type AllowedOrigins = () => string[]

const originOf = (url: string) => (URL.canParse(url) ? new URL(url).origin : null)

/** True when a request of the window may go (see the file's comment). */
export function requestAllowed(url: string, allowed: string[]): boolean {
  const protocol = URL.canParse(url) ? new URL(url).protocol : ''
  // data:, blob: and the like never leave the computer; CSP governs them.
  if (!/^(https?|wss?):$/.test(protocol)) return true
  const origin = originOf(url.replace(/^ws/, 'http'))
  return origin !== null && allowed.includes(origin)
}

export function fenceWindowRequests(
  session: Pick<Session, 'webRequest'>,
  windowContentsId: () => number | undefined,
  allowed: AllowedOrigins,
): void {
  session.webRequest.onBeforeRequest(
    { urls: ['http://*/*', 'https://*/*', 'ws://*/*', 'wss://*/*'] },
    (details: OnBeforeRequestListenerDetails, callback) => {
      const ours =
        details.webContentsId !== undefined && details.webContentsId === windowContentsId()
      callback({ cancel: ours && !requestAllowed(details.url, allowed()) })
    },
  )
}
