const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const WEEK = 7 * DAY

/**
 * Short relative time as feeds show it: "now", "3m", "2h", "5d", then a date ("Mar 5", or
 * "Mar 5, 2023" in another year). Future times (clock skew) count as "now".
 */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso)
  const time = date.getTime()
  if (Number.isNaN(time)) return ''
  const diff = now.getTime() - time
  if (diff < MINUTE) return 'now'
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}m`
  if (diff < DAY) return `${Math.floor(diff / HOUR)}h`
  if (diff < WEEK) return `${Math.floor(diff / DAY)}d`
  const sameYear = date.getFullYear() === now.getFullYear()
  return (sameYear ? shortDateFormat : shortDateYearFormat).format(date)
}

/**
 * One formatter for every full time: building an Intl.DateTimeFormat (what toLocaleString does on
 * each call) costs far more than using one, and a feed formats dozens.
 */
const fullTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short' })
const shortDateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' })
const shortDateYearFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
})

/** The full time for a title attribute. */
export function formatFullTime(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return fullTimeFormat.format(date)
}

/** Counts as players read them: exact below 10,000 (1000), then 12K, 3.4M. */
export function formatCount(value: number): string {
  if (value < 10_000) return String(value)
  if (value < 1_000_000) return `${trim(value / 1000)}K`
  return `${trim(value / 1_000_000)}M`
}

function trim(value: number): string {
  return value >= 10 ? String(Math.floor(value)) : String(Math.floor(value * 10) / 10)
}
