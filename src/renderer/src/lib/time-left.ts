const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * The screens' clock ticks once a minute (lib/ticker.ts), so an end set a moment ago can read up
 * to a minute beyond its whole hours or days (a 3-day poll as 3 days and 40 s): that much is not
 * counted as another hour or day.
 */
const PRECISION = 60_000

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
