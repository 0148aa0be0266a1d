import { atom } from 'jotai'

export type Theme = 'light' | 'dark'
export const THEME_KEY = 'theme'

function readStoredTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_KEY)
    if (stored === 'light' || stored === 'dark') return stored
  } catch {
    // Storage can be unavailable (private mode); fall through to the default.
  }
  return 'dark'
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
