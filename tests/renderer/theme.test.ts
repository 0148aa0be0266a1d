/**
 * The first theme follows the system's (`prefers-color-scheme`) until the user chooses one; a
 * stored choice wins.
 */
import { createStore } from 'jotai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

type Listener = () => void

/** A `matchMedia` whose `(prefers-color-scheme: light)` answer the test sets and can change. */
function mockSystemTheme(light: boolean) {
  const listeners = new Set<Listener>()
  const query = {
    matches: light,
    media: '(prefers-color-scheme: light)',
    addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
    removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
  }
  vi.stubGlobal(
    'matchMedia',
    vi.fn((media: string) =>
      media === '(prefers-color-scheme: light)' ? query : { ...query, matches: false, media },
    ),
  )
  return {
    set(nextLight: boolean) {
      query.matches = nextLight
      for (const listener of listeners) listener()
    },
  }
}

async function freshThemeModule() {
  vi.resetModules()
  return import('../../src/renderer/src/state/theme')
}

describe('the first theme', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => {
    vi.unstubAllGlobals()
    localStorage.clear()
  })

  it('is light when the system is light and nothing is stored', async () => {
    mockSystemTheme(true)
    const { themeAtom } = await freshThemeModule()
    expect(createStore().get(themeAtom)).toBe('light')
  })

  it('is dark when the system is dark and nothing is stored', async () => {
    mockSystemTheme(false)
    const { themeAtom } = await freshThemeModule()
    expect(createStore().get(themeAtom)).toBe('dark')
  })

  it('is the stored choice, whatever the system says', async () => {
    mockSystemTheme(true)
    localStorage.setItem('theme', 'dark')
    const { themeAtom } = await freshThemeModule()
    expect(createStore().get(themeAtom)).toBe('dark')
  })

  it('follows the system when it changes, until the user chooses', async () => {
    const system = mockSystemTheme(false)
    const { themeAtom, toggleThemeAtom, followSystemTheme } = await freshThemeModule()
    const store = createStore()
    const stop = followSystemTheme(store)
    system.set(true)
    expect(store.get(themeAtom)).toBe('light')
    expect(document.documentElement.dataset.theme).toBe('light')
    store.set(toggleThemeAtom)
    expect(store.get(themeAtom)).toBe('dark')
    system.set(true)
    expect(store.get(themeAtom)).toBe('dark')
    stop()
  })
})
