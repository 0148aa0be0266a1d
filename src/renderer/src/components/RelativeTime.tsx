import { useState } from 'react'
import { formatFullTime, formatRelativeTime } from '../lib/relative-time'
import { useNow } from '../lib/ticker'

/**
 * "3m" with the full time on hover; follows the shared minute ticker so "now" grows up. The full
 * time is formatted only when the pointer or focus first reaches it, not for every post drawn.
 */
export function RelativeTime({ iso }: { iso: string }) {
  const now = useNow()
  const [title, setTitle] = useState<string | undefined>(undefined)
  const fill = () => {
    if (title === undefined) setTitle(formatFullTime(iso))
  }
  return (
    <time className="time" dateTime={iso} title={title} onMouseEnter={fill} onFocus={fill}>
      {formatRelativeTime(iso, new Date(now))}
    </time>
  )
}

/** "edited", with the time of the edit on hover and for screen readers. */
export function EditedMark({ iso }: { iso: string }) {
  const full = formatFullTime(iso)
  return (
    <span className="edited-mark" title={`Edited ${full}`}>
      <span aria-hidden="true">· edited</span>
      <span className="visually-hidden">Edited {full}</span>
    </span>
  )
}
