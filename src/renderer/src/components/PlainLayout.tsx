import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { BrandLink } from './BrandLink'
import { Icon } from './Icon'
import { ThemeToggle } from './ThemeToggle'

/** A minimal chrome for public screens besides login (the Server page when logged out). */
export function PlainLayout({ children }: { children: ReactNode }) {
  return (
    <div className="app">
      <header className="topbar">
        <div className="topbar-inner">
          <BrandLink to="/" label="Gamerstage login" />
          <div className="topbar-actions">
            <ThemeToggle />
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
