import { atom } from 'jotai'
import type { Post, User, UserSummary } from '../../../shared/api-types'

/** localStorage keys, as the original client's: the user as JSON, the raw token. */
export const USER_KEY = 'user'
export const TOKEN_KEY = 'token'

function readStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(USER_KEY)
    return raw ? (JSON.parse(raw) as User) : null
  } catch {
    return null
  }
}

function readStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY) || null
  } catch {
    return null
  }
}

const baseUserAtom = atom<User | null>(readStoredUser())
const baseTokenAtom = atom<string | null>(readStoredToken())

/** The logged-in user; writing it also writes localStorage `user`. */
export const userAtom = atom(
  (get) => get(baseUserAtom),
  (_get, set, user: User | null) => {
    set(baseUserAtom, user)
    if (user) localStorage.setItem(USER_KEY, JSON.stringify(user))
    else localStorage.removeItem(USER_KEY)
  },
)

export const tokenAtom = atom((get) => get(baseTokenAtom))

/** localStorage key: set while the signed-in account must choose its password (below). */
export const CHOOSE_PASSWORD_KEY = 'choosePassword'

function readStoredChoice(): boolean {
  try {
    return localStorage.getItem(CHOOSE_PASSWORD_KEY) === '1'
  } catch {
    return false
  }
}

const baseChoosePasswordAtom = atom(readStoredChoice())

/**
 * True while the signed-in account still has the one-time password the server made for it
 * (`--admin`; docs/features.md, "Who hosts a server"): the app shows "Choose your password" and
 * nothing else until it is done. Said by the login's answer, the session, and any write the
 * server refused with CHOOSE_PASSWORD_FIRST; kept across a reload.
 */
export const mustChoosePasswordAtom = atom(
  (get) => get(baseChoosePasswordAtom) && Boolean(get(baseTokenAtom)),
  (_get, set, must: boolean) => {
    set(baseChoosePasswordAtom, must)
    try {
      if (must) localStorage.setItem(CHOOSE_PASSWORD_KEY, '1')
      else localStorage.removeItem(CHOOSE_PASSWORD_KEY)
    } catch {
      // Storage refused: the screen still shows until the password is chosen in this window.
    }
  },
)

/**
 * The one-time password typed at this login, kept in memory only (never stored) while the
 * password is to be chosen, so that the screen need not ask for it again; after a reload it does.
 */
export const oneTimePasswordAtom = atom<string | null>(null)

export const isLoggedInAtom = atom((get) => Boolean(get(baseTokenAtom) && get(baseUserAtom)))

/** Stores a session (login, signup) or clears it (null). */
export const setSessionAtom = atom(
  null,
  (_get, set, session: { user: User; token: string } | null) => {
    set(userAtom, session?.user ?? null)
    set(baseTokenAtom, session?.token ?? null)
    if (session) localStorage.setItem(TOKEN_KEY, session.token)
    else {
      localStorage.removeItem(TOKEN_KEY)
      set(mustChoosePasswordAtom, false)
      set(oneTimePasswordAtom, null)
    }
  },
)

/**
 * A session this browser's storage does not hold, set without writing it there: the server
 * drawing a signed-in first screen (first-screen.tsx), where there is no storage.
 */
export const seedSessionAtom = atom(null, (_get, set, session: { user: User; token: string }) => {
  set(baseUserAtom, session.user)
  set(baseTokenAtom, session.token)
})

/** Ids of the posts the user has bookmarked. */
export const bookmarkIdsAtom = atom(
  (get) => new Set((get(baseUserAtom)?.bookmarks ?? []).map((post) => post._id)),
)

/** Usernames the user follows. */
export const followingNamesAtom = atom(
  (get) => new Set((get(baseUserAtom)?.following ?? []).map((user) => user.username)),
)

/** Replaces part of the stored user (and keeps localStorage in step). */
export const patchUserAtom = atom(null, (get, set, patch: (user: User) => User) => {
  const user = get(baseUserAtom)
  if (user) set(userAtom, patch(user))
})

export function toSummary(user: UserSummary): UserSummary {
  const { _id, id, username, firstName, lastName, profileImg } = user
  return { _id, id, username, firstName, lastName, profileImg }
}

/** The user with `other` in (or out of) the list of whom they follow. */
export function withFollowing(user: User, other: UserSummary, following: boolean): User {
  const rest = user.following.filter((u) => u.username !== other.username)
  return { ...user, following: following ? [...rest, toSummary(other)] : rest }
}

export function withBookmark(user: User, post: Post, bookmarked: boolean): User {
  const rest = (user.bookmarks ?? []).filter((p) => p._id !== post._id)
  return { ...user, bookmarks: bookmarked ? [post, ...rest] : rest }
}
