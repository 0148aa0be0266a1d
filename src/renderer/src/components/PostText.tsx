import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'
import type * as LinkifyModule from 'linkifyjs'

type Linkify = typeof LinkifyModule

/**
 * linkifyjs (with its list of top-level domains) loads after the first paint, in its own chunk,
 * once the browser is idle: it would otherwise be a tenth of the first load, and starting it
 * costs as much as drawing the posts. Until then a post shows as plain text.
 */
let linkify: Linkify | null = null
let loading: Promise<Linkify> | null = null
function loadLinkify(): Promise<Linkify> {
  loading ??= import('linkifyjs').then((module) => (linkify = module))
  return loading
}

/**
 * Runs `task` when the browser is next idle (at most `timeoutMs` later): after the frame that
 * shows the posts, which it would otherwise delay by the time linkify takes to start.
 */
function whenIdle(task: () => void, timeoutMs = 500): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: timeoutMs })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(task, 50)
  return () => clearTimeout(id)
}

/**
 * Text with its web addresses as links. Links open in a new window, which the desktop app turns
 * into the system browser (src/main/window.ts `lockNavigation`); only http(s) addresses count.
 */
export function LinkifiedText({ text }: { text: string }) {
  const [finder, setFinder] = useState<Linkify | null>(linkify)
  const maybeLink = /[.:]/.test(text)
  useEffect(() => {
    if (!finder && maybeLink) {
      let live = true
      const cancel = whenIdle(() => void loadLinkify().then((module) => live && setFinder(module)))
      return () => {
        live = false
        cancel()
      }
    }
  }, [finder, maybeLink])

  if (!finder || !maybeLink) return <>{text}</>
  const parts: ReactNode[] = []
  let at = 0
  for (const match of finder.find(text, 'url')) {
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
