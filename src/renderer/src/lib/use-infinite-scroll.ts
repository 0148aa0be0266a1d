import { useEffect, useRef } from 'react'
import type { RefObject } from 'react'

/**
 * Calls `onLoadMore` when the returned sentinel element scrolls into view (with a margin, so the
 * next page is there before the reader is). A "Load more" button stays as the fallback.
 * `rootRef` names the scrolling box when the list scrolls inside one (a dialog), so that the
 * margin counts in that box rather than in the window.
 */
export function useInfiniteScroll(
  onLoadMore: () => void,
  enabled: boolean,
  rootRef?: RefObject<HTMLElement | null>,
) {
  const sentinelRef = useRef<HTMLDivElement>(null)
  const callback = useRef(onLoadMore)
  useEffect(() => {
    callback.current = onLoadMore
  })

  useEffect(() => {
    const node = sentinelRef.current
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current()
      },
      { root: rootRef?.current ?? null, rootMargin: '400px 0px' },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [enabled, rootRef])

  return sentinelRef
}
