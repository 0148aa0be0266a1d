import { useSetAtom } from 'jotai'
import type { MouseEvent } from 'react'
import { useLocation } from 'react-router-dom'
import { loadPostListAtom } from '../state/posts'

/**
 * Home (or the logo) while already on /home does what people expect of a feed: back to the top
 * and a fresh first page. Elsewhere the link just navigates.
 */
export function useHomeHabit(): (event: MouseEvent) => void {
  const { pathname } = useLocation()
  const load = useSetAtom(loadPostListAtom)
  return (event) => {
    if (pathname !== '/home' || event.ctrlKey || event.metaKey || event.shiftKey) return
    event.preventDefault()
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' })
    void load('feed', { reset: true })
  }
}
