import { atom } from 'jotai'
import type { store as appStore } from './store'

export type Theme = 'light' | 'dark'
export const THEME_KEY = 'theme'

const LIGHT_QUERY = '(prefers-color-scheme: light)'

function readStoredChoice(): Theme | null {
  try {
    const stored = localStorage.getItem(THEME_KEY)
    if (stored === 'light' || stored === 'dark') return stored
  } catch {
    // Storage can be unavailable (private mode); fall through to the system's theme.
  }
  return null
}

/** The system's theme (`prefers-color-scheme`); dark where the browser cannot tell. */
export function systemTheme(): Theme {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 'dark'
  return window.matchMedia(LIGHT_QUERY).matches ? 'light' : 'dark'
}

/** The user's stored choice, else the system's theme until the user chooses one. */
function readStoredTheme(): Theme {
  return readStoredChoice() ?? systemTheme()
}

/** Puts the theme on <html data-theme>, where the CSS custom properties read it. */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme
  document.documentElement.style.colorScheme = theme
}

const baseThemeAtom = atom<Theme>(readStoredTheme())

export const themeAtom = atom(
  (get) => get(baseThemeAtom),
  (_get, set, theme: Theme) => {
    set(baseThemeAtom, theme)
    localStorage.setItem(THEME_KEY, theme)
    applyTheme(theme)
  },
)

/** The theme, set without storing or applying it: the server drawing a first screen. */
export const seedThemeAtom = atom(null, (_get, set, theme: Theme) => set(baseThemeAtom, theme))

export const toggleThemeAtom = atom(null, (get, set) => {
  set(themeAtom, get(baseThemeAtom) === 'dark' ? 'light' : 'dark')
})

/**
 * Until the user chooses a theme, the app follows the system's when it changes (a phone going
 * into its night mode); a stored choice wins from then on.
 */
export function followSystemTheme(store: typeof appStore): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined
  const query = window.matchMedia(LIGHT_QUERY)
  const changed = () => {
    if (readStoredChoice() !== null) return
    const theme = systemTheme()
    store.set(baseThemeAtom, theme)
    applyTheme(theme)
  }
  query.addEventListener('change', changed)
  return () => query.removeEventListener('change', changed)
}
