import { useEffect, useRef, useState } from 'react'

/** How long "Undo" stays offered before a delete goes to the server. */
export const UNDO_WINDOW_MS = 5000

/**
 * A delete that waits `UNDO_WINDOW_MS` before it happens, so it can be undone. Leaving the page
 * meanwhile carries it out at once: the person asked for it.
 */
export function useUndoableDelete(commit: () => void, delayMs = UNDO_WINDOW_MS) {
  const [pending, setPending] = useState(false)
  const pendingRef = useRef(false)
  const commitRef = useRef(commit)
  useEffect(() => {
    commitRef.current = commit
  })

  useEffect(() => {
    if (!pending) return
    const timer = setTimeout(() => {
      pendingRef.current = false
      setPending(false)
      commitRef.current()
    }, delayMs)
    return () => clearTimeout(timer)
  }, [pending, delayMs])

  useEffect(
    () => () => {
      if (pendingRef.current) commitRef.current()
    },
    [],
  )

  return {
    pending,
    start: () => {
      pendingRef.current = true
      setPending(true)
    },
    undo: () => {
      pendingRef.current = false
      setPending(false)
    },
  }
}
