import { atom } from 'jotai'
import * as authApi from '../api/auth'
import { resetAccountAtom } from './account'
import { setSessionAtom } from './auth'
import { resetCommentsAtom } from './comments'
import { closeModalAtom } from './modals'
import { requestRedirectAtom } from './navigation'
import { resetNotificationsAtom } from './notifications'
import { resetPostsAtom } from './posts'
import { resetTogglesAtom } from './toggles'
import { resetUsersAtom } from './users'

/** Logs in; throws ApiError with the server's message on failure. */
export const loginAtom = atom(null, async (_get, set, username: string, password: string) => {
  const { foundUser, encodedToken } = await authApi.login(username, password)
  set(clearCachesAtom)
  set(setSessionAtom, { user: foundUser, token: encodedToken })
})

export const signupAtom = atom(null, async (_get, set, username: string, password: string) => {
  const { createdUser, encodedToken } = await authApi.signup(username, password)
  set(clearCachesAtom)
  set(setSessionAtom, { user: createdUser, token: encodedToken })
})

const clearCachesAtom = atom(null, (_get, set) => {
  set(resetPostsAtom)
  set(resetCommentsAtom)
  set(resetUsersAtom)
  set(resetAccountAtom)
  set(resetNotificationsAtom)
  set(resetTogglesAtom)
  set(closeModalAtom)
})

/** Clears the session and every cached list, so the next user starts clean. */
export const logoutAtom = atom(null, (_get, set) => {
  set(setSessionAtom, null)
  set(clearCachesAtom)
})

/**
 * Ends the session without the logout toast's delay and shows the login page: after a change of
 * server, a restore, or a token the server no longer accepts.
 */
export const endSessionAtom = atom(null, (_get, set) => {
  set(logoutAtom)
  set(requestRedirectAtom, '/')
})
