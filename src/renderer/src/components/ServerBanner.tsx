import { useAtomValue } from 'jotai'
import { useLayoutEffect, useRef } from 'react'
import { Link } from 'react-router-dom'
import { inDesktopApp } from '../bridge/get-bridge'
import { liveNoticeAtom } from '../live/status'
import { serverStatusAtom, useServerWatch } from '../state/server-status'
import { Icon } from './Icon'
import { COPY } from '../copy'

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

  useServerWatch(status.unreachable)

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
