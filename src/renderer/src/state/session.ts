import { atom } from 'jotai'
import { deleteAccount } from '../api/account'
import * as authApi from '../api/auth'
import type { SessionEnd } from '../api/client'
import { notifyInfo } from '../lib/notify'
import { SPEC_TEXT } from '../copy'
import { endServerSession, resetAccountAtom } from './account'
import { resetOpenReportsAtom } from './host'
import {
  mustChoosePasswordAtom,
  oneTimePasswordAtom,
  setSessionAtom,
  tokenAtom,
  userAtom,
} from './auth'
import { resetCommentsAtom } from './comments'
import { closeModalAtom } from './modals'
import { requestRedirectAtom } from './navigation'
import { resetNotificationsAtom } from './notifications'
import { resetConversationsAtom } from './conversations'
import { resetPostsAtom } from './posts'
import { resetTogglesAtom } from './toggles'
import { resetUsersAtom } from './users'

/** A session the server ended: why, and whose it was (the login page fills the name back in). */
export interface EndedSession {
  end: SessionEnd
  username: string | null
}

/**
 * Why the server ended the last session, for the login page to say (copy.ts, "session.ended");
 * null once a new session starts, or when the user left of their own accord.
 */
export const sessionEndAtom = atom<EndedSession | null>(null)

/**
 * The id of the user who signed up in this window: their first visit to /home welcomes them as
 * new rather than "back". Kept in memory only: a reload, or the next login, is a return.
 */
const newcomerIdAtom = atom<string | null>(null)

/** True while the signed-in user is the one who just signed up in this window. */
export const isNewcomerAtom = atom((get) => {
  const id = get(newcomerIdAtom)
  return id !== null && get(userAtom)?._id === id
})

/** Logs in; throws ApiError with the server's message on failure. */
export const loginAtom = atom(null, async (_get, set, username: string, password: string) => {
  const { foundUser, encodedToken, passwordChangeRequired } = await authApi.login(
    username,
    password,
  )
  set(clearCachesAtom)
  set(newcomerIdAtom, null)
  set(sessionEndAtom, null)
  set(setSessionAtom, { user: foundUser, token: encodedToken })
  // A host's one-time password (`--admin`): "Choose your password" comes before anything else.
  const mustChoose = passwordChangeRequired === true
  set(mustChoosePasswordAtom, mustChoose)
  set(oneTimePasswordAtom, mustChoose ? password : null)
})

/** Signs up and marks the new user as a newcomer; throws ApiError on failure. */
export const signupAtom = atom(null, async (_get, set, username: string, password: string) => {
  const { createdUser, encodedToken } = await authApi.signup(username, password)
  set(clearCachesAtom)
  set(newcomerIdAtom, createdUser._id)
  set(sessionEndAtom, null)
  set(setSessionAtom, { user: createdUser, token: encodedToken })
})

const clearCachesAtom = atom(null, (_get, set) => {
  set(resetPostsAtom)
  set(resetCommentsAtom)
  set(resetUsersAtom)
  set(resetAccountAtom)
  set(resetOpenReportsAtom)
  set(resetNotificationsAtom)
  set(resetConversationsAtom)
  set(resetTogglesAtom)
  set(closeModalAtom)
})

/**
 * Set during logout's delay (the spec's toast, then 2 s; `leaveAtom`), one token per Log out, so
 * a timer finds out whether its leaving is still the one under way.
 */
const leavingTicketAtom = atom<symbol | null>(null)

/**
 * True during logout's delay: the screen is inert (components/AppLayout.tsx) and the keyboard
 * shortcuts are off, so nothing is liked, posted or typed on the way out. Logging out (or a
 * session ended another way meanwhile) clears it.
 */
export const leavingAtom = atom((get) => get(leavingTicketAtom) !== null)

/** Clears the session and every cached list, so the next user starts clean. */
export const logoutAtom = atom(null, (_get, set) => {
  set(leavingTicketAtom, null)
  set(setSessionAtom, null)
  set(newcomerIdAtom, null)
  set(sessionEndAtom, null)
  set(clearCachesAtom)
})

/** The spec: logout shows its toast and clears the session after 2 seconds. */
export const LOGOUT_DELAY_MS = 2000

/**
 * The Log out button: the spec's toast, then after LOGOUT_DELAY_MS the session ends, here and on
 * the server. Meanwhile the screen is inert (`leavingAtom`). Should the session end another way
 * in those seconds (the server refused its token, a change of server), that leaving is over: the
 * timer then leaves alone whatever came after.
 */
export const leaveAtom = atom(null, (get, set) => {
  if (get(leavingTicketAtom)) return
  const ticket = Symbol('leaving')
  set(leavingTicketAtom, ticket)
  notifyInfo(SPEC_TEXT.loggedOut)
  setTimeout(() => {
    if (get(leavingTicketAtom) !== ticket) return
    try {
      // The server forgets the token as the app does: until then the session works as the spec
      // says (a request refused meanwhile would end it early, without the delay).
      void endServerSession()
      set(logoutAtom)
    } finally {
      // Whatever happened, the screen does not stay inert.
      set(leavingTicketAtom, null)
    }
  }, LOGOUT_DELAY_MS)
})

/**
 * Ends the session without the logout toast's delay and shows the login page: after a change of
 * server, a restore, or a token the server no longer accepts (`end` says why, and the login page
 * says it in words).
 */
export const endSessionAtom = atom(null, (get, set, end: SessionEnd | null = null) => {
  // Calls that were under way with the dead token are refused too: the first refusal told why.
  if (end && !get(tokenAtom) && get(sessionEndAtom)) return
  // An account that is gone, or a demo one that cannot sign in now, is not worth filling in again.
  const keepName = end !== 'account-gone' && end !== 'demo-shared'
  const username = keepName ? (get(userAtom)?.username ?? null) : null
  set(logoutAtom)
  set(sessionEndAtom, end ? { end, username } : null)
  set(requestRedirectAtom, '/')
})

/**
 * Deletes the signed-in user's account (their password confirms it) and ends the session; a
 * refusal (a wrong password) is thrown, for the dialog to show.
 */
export const deleteAccountAtom = atom(null, async (_get, set, password: string) => {
  await deleteAccount(password)
  set(endSessionAtom)
})
