/**
 * The one rule for a port the desktop app listens on (Host for LAN, and this computer's own
 * server), used by the Server page, the bridge's IPC checks and the settings file alike.
 *
 * From 1024: ports below are privileged on Linux (and on macOS before 10.14), so an app run by a
 * person, not root, cannot open them, and the Server page has always told people "from 1024 to
 * 65535". The headless server's `--port` is another rule (0 picks a free port, and root may
 * take 80): docs/hosting.md, "Headless server".
 */
export const MIN_PORT = 1024
export const MAX_PORT = 65535
export const PORT_ERROR = `Choose a port between ${MIN_PORT} and ${MAX_PORT}.`

/** True for a whole number from MIN_PORT to MAX_PORT. */
export function isAllowedPort(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= MIN_PORT && (value as number) <= MAX_PORT
}

/** A port typed by a person, or null when it is not a whole number in the allowed range. */
export function parsePort(input: string): number | null {
  const typed = input.trim()
  if (!/^\d{1,5}$/.test(typed)) return null
  const port = Number(typed)
  return isAllowedPort(port) ? port : null
}
