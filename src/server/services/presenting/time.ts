const pad = (value: number) => String(Math.trunc(Math.abs(value))).padStart(2, '0')

/**
 * Formats epoch milliseconds as `YYYY-MM-DDTHH:mm:ss±hh:mm` in the server's time zone
 * (docs/decisions.md), e.g. `2026-11-21T14:03:09+01:00`.
 */
export function formatTimestamp(ms: number): string {
  const date = new Date(ms)
  const offsetMinutes = -date.getTimezoneOffset()
  const sign = offsetMinutes >= 0 ? '+' : '-'
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(offsetMinutes / 60)}:${pad(offsetMinutes % 60)}`
  )
}
