import { useEffect, useState } from 'react'
import { formatFullTime, formatRelativeTime } from '../lib/relative-time'

/** "3m" with the full time on hover; re-renders each minute so "now" grows up. */
export function RelativeTime({ iso }: { iso: string }) {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000)
    return () => clearInterval(timer)
  }, [])
  return (
    <time className="time" dateTime={iso} title={formatFullTime(iso)}>
      {formatRelativeTime(iso, now)}
    </time>
  )
}
