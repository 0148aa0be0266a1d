import { useAtomValue } from 'jotai'
import { useEffect, useLayoutEffect, useRef } from 'react'
import { Link } from 'react-router-dom'
import { checkHealth } from '../api/meta'
import { inDesktopApp } from '../bridge/get-bridge'
import { liveNoticeAtom } from '../live/status'
import { serverRetryDelay, serverStatusAtom } from '../state/server-status'
import { Icon } from './Icon'
import { COPY } from '../copy'

/** How often to check, unprompted, that the server is still there. */
const HEARTBEAT_MS = 20_000

function ping() {
  // The API client reports the outcome (server-status atoms); nothing to do here.
  checkHealth().catch(() => undefined)
}

/**
 * "Can't reach the server" across the top of every screen while the server is gone, polling its
 * health until it answers; the screens underneath keep what they showed. Short of that, it says
 * when the live updates stopped (after a grace period, live/start.ts) and when they are back.
 */
export function ServerBanner() {
  const status = useAtomValue(serverStatusAtom)
  const liveNotice = useAtomValue(liveNoticeAtom)
  const shown = status.unreachable ? 'unreachable' : liveNotice
  const desktop = inDesktopApp()
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!status.unreachable) return
    let timer: ReturnType<typeof setTimeout>
    const next = () => {
      timer = setTimeout(() => {
        ping()
        next()
      }, serverRetryDelay())
    }
    next()
    return () => clearTimeout(timer)
  }, [status.unreachable])

  // A server can go away while nothing is loading: check when the window comes back into use.
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'visible') ping()
    }
    window.addEventListener('focus', check)
    window.addEventListener('online', check)
    const timer = setInterval(check, HEARTBEAT_MS)
    return () => {
      window.removeEventListener('focus', check)
      window.removeEventListener('online', check)
      clearInterval(timer)
    }
  }, [])

  // The sticky top bar sits below the banner rather than under it.
  useLayoutEffect(() => {
    const element = ref.current
    const root = document.documentElement
    if (!element) return
    const update = () => root.style.setProperty('--banner-h', `${element.offsetHeight}px`)
    update()
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update)
    observer?.observe(element)
    return () => {
      observer?.disconnect()
      root.style.removeProperty('--banner-h')
    }
  }, [shown])

  if (shown === 'none') return null
  if (shown !== 'unreachable') {
    return (
      <div className={`server-banner live-${shown}`} role="status" ref={ref}>
        <Icon name={shown === 'back' ? 'check' : 'refresh'} size={18} />
        <p>{shown === 'back' ? COPY.live.back : COPY.live.paused}</p>
      </div>
    )
  }
  return (
    <div className="server-banner" role="alert" ref={ref}>
      <Icon name="alert" size={18} />
      <p>
        Can&apos;t reach the server at <strong>{status.baseUrl}</strong>. Retrying…
        {desktop ? (
          <>
            {' '}
            <Link to="/server" className="server-banner-link">
              Change server
            </Link>
          </>
        ) : null}
      </p>
    </div>
  )
}
