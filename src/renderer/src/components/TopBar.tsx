import { useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'
import { createPortal } from 'react-dom'
import { Link, NavLink } from 'react-router-dom'
import { userAtom } from '../state/auth'
import { leaveAtom, leavingAtom } from '../state/session'
import { Avatar } from './Avatar'
import { useHomeHabit } from '../lib/use-home-habit'
import { BrandLink } from './BrandLink'
import { OpenReportsBadge } from './HostCount'
import { ConfirmDialog } from './ConfirmDialog'
import { Icon } from './Icon'
import { NotificationBell } from './NotificationBell'
import { MessagesLink } from './MessagesLink'
import { ThemeToggle } from './ThemeToggle'
import { TopBarStatus } from './TopBarStatus'
import { SearchBox } from './SearchBox'
import { profilePath } from '../lib/paths'
import { openReportsAtom, serverLabel } from '../state/host'

/** Phones: the width under which the top bar holds the Server icon (styles/server.css). */
const PHONE_QUERY = '(max-width: 768px)'

function onPhone(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches
}

export function TopBar() {
  const user = useAtomValue(userAtom)
  const homeHabit = useHomeHabit()
  const leave = useSetAtom(leaveAtom)
  const leaving = useAtomValue(leavingAtom)
  const openReports = useAtomValue(openReportsAtom)
  // On phones the logout icon sits one thumb-width from the Server icon: it asks first.
  const [confirming, setConfirming] = useState(false)

  const onLogoutIcon = () => {
    if (leaving) return
    if (onPhone()) setConfirming(true)
    else onLogout()
  }

  // The spec's toast and delay, the screen inert meanwhile (state/session.ts).
  const onLogout = () => {
    setConfirming(false)
    leave()
  }

  return (
    <header className="topbar">
      <div className="topbar-inner">
        <BrandLink to="/home" label="Gamerstage home" onClick={homeHabit} />
        <SearchBox />
        <div className="topbar-actions">
          <ThemeToggle />
          {/* On phones the bell is in the bottom bar instead (hidden here there). */}
          <MessagesLink className="icon-btn topbar-bell" />
          <NotificationBell className="icon-btn topbar-bell" />
          {/* Phones have no sidebar: the Server page is reached from here (hidden on desktop). */}
          <NavLink
            to="/server"
            className="icon-btn topbar-server"
            aria-label={serverLabel(openReports)}
            title="Server"
          >
            <span className="bell">
              <Icon name="server" />
              <OpenReportsBadge />
            </span>
          </NavLink>
          <TopBarStatus />
          {user ? (
            <Link
              to={profilePath(user.username)}
              className="topbar-avatar"
              aria-label="Your profile"
            >
              <Avatar
                src={user.profileImg}
                username={user.username}
                size={34}
                presenceOf={user._id}
              />
            </Link>
          ) : null}
          <button
            type="button"
            className="icon-btn"
            aria-label="Log out"
            title="Log out"
            // Not `disabled`: the confirmation gives focus back to this button as it closes.
            aria-disabled={leaving || undefined}
            onClick={onLogoutIcon}
          >
            <Icon name="logout" />
          </button>
          {/* Into the body, as the status editor: the top bar's backdrop-filter would hold a
              fixed backdrop inside its own 56 px. */}
          {confirming
            ? createPortal(
                <ConfirmDialog
                  title="Log out?"
                  text="Log out of this device?"
                  confirmLabel="Yes, log out"
                  danger={false}
                  onConfirm={onLogout}
                  onClose={() => setConfirming(false)}
                />,
                document.body,
              )
            : null}
        </div>
      </div>
    </header>
  )
}
