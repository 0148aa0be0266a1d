import { useAtomValue, useSetAtom } from 'jotai'
import { themeAtom, toggleThemeAtom } from '../state/theme'
import { Icon } from './Icon'

/** The light/dark switch of every layout; its name says what a click will do. */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const theme = useAtomValue(themeAtom)
  const toggleTheme = useSetAtom(toggleThemeAtom)
  return (
    <button
      type="button"
      className={`icon-btn ${className}`.trim()}
      aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
      title={theme === 'dark' ? 'Light theme' : 'Dark theme'}
      onClick={() => toggleTheme()}
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
    </button>
  )
}
