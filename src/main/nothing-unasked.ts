/**
 * What the app hands to no server unasked (docs/security.md): Chromium's defaults are a web
 * browser's, and some of them give things away in an app that joins servers on a party's LAN.
 * - A server that asks for a client certificate gets none: by default Electron would send the
 *   first one of the system's store (a work or smart-card identity) to whoever asks.
 * - Permission checks and device requests (USB, serial, HID, Bluetooth…) are refused, like the
 *   permission requests already were; only writing to the clipboard stays, for the app's own
 *   page, where "Copy" buttons use it, and system notifications, for the app's own page, which
 *   shows them only of the kinds the user turned on (docs/API.md, "Notification settings").
 */
import type { App, Session } from 'electron'

/** The permission checks answered yes: only for the app's own page (see the file's comment). */
const ALLOWED_CHECKS: ReadonlySet<string> = new Set(['clipboard-sanitized-write', 'notifications'])
/** The permission requests answered yes: only for the app's own page. */
const ALLOWED_REQUESTS: ReadonlySet<string> = new Set(['notifications'])

export function refuseWhatIsNotAsked(
  app: Pick<App, 'on'>,
  session: Pick<
    Session,
    'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'
  >,
  appOrigin: () => string,
): void {
  app.on('select-client-certificate', (event, _contents, _url, _list, callback) => {
    event.preventDefault()
    callback()
  })
  // The app asks for no camera, microphone or anything else; its own page may show notifications.
  session.setPermissionRequestHandler((_contents, permission, done, details) =>
    done(ALLOWED_REQUESTS.has(permission) && sameOrigin(details.requestingUrl, appOrigin())),
  )
  session.setPermissionCheckHandler(
    (_contents, permission, requestingOrigin) =>
      ALLOWED_CHECKS.has(permission) && sameOrigin(requestingOrigin, appOrigin()),
  )
  session.setDevicePermissionHandler(() => false)
}

const sameOrigin = (url: string, origin: string) =>
  URL.canParse(url) && new URL(url).origin === origin
