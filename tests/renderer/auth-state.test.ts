import { createStore } from 'jotai'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Post, User } from '../../src/shared/api-types'
import {
  bookmarkIdsAtom,
  followingNamesAtom,
  isLoggedInAtom,
  setSessionAtom,
  userAtom,
} from '../../src/renderer/src/state/auth'
import { logoutAtom } from '../../src/renderer/src/state/session'
import { themeAtom, toggleThemeAtom } from '../../src/renderer/src/state/theme'

const summary = { _id: '2', id: '2', username: 'nova', firstName: '', lastName: '', profileImg: '' }
const user = {
  ...summary,
  _id: '1',
  id: '1',
  username: 'player1',
  bio: '',
  createdAt: '',
  updatedAt: '',
  followers: [],
  following: [summary],
  bookmarks: [{ _id: 'p9' } as Post],
  followerCount: 0,
  followingCount: 1,
  postCount: 0,
} satisfies User

describe('auth state', () => {
  beforeEach(() => localStorage.clear())

  it('stores the session under the keys user and token', () => {
    const store = createStore()
    store.set(setSessionAtom, { user, token: 'tok' })
    expect(localStorage.getItem('token')).toBe('tok')
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({
      username: 'player1',
    })
    expect(store.get(isLoggedInAtom)).toBe(true)
  })

  it('derives bookmark ids and followed usernames from the user', () => {
    const store = createStore()
    store.set(userAtom, user)
    expect(store.get(bookmarkIdsAtom).has('p9')).toBe(true)
    expect(store.get(followingNamesAtom).has('nova')).toBe(true)
  })

  it('clears both keys on logout', () => {
    const store = createStore()
    store.set(setSessionAtom, { user, token: 'tok' })
    store.set(logoutAtom)
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('user')).toBeNull()
    expect(store.get(isLoggedInAtom)).toBe(false)
  })
})

describe('theme state', () => {
  it('toggles and stores "light" or "dark" under theme', () => {
    const store = createStore()
    const first = store.get(themeAtom)
    store.set(toggleThemeAtom)
    const second = store.get(themeAtom)
    expect(second).not.toBe(first)
    expect(localStorage.getItem('theme')).toBe(second)
    expect(document.documentElement.dataset.theme).toBe(second)
  })
})
