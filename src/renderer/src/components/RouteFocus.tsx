import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'
import { routeTitle } from '../lib/route-title'

/** How long to wait for a page's heading to appear (a profile loads first). */
const HEADING_WAIT_MS = 2000

/**
 * On every route: the document title names the page, and after a change of page the keyboard
 * focus moves to its main heading, so a screen reader announces where one landed.
 */
export function RouteFocus() {
  const { pathname } = useLocation()
  const first = useRef(true)

  useEffect(() => {
    document.title = routeTitle(pathname)
    if (first.current) {
      first.current = false
      return
    }
    const started = performance.now()
    let frame = 0
    const focusHeading = () => {
      const heading = document.querySelector<HTMLElement>('main h1, h1')
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
        // Not when the person already moved on (typing in the search, say).
        const active = document.activeElement
        if (!active || active === document.body || active.closest('nav, .sidebar, .bottombar')) {
          heading.focus({ preventScroll: true })
        }
        return
      }
      if (performance.now() - started < HEADING_WAIT_MS) frame = requestAnimationFrame(focusHeading)
    }
    frame = requestAnimationFrame(focusHeading)
    return () => cancelAnimationFrame(frame)
  }, [pathname])

  return null
}
