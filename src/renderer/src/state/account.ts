/**
 * One's own account (password, deletion), whom one blocked or muted, and whether one hosts the
 * server (docs/API.md "Sessions and accounts", "Moderation"). A friend's older server may not
 * know these calls: the features then hide (docs/API.md, "Error codes").
 */
import { atom, useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import type { Setter, Getter } from 'jotai'
import type { RelationsResponse, SessionResponse } from '../../../shared/api-types'
import type { MuteDuration } from '../../../shared/schemas'
import * as api from '../api/account'
import { ApiError } from '../api/client'
import { messageOf, notifyError, notifySuccess } from '../lib/notify'
import {
  mustChoosePasswordAtom,
  oneTimePasswordAtom,
  patchUserAtom,
  setSessionAtom,
  tokenAtom,
  userAtom,
} from './auth'
import { relationsAtom, toRelations } from './relations'
import { commentGoneEchoKey, commentListsAtom } from './comments'
import { bumpCommentCountAtom, markPostDeletedAtom, postListsAtom, postsByIdAtom } from './posts'
import { echoCount } from './toggles'
import { COPY } from '../copy'

/** null until asked; false on a server that does not know the call. */
export const isHostAtom = atom<boolean | null>(null)

export const loadIsHostAtom = atom(null, async (_get, set) => {
  try {
    set(isHostAtom, (await api.getSession()).isHost)
  } catch {
    set(isHostAtom, false)
  }
})

/** The timer that asks for the lists again when the soonest timed mute runs out. */
let muteEndTimer: ReturnType<typeof setTimeout> | undefined

/** Longest wait setTimeout keeps (about 24.8 days); a later end is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1

export const loadRelationsAtom = atom(null, async (_get, set) => {
  try {
    set(storeRelationsAtom, await api.getRelations())
  } catch {
    set(relationsAtom, null)
  }
})

/**
 * Stores whom the viewer blocks and mutes, as the server said (an answer, the session's refresh,
 * or the live stream from another device of theirs): the posts and comments of someone newly
 * blocked leave every loaded list, those of someone newly muted every list but their profile.
 * When a timed mute runs out the lists are asked again (the server hides nothing of it then).
 */
export const storeRelationsAtom = atom(null, (get, set, answer: RelationsResponse) => {
  const before = get(relationsAtom)
  // The first answer changes no list: the server's lists already leave those authors out.
  if (before) {
    for (const user of answer.blocked) {
      if (!before.blocked.has(user._id)) dropAuthorPosts(get, set, user.username, false)
    }
    for (const user of answer.muted) {
      if (!before.muted.has(user._id)) dropAuthorPosts(get, set, user.username, true)
    }
  }
  set(relationsAtom, toRelations(answer))
  clearTimeout(muteEndTimer)
  const ends = answer.muted
    .map((user) => (user.mutedUntil ? Date.parse(user.mutedUntil) : NaN))
    .filter((end) => Number.isFinite(end))
  if (ends.length > 0) {
    const wait = Math.min(Math.max(Math.min(...ends) - Date.now(), 0) + 500, MAX_TIMER_MS)
    muteEndTimer = setTimeout(() => void set(loadRelationsAtom), wait)
  }
})

/** How often a refresh asks again when the user changed while it was asked (see below). */
const SESSION_REFRESH_TRIES = 3

/**
 * Takes the signed-in user (following, bookmarks) and whom they block and mute from the server:
 * on every (re)connection of the live stream, the first one at start included (live/merge.ts).
 * Storage only paints the first frame: another device of the user may have changed their lists
 * since (docs/hosting.md, "Live LAN"). An answer read while an answer or event changed the user or their
 * relations may be older than that change, so it is asked again rather than stored. A server
 * that cannot answer leaves everything as it was; the next connection tries again.
 */
export const refreshSessionAtom = atom(null, async (get, set) => {
  const token = get(tokenAtom)
  for (let tries = 0; token && tries < SESSION_REFRESH_TRIES; tries++) {
    const before = { user: get(userAtom), relations: get(relationsAtom) }
    let answers: [SessionResponse, RelationsResponse | null]
    try {
      answers = await Promise.all([
        api.getSession(),
        // A server from before blocks and mutes still has sessions.
        api.getRelations().catch(() => null),
      ])
    } catch {
      return
    }
    if (get(tokenAtom) !== token) return
    if (get(userAtom) !== before.user || get(relationsAtom) !== before.relations) continue
    const [session, relations] = answers
    set(userAtom, session.user)
    set(isHostAtom, session.isHost)
    // An older server says nothing: what the login said stands.
    if (typeof session.passwordChangeRequired === 'boolean') {
      set(mustChoosePasswordAtom, session.passwordChangeRequired)
    }
    if (relations) set(storeRelationsAtom, relations)
    return
  }
})

/**
 * Whom one mutes and blocks, with their names and when each mute ends (the Account page's
 * cards): read now and again whenever a block or mute changes (here, a menu, another device).
 * The lists stay while a read fails; `error` says why.
 */
export function useRelationLists(): { lists: RelationsResponse | null; error: string | null } {
  const relations = useAtomValue(relationsAtom)
  const [lists, setLists] = useState<RelationsResponse | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    api
      .getRelations()
      .then((answer) => {
        if (!live) return
        setLists(answer)
        setError(null)
      })
      .catch((caught: unknown) => live && setError(messageOf(caught)))
    return () => {
      live = false
    }
  }, [relations])
  return { lists, error }
}

/** Forgets everything of this file (logout, another server). */
export const resetAccountAtom = atom(null, (_get, set) => {
  clearTimeout(muteEndTimer)
  set(isHostAtom, null)
  set(relationsAtom, null)
})

/**
 * Takes a user's posts and comments out of the loaded lists: every list (a block), or every list
 * but their own profile (a mute, which shows them there with a notice).
 */
function dropAuthorPosts(get: Getter, set: Setter, username: string, keepProfile: boolean) {
  const byId = get(postsByIdAtom)
  const lists = { ...get(postListsAtom) }
  for (const [key, list] of Object.entries(lists)) {
    if (keepProfile && key === `user:${username}`) continue
    lists[key] = { ...list, ids: list.ids.filter((id) => byId[id]?.username !== username) }
  }
  set(postListsAtom, lists)
  const comments = { ...get(commentListsAtom) }
  for (const [postId, list] of Object.entries(comments)) {
    comments[postId] = { ...list, items: list.items.filter((c) => c.username !== username) }
  }
  set(commentListsAtom, comments)
}

export const changeRelationAtom = atom(
  null,
  async (
    _get,
    set,
    action: api.RelationAction,
    target: { _id: string; username: string },
    duration?: MuteDuration,
  ): Promise<boolean> => {
    try {
      set(storeRelationsAtom, await api.setRelation(action, target._id, duration))
      if (action === 'block') {
        // Follows ended both ways: the stored user's following list changes too.
        set(patchUserAtom, (me) => ({
          ...me,
          following: me.following.filter((u) => u.username !== target.username),
          followers: me.followers.filter((u) => u.username !== target.username),
        }))
      }
      const done = {
        block: `You blocked ${target.username}`,
        unblock: `You unblocked ${target.username}`,
        mute: COPY.toasts.muted(target.username, duration ?? 'forever'),
        unmute: `You unmuted ${target.username}`,
      }[action]
      notifySuccess(done)
      return true
    } catch (error) {
      notifyError(messageOf(error))
      return false
    }
  },
)

/** The host deletes someone's post: it leaves every list. */
export const hostDeletePostAtom = atom(null, async (get, set, postId: string) => {
  try {
    await api.hostDeletePost(postId)
    const lists = { ...get(postListsAtom) }
    for (const [key, list] of Object.entries(lists)) {
      lists[key] = { ...list, ids: list.ids.filter((id) => id !== postId) }
    }
    set(postListsAtom, lists)
    set(markPostDeletedAtom, postId)
    notifySuccess(COPY.toasts.hostDeletedPost)
    return true
  } catch (error) {
    notifyError(messageOf(error))
    return false
  }
})

export const hostDeleteCommentAtom = atom(
  null,
  async (get, set, postId: string, commentId: string) => {
    try {
      await api.hostDeleteComment(commentId)
      const comments = { ...get(commentListsAtom) }
      const list = comments[postId]
      if (list) {
        comments[postId] = { ...list, items: list.items.filter((c) => c._id !== commentId) }
        set(commentListsAtom, comments)
      }
      set(bumpCommentCountAtom, postId, -1, echoCount(get, commentGoneEchoKey(commentId)) > 0)
      notifySuccess(COPY.toasts.hostDeletedComment)
      return true
    } catch (error) {
      notifyError(messageOf(error))
      return false
    }
  },
)

/** A refused password change: the field it belongs to, and the sentence to show there. */
export interface PasswordRefusal {
  field: 'current' | 'next' | 'form'
  message: string
}

/**
 * Changes the password; the session goes on with the fresh token the server answers. Resolves
 * to null once changed, else to the refusal, placed by its code: a wrong current password, or a
 * new one the server refused; anything else belongs to the whole form.
 */
export const changePasswordAtom = atom(
  null,
  async (
    get,
    set,
    currentPassword: string,
    newPassword: string,
  ): Promise<PasswordRefusal | null> => {
    try {
      const { encodedToken } = await api.changePassword(currentPassword, newPassword)
      const user = get(userAtom)
      if (user) set(setSessionAtom, { user, token: encodedToken })
      // A one-time password is gone with the change: the rest of the app opens.
      set(mustChoosePasswordAtom, false)
      set(oneTimePasswordAtom, null)
      return null
    } catch (error) {
      const code = error instanceof ApiError ? error.code : null
      const field = code === 'WRONG_PASSWORD' ? 'current' : code === 'VALIDATION' ? 'next' : 'form'
      return { field, message: messageOf(error) }
    }
  },
)

/** Tells the server to end this session (logout). A server without the call is fine too. */
export async function endServerSession(): Promise<void> {
  try {
    await api.logout()
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
  }
}
