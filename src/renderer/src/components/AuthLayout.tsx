import type { ReactNode } from 'react'
import { useAtomValue, useSetAtom } from 'jotai'
import { themeAtom, toggleThemeAtom } from '../state/theme'
import { Icon } from './Icon'

/** The split screen for login and signup: the brand and tagline, then the form. */
export function AuthLayout({ tagline, children }: { tagline: string; children: ReactNode }) {
  const theme = useAtomValue(themeAtom)
  const toggleTheme = useSetAtom(toggleThemeAtom)
  return (
    <div className="auth-page">
      <button
        type="button"
        className="icon-btn auth-theme"
        aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
        onClick={() => toggleTheme()}
      >
        <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
      </button>
      <section className="auth-hero">
        <div className="auth-brand">
          <span className="brand-mark big" aria-hidden="true">
            <Icon name="gamepad" size={34} />
          </span>
          <span className="brand-name">Gamerstage</span>
        </div>
        <h1 className="auth-tagline">{tagline}</h1>
        <p className="auth-sub">
          Share clips of thought, hype your squad, find your next co-op crew.
        </p>
      </section>
      <section className="auth-panel card">{children}</section>
    </div>
  )
}
