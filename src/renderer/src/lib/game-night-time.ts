/**
 * A game night's time as its viewer reads and types it: shown in the viewer's own time zone and
 * their language's format (the system's, as Intl gives it), typed as a local date and time that
 * become an instant (UTC) before they reach the server.
 */

/** "Sat 5 Dec, 19:00" (or "Sat, Dec 5, 7:00 PM"): the viewer's language and zone. */
export function formatNightTime(iso: string, locale?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: date.getFullYear() === new Date().getFullYear() ? undefined : 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date)
}

/** The viewer's time zone's name, for "times are in Europe/Paris". */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}

/** "2 h", "1 h 30 min", "45 min". */
export function formatLength(minutes: number): string {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (hours === 0) return `${rest} min`
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`
}

const pad = (value: number) => String(value).padStart(2, '0')

/** An instant as the form's local date and time fields (`2026-12-05`, `19:00`). */
export function toLocalFields(iso: string): { date: string; time: string } {
  const date = new Date(iso)
  return {
    date: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
    time: `${pad(date.getHours())}:${pad(date.getMinutes())}`,
  }
}

/** The form's local date and time as an instant (UTC, `…Z`), or null when not a real time. */
export function fromLocalFields(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null
  const local = new Date(`${date}T${time}`)
  return Number.isNaN(local.getTime()) ? null : local.toISOString()
}
