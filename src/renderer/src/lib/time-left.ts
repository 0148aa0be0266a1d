const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * The API's times are whole seconds, and the server's clock is not quite this one: an end read
 * just after it was set can lie up to a second beyond its whole hours or days ("3 days" of a
 * poll as 3 days and 0.4 s). That much is not counted as another hour or day. (The screens'
 * clock is read afresh for what they measure: lib/ticker.ts `useNow`.)
 */
const PRECISION = 1000

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`

/**
 * What is left until `iso` in words, rounded up so that it never reads "0": "1 minute left",
 * "59 minutes left", "3 hours left", "6 days left"; "ending now" once it is past (the next list
 * load drops it).
 */
export function formatTimeLeft(iso: string, now: number = Date.now()): string {
  const left = Date.parse(iso) - now
  if (!Number.isFinite(left)) return ''
  if (left <= 0) return 'ending now'
  if (left <= HOUR) return `${plural(Math.ceil(left / MINUTE), 'minute')} left`
  if (left <= DAY + PRECISION) return `${plural(Math.ceil((left - PRECISION) / HOUR), 'hour')} left`
  return `${plural(Math.ceil((left - PRECISION) / DAY), 'day')} left`
}
