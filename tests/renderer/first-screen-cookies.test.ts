/**
 * The cookies the server draws a signed-in /home with (lib/first-screen-cookies.ts) follow the
 * session and the theme, and hold the session only while the API is the page's own server.
 */
import { createStore } from 'jotai'
import { afterEach, describe, expect, it } from 'vitest'
import { keepFirstScreenCookies } from '../../src/renderer/src/lib/first-screen-cookies'
import { setSessionAtom } from '../../src/renderer/src/state/auth'
import { connectionAtom } from '../../src/renderer/src/state/connection'
import { themeAtom } from '../../src/renderer/src/state/theme'
import { ME, userOf } from './state-fixtures'

function cookies(): Record<string, string> {
  return Object.fromEntries(
    document.cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  )
}

describe('first-screen cookies', () => {
  afterEach(() => {
    for (const name of Object.keys(cookies())) document.cookie = `${name}=; Path=/; Max-Age=0`
    localStorage.clear()
  })

  it('hold the session while the API is this page’s server, and the theme', () => {
    const store = createStore()
    store.set(connectionAtom, { kind: 'remote', baseUrl: location.origin })
    keepFirstScreenCookies(store)
    expect(cookies().gamerstage_session).toBeUndefined()
    expect(cookies().gamerstage_theme).toBe('dark')

    store.set(setSessionAtom, { user: userOf(ME), token: 'a.b.c' })
    expect(cookies().gamerstage_session).toBe('a.b.c')
    store.set(themeAtom, 'light')
    expect(cookies().gamerstage_theme).toBe('light')

    // A friend's server: this page's server knows no such token.
    store.set(connectionAtom, { kind: 'remote', baseUrl: 'http://friend:4567' })
    expect(cookies().gamerstage_session).toBeUndefined()
    store.set(connectionAtom, { kind: 'remote', baseUrl: location.origin })
    expect(cookies().gamerstage_session).toBe('a.b.c')

    store.set(setSessionAtom, null)
    expect(cookies().gamerstage_session).toBeUndefined()
    expect(cookies().gamerstage_theme).toBe('light')
  })
})
