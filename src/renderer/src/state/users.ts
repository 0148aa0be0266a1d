import { atom } from 'jotai'
import type { Atom } from 'jotai'
import type { Post, User, UserListItem, UserSummary } from '../../../shared/api-types'
import * as api from '../api/users'
import { uploadMedia } from '../api/media'
import { messageOf, notifyError } from '../lib/notify'
import { followingNamesAtom, toSummary, userAtom } from './auth'
import { loadPostListAtom, postListsAtom, postsByIdAtom } from './posts'

export interface ProfileState {
  user: User | null
  loading: boolean
  error: string | null
}

const EMPTY_PROFILE: ProfileState = { user: null, loading: false, error: null }

/** Profiles visited (the spec's visitingUser), by username. */
export const profilesAtom = atom<Record<string, ProfileState>>({})

const profileViews = new Map<string, Atom<ProfileState>>()
export function profileAtom(username: string): Atom<ProfileState> {
  let view = profileViews.get(username)
  if (!view) {
    view = atom((get) => get(profilesAtom)[username] ?? EMPTY_PROFILE)
    profileViews.set(username, view)
  }
  return view
}

export const loadProfileAtom = atom(null, async (get, set, username: string) => {
  const before = get(profilesAtom)[username] ?? EMPTY_PROFILE
  set(profilesAtom, { ...get(profilesAtom), [username]: { ...before, loading: true, error: null } })
  try {
    const { user } = await api.getUser(username)
    set(profilesAtom, { ...get(profilesAtom), [username]: { user, loading: false, error: null } })
  } catch (error) {
    set(profilesAtom, {
      ...get(profilesAtom),
      [username]: { user: null, loading: false, error: messageOf(error) },
    })
  }
})

function patchProfile(profiles: Record<string, ProfileState>, user: User) {
  return { ...profiles, [user.username]: { user, loading: false, error: null } }
}

export interface SuggestionsState {
  users: UserListItem[]
  loading: boolean
  error: string | null
}

export const suggestionsAtom = atom<SuggestionsState>({ users: [], loading: false, error: null })

export const loadSuggestionsAtom = atom(null, async (get, set) => {
  set(suggestionsAtom, { ...get(suggestionsAtom), loading: true, error: null })
  try {
    const { users } = await api.suggestUsers(5)
    set(suggestionsAtom, { users, loading: false, error: null })
  } catch (error) {
    set(suggestionsAtom, { ...get(suggestionsAtom), loading: false, error: messageOf(error) })
  }
})

/** Follows or unfollows, judged by the user's following list; rolls back if refused. */
export const toggleFollowAtom = atom(null, async (get, set, target: UserSummary) => {
  const me = get(userAtom)
  if (!me || me.username === target.username) return
  const following = get(followingNamesAtom).has(target.username)
  const profilesBefore = get(profilesAtom)
  const delta = following ? -1 : 1
  set(userAtom, {
    ...me,
    following: following
      ? me.following.filter((u) => u.username !== target.username)
      : [...me.following, toSummary(target)],
    followingCount: (me.followingCount ?? me.following.length) + delta,
  })
  const visited = profilesBefore[target.username]?.user
  if (visited) {
    set(
      profilesAtom,
      patchProfile(profilesBefore, {
        ...visited,
        followers: following
          ? visited.followers.filter((u) => u.username !== me.username)
          : [...visited.followers, toSummary(me)],
        followerCount: Math.max(0, (visited.followerCount ?? visited.followers.length) + delta),
      }),
    )
  }
  try {
    const result = following ? await api.unfollowUser(target._id) : await api.followUser(target._id)
    set(userAtom, result.user)
    let profiles = patchProfile(get(profilesAtom), result.followUser)
    if (profiles[me.username]) profiles = patchProfile(profiles, result.user)
    set(profilesAtom, profiles)
    // The home feed is own + followed posts: refresh it if it is on screen or cached.
    if (get(postListsAtom).feed?.loaded) void set(loadPostListAtom, 'feed', { reset: true })
  } catch (error) {
    set(userAtom, me)
    set(profilesAtom, profilesBefore)
    notifyError(messageOf(error))
  }
})

/** After an edit, the user's own posts show the new author picture. */
function refreshAuthor(posts: Record<string, Post>, user: User) {
  const summary = toSummary(user)
  const next = { ...posts }
  for (const [id, post] of Object.entries(posts)) {
    if (post.username === user.username) next[id] = { ...post, author: summary }
  }
  return next
}

/**
 * Edits names, bio or picture. Failure shows the spec's "Something went wrong. " toast; resolves
 * to null once accepted, else to the server's reason (for the field).
 */
export const editProfileAtom = atom(
  null,
  async (get, set, userData: api.EditableUserData): Promise<string | null> => {
    try {
      const { user } = await api.editUser(userData)
      set(userAtom, user)
      set(profilesAtom, patchProfile(get(profilesAtom), user))
      set(postsByIdAtom, refreshAuthor(get(postsByIdAtom), user))
      return null
    } catch (error) {
      notifyError('Something went wrong. ')
      return messageOf(error)
    }
  },
)

/** 0–1 while a picture uploads, null otherwise. */
export const avatarUploadProgressAtom = atom<number | null>(null)

export const uploadAvatarAtom = atom(null, async (_get, set, file: File) => {
  set(avatarUploadProgressAtom, 0)
  try {
    const url = await uploadMedia(file, (fraction) => set(avatarUploadProgressAtom, fraction))
    await set(editProfileAtom, { profileImg: url })
  } catch (error) {
    console.error('Profile picture upload failed', error)
    notifyError(messageOf(error))
  } finally {
    set(avatarUploadProgressAtom, null)
  }
})

export const resetUsersAtom = atom(null, (_get, set) => {
  set(profilesAtom, {})
  set(suggestionsAtom, { users: [], loading: false, error: null })
})
