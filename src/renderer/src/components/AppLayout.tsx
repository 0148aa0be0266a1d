import type { ReactNode } from 'react'
import { useAtomValue, useStore } from 'jotai'
import { Outlet } from 'react-router-dom'
import { useHostLive } from './HostCount'
import { KeyboardShortcuts } from './KeyboardShortcuts'
import { ModalHost } from './ModalHost'
import { BottomBar, Sidebar } from './Navigation'
import { useNotificationsLive } from './NotificationBell'
import { useConversationsLive } from './MessagesLink'
import { TopBar } from './TopBar'
import { useServerFeaturesLive } from '../state/server-features'
import { leavingAtom } from '../state/session'
import { usePresenceLive } from '../state/presence'
import { lazyComponent } from '../lib/lazy-component'

/** The side panel fills in after the screen's own content: not part of the first load. */
const WhosHere = lazyComponent(() => import('./WhosHere').then((module) => module.WhosHere))
/** Drafts kept on the server: started after the first screen. */
const DraftSync = lazyComponent(() => import('./DraftSync').then((module) => module.DraftSync))
import { useDetectedStatusSync } from '../state/game-detection'
import { useIdleReport } from '../state/own-presence'

/** The chrome around every protected screen (the route's, or `children` when given). */
export function AppLayout({ children }: { children?: ReactNode }) {
  useNotificationsLive()
  useConversationsLive()
  useHostLive()
  useServerFeaturesLive(useStore())
  usePresenceLive()
  useIdleReport()
  useDetectedStatusSync()
  // During logout's delay nothing can be clicked, focused or typed into (the toast is outside).
  const leaving = useAtomValue(leavingAtom)
  return (
    <div className="app" inert={leaving}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <TopBar />
      <DraftSync />
      <div className="shell">
        <div className="sidebar-column">
          <Sidebar />
          <WhosHere variant="panel" />
        </div>
        <main id="main" className="main" tabIndex={-1}>
          {children ?? <Outlet />}
        </main>
      </div>
      <BottomBar />
      <ModalHost />
      <KeyboardShortcuts />
    </div>
  )
}
