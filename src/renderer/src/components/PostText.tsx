import * as linkify from 'linkifyjs'
import type { ReactNode } from 'react'

/**
 * Text with its web addresses as links. Links open in a new window, which the desktop app turns
 * into the system browser (src/main/window.ts `lockNavigation`); only http(s) addresses count.
 */
export function LinkifiedText({ text }: { text: string }) {
  const parts: ReactNode[] = []
  let at = 0
  for (const match of linkify.find(text, 'url')) {
    if (!/^https?:\/\//i.test(match.href)) continue
    if (match.start > at) parts.push(text.slice(at, match.start))
    parts.push(
      <a
        key={match.start}
        href={match.href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="post-link"
      >
        {match.value}
      </a>,
    )
    at = match.end
  }
  if (at < text.length) parts.push(text.slice(at))
  return <>{parts}</>
}
