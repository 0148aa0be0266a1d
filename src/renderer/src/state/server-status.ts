import { atom } from 'jotai'
import { hasFailed } from './async'
import { commentListsAtom, loadCommentsAtom } from './comments'
import { loadPostAtom, loadPostListAtom, postListsAtom, postStatusAtom } from './posts'
import type { PostListKey } from './posts'
import { loadProfileAtom, loadSuggestionsAtom, profilesAtom, suggestionsAtom } from './users'

export interface ServerStatus {
  /** True after a call failed at the network level, until the server answers again. */
  unreachable: boolean
  /** The server that could not be reached. */
  baseUrl: string
}

export const serverStatusAtom = atom<ServerStatus>({ unreachable: false, baseUrl: '' })

/** Counts the times the server came back, so screens can reload what they could not fetch. */
export const reconnectCountAtom = atom(0)

export const markServerUnreachableAtom = atom(null, (get, set, baseUrl: string) => {
  const status = get(serverStatusAtom)
  if (status.unreachable && status.baseUrl === baseUrl) return
  set(serverStatusAtom, { unreachable: true, baseUrl })
})

/** The server answered again: hide the banner and re-run every load that failed meanwhile. */
export const markServerReachableAtom = atom(null, (get, set) => {
  const status = get(serverStatusAtom)
  if (!status.unreachable) return
  set(serverStatusAtom, { ...status, unreachable: false })
  set(reconnectCountAtom, get(reconnectCountAtom) + 1)
  set(retryFailedLoadsAtom)
})

export const retryFailedLoadsAtom = atom(null, (get, set) => {
  // One async-state shape everywhere (state/async.ts): a failed load is `hasFailed` wherever it is.
  for (const [key, list] of Object.entries(get(postListsAtom))) {
    if (hasFailed(list)) void set(loadPostListAtom, key as PostListKey, { reset: true })
  }
  for (const [postId, list] of Object.entries(get(commentListsAtom))) {
    if (hasFailed(list)) void set(loadCommentsAtom, postId, { reset: true })
  }
  for (const [postId, status] of Object.entries(get(postStatusAtom))) {
    if (hasFailed(status)) void set(loadPostAtom, postId)
  }
  for (const [username, profile] of Object.entries(get(profilesAtom))) {
    if (hasFailed(profile)) void set(loadProfileAtom, username)
  }
  if (hasFailed(get(suggestionsAtom))) void set(loadSuggestionsAtom)
})
