import { useEffect, useRef } from 'react'

/**
 * Calls `onLoadMore` when the returned sentinel element scrolls into view (with a margin, so the
 * next page is there before the reader is). A "Load more" button stays as the fallback.
 */
export function useInfiniteScroll(onLoadMore: () => void, enabled: boolean) {
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
      { rootMargin: '400px 0px' },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [enabled])

  return sentinelRef
}
