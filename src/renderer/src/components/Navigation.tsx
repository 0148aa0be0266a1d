import { useAtomValue, useSetAtom } from 'jotai'
import { NavLink } from 'react-router-dom'
import { userAtom } from '../state/auth'
import { openModalAtom } from '../state/modals'
import { useHomeHabit } from '../lib/use-home-habit'
import { Avatar } from './Avatar'
import { OpenReportsBadge } from './HostCount'
import { Icon } from './Icon'
import { NotificationBell } from './NotificationBell'
import { MessagesLink } from './MessagesLink'
import type { IconName } from './Icon'
import { profilePath } from '../lib/paths'
import { openReportsAtom, serverLabel } from '../state/host'
import { useServerFeature } from '../state/server-features'
import { PRESENCE_COPY } from '../copy'

function navClass({ isActive }: { isActive: boolean }) {
  return `nav-link${isActive ? ' active' : ''}`
}

/** The desktop sidebar: Home, Explore, Bookmarked, Profile, Server and New Post. */
export function Sidebar() {
  const user = useAtomValue(userAtom)
  const homeHabit = useHomeHabit()
  const openModal = useSetAtom(openModalAtom)
  const openReports = useAtomValue(openReportsAtom)
  const links: [string, string, IconName][] = [
    ['/home', 'Home', 'home'],
    ['/explore', 'Explore', 'explore'],
    ['/bookmarks', 'Bookmarked', 'bookmark'],
    ['/game-nights', 'Game nights', 'calendar'],
    [`/${user?.username ?? ''}`, 'Profile', 'user'],
    // Not in the spec's list: the desktop app's server screens (also useful in a browser).
    ['/server', 'Server', 'server'],
  ]
  return (
    <nav className="sidebar" aria-label="Main">
      <ul>
        {links.map(([to, label, icon]) => (
          <li key={label}>
            <NavLink
              to={to}
              className={navClass}
              // A night's page keeps "Game nights" lit; every other link is its page alone.
              end={to !== '/game-nights'}
              onClick={to === '/home' ? homeHabit : undefined}
              aria-label={to === '/server' ? serverLabel(openReports) : undefined}
            >
              {to === '/server' ? (
                <span className="bell">
                  <Icon name={icon} size={22} />
                  <OpenReportsBadge />
                </span>
              ) : (
                <Icon name={icon} size={22} />
              )}
              <span>{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="btn btn-primary btn-block new-post-btn"
        onClick={() => openModal({ kind: 'newPost' })}
      >
        <Icon name="plus" size={18} /> New Post
      </button>
      {user ? (
        <NavLink to={profilePath(user.username)} className="sidebar-me">
          <Avatar src={user.profileImg} username={user.username} size={36} presenceOf={user._id} />
          <span className="sidebar-me-name">@{user.username}</span>
        </NavLink>
      ) : null}
    </nav>
  )
}

/**
 * The phone bottom bar: home, bookmarks, add post, explore, game nights, who's here, messages,
 * notifications, profile.
 */
export function BottomBar() {
  const user = useAtomValue(userAtom)
  const presence = useServerFeature('presence')
  const homeHabit = useHomeHabit()
  const openModal = useSetAtom(openModalAtom)
  const item = (to: string, label: string, icon: IconName) => (
    <NavLink
      to={to}
      className={navClass}
      aria-label={label}
      title={label}
      end
      onClick={to === '/home' ? homeHabit : undefined}
    >
      <Icon name={icon} size={24} />
    </NavLink>
  )
  return (
    <nav className="bottombar" aria-label="Main (mobile)">
      {item('/home', 'Home', 'home')}
      {item('/bookmarks', 'Bookmarks', 'bookmark')}
      <button
        type="button"
        className="bottombar-add"
        aria-label="New post"
        title="New post"
        onClick={() => openModal({ kind: 'newPost' })}
      >
        <Icon name="plus" size={26} />
      </button>
      {item('/explore', 'Explore', 'explore')}
      {item('/game-nights', 'Game nights', 'calendar')}
      {presence ? item('/here', PRESENCE_COPY.here.nav, 'gamepad') : null}
      <MessagesLink className={navClass} size={24} />
      <NotificationBell className={navClass} size={24} />
      {item(`/${user?.username ?? ''}`, 'Profile', 'user')}
    </nav>
  )
}
