export const MIN_PORT = 1024
export const MAX_PORT = 65535
export const PORT_ERROR = `Choose a port between ${MIN_PORT} and ${MAX_PORT}.`

/** A port typed by a person, or null when it is not a whole number in the allowed range. */
export function parsePort(input: string): number | null {
  const typed = input.trim()
  if (!/^\d{1,5}$/.test(typed)) return null
  const port = Number(typed)
  return port >= MIN_PORT && port <= MAX_PORT ? port : null
}
