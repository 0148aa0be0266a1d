import type { ReactNode } from 'react'
import { useAtomValue, useSetAtom } from 'jotai'
import { Link } from 'react-router-dom'
import { themeAtom, toggleThemeAtom } from '../state/theme'
import { Icon } from './Icon'

/** A minimal chrome for public screens besides login (the Server page when logged out). */
export function PlainLayout({ children }: { children: ReactNode }) {
  const theme = useAtomValue(themeAtom)
  const toggleTheme = useSetAtom(toggleThemeAtom)
  return (
    <div className="app">
      <header className="topbar">
        <div className="topbar-inner">
          <Link to="/" className="brand" aria-label="Gamerstage login">
            <span className="brand-mark" aria-hidden="true">
              <Icon name="gamepad" size={22} />
            </span>
            <span className="brand-name">Gamerstage</span>
          </Link>
          <div className="topbar-actions">
            <button
              type="button"
              className="icon-btn"
              aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
              title={theme === 'dark' ? 'Light theme' : 'Dark theme'}
              onClick={() => toggleTheme()}
            >
              <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
            </button>
            <Link to="/" className="btn btn-secondary btn-sm">
              <Icon name="back" size={16} /> Back to login
            </Link>
          </div>
        </div>
      </header>
      <main id="main" className="plain-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  )
}
