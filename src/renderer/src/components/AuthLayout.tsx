import type { ReactNode } from 'react'
import { Icon } from './Icon'
import { ThemeToggle } from './ThemeToggle'
import { COPY } from '../copy'

/** The split screen for login and signup: the brand and tagline, then the form. */
export function AuthLayout({ tagline, children }: { tagline: string; children: ReactNode }) {
  return (
    <main id="main" className="auth-page" tabIndex={-1}>
      <ThemeToggle className="auth-theme" />
      <section className="auth-hero">
        <div className="auth-brand">
          <span className="brand-mark big" aria-hidden="true">
            <Icon name="gamepad" size={34} />
          </span>
          <span className="brand-name">Gamerstage</span>
        </div>
        <h1 className="auth-tagline">{tagline}</h1>
        <p className="auth-sub">{COPY.auth.heroLine}</p>
      </section>
      <section className="auth-panel card">{children}</section>
    </main>
  )
}
