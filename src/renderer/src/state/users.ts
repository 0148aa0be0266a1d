import { atom } from 'jotai'
import type { Getter, Setter } from 'jotai'
import { atomFamily } from 'jotai-family'
import type {
  FollowResponse,
  Post,
  User,
  UserListItem,
  UserSummary,
} from '../../../shared/api-types'
import * as api from '../api/users'
import { uploadMedia } from '../api/media'
import { messageOf, notifyError } from '../lib/notify'
import { NOT_LOADED, hasFailed, retryWhenBack, runKeyedLoad, runLoad } from './async'
import type { Loadable } from './async'
import { followingNamesAtom, patchUserAtom, toSummary, userAtom, withFollowing } from './auth'
import { loadPostListAtom, postListsAtom, postsByIdAtom } from './posts'
import { createToggle, withIntents } from './toggles'
import { SPEC_TEXT } from '../copy'

/** A profile visited (the spec's visitingUser), as the server last said. */
export interface ProfileState extends Loadable {
  user: User | null
}

const EMPTY_PROFILE: ProfileState = { ...NOT_LOADED, user: null }

/** Profiles visited, by username. */
export const profilesAtom = atom<Record<string, ProfileState>>({})

const followKey = (username: string) => `follow:${username}`

/** Usernames the viewer follows, with the follows being sent drawn over the server's. */
export const shownFollowingNamesAtom = atom((get) =>
  withIntents(get, get(followingNamesAtom), 'follow:'),
)

/** A profile's counts as the viewer should see them while follows are being sent. */
function shownProfile(get: Getter, user: User): User {
  const me = get(userAtom)
  if (!me) return user
  const confirmed = get(followingNamesAtom)
  const shown = get(shownFollowingNamesAtom)
  if (shown === confirmed) return user
  if (user.username === me.username) {
    const delta = shown.size - confirmed.size
    return delta === 0
      ? user
      : { ...user, followingCount: Math.max(0, user.followingCount + delta) }
  }
  const intended = shown.has(user.username)
  if (intended === confirmed.has(user.username)) return user
  return {
    ...user,
    followerCount: Math.max(0, user.followerCount + (intended ? 1 : -1)),
    followers: intended
      ? [...user.followers, toSummary(me)]
      : user.followers.filter((u) => u.username !== me.username),
  }
}

/** A profile as the viewer should see it, by username. */
export const profileAtom = atomFamily((username: string) =>
  atom((get): ProfileState => {
    const profile = get(profilesAtom)[username] ?? EMPTY_PROFILE
    return profile.user ? { ...profile, user: shownProfile(get, profile.user) } : profile
  }),
)

export const loadProfileAtom = atom(null, async (get, set, username: string) => {
  await runKeyedLoad(
    get,
    set,
    { record: profilesAtom, key: username, empty: EMPTY_PROFILE },
    () => api.getUser(username),
    (_profile, { user }) => ({ user }),
  )
})

/**
 * Someone by username, for a form that needs their id (a host making a player host): a profile
 * loaded this session answers at once, else the server is asked. A refusal (no such player) is
 * thrown, for the form to show.
 */
export const findUserAtom = atom(null, async (get, _set, username: string): Promise<User> => {
  const known = get(profilesAtom)[username]?.user
  if (known) return known
  return (await api.getUser(username)).user
})

/** Changes a loaded profile; profiles not visited stay unloaded. */
export function patchProfile(
  get: Getter,
  set: Setter,
  username: string,
  patch: (user: User) => User,
) {
  const profile = get(profilesAtom)[username]
  if (profile?.user) {
    set(profilesAtom, {
      ...get(profilesAtom),
      [username]: { ...profile, user: patch(profile.user) },
    })
  }
}

export interface SuggestionsState extends Loadable {
  users: UserListItem[]
}

const NO_SUGGESTIONS: SuggestionsState = { ...NOT_LOADED, users: [] }

export const suggestionsAtom = atom<SuggestionsState>(NO_SUGGESTIONS)

export const loadSuggestionsAtom = atom(null, async (get, set) => {
  await runLoad(
    () => get(suggestionsAtom),
    (state) => set(suggestionsAtom, state),
    () => api.suggestUsers(5),
    (_state, { users }) => ({ users }),
  )
})

retryWhenBack((get, set) => {
  for (const [username, profile] of Object.entries(get(profilesAtom))) {
    if (hasFailed(profile)) void set(loadProfileAtom, username)
  }
  if (hasFailed(get(suggestionsAtom))) void set(loadSuggestionsAtom)
})

/** Follow (true) or unfollow (false); the target's username names the control. */
export const followToggleAtom = createToggle<UserSummary, boolean, FollowResponse>({
  key: (target) => followKey(target.username),
  confirmed: (get, target) => get(followingNamesAtom).has(target.username),
  send: (target, follow) => (follow ? api.followUser(target._id) : api.unfollowUser(target._id)),
  accept: (get, set, { answer, echoed }) => {
    // The stream already told this follow and what came after it: its counts are the fresher.
    const counts = (fresh: User, current: User): User =>
      echoed
        ? { ...fresh, followerCount: current.followerCount, followingCount: current.followingCount }
        : fresh
    // Only the follow lists and counts are news: what else the answer says of the viewer (their
    // bookmarks) may be older than another toggle's answer.
    set(patchUserAtom, (me) => {
      const { following, followers, followerCount, followingCount } = counts(answer.user, me)
      return { ...me, following, followers, followerCount, followingCount }
    })
    patchProfile(get, set, answer.followUser.username, (user) => counts(answer.followUser, user))
    patchProfile(get, set, answer.user.username, (user) => ({
      ...counts(answer.user, user),
      bookmarks: user.bookmarks,
    }))
    reloadFeed(get, set)
  },
  // Only whom the viewer follows is news: the counts the store has are the server's (the live
  // stream keeps them). The feed may have been loaded before the follow was made elsewhere.
  already: (get, set, { target, value: following }) => {
    set(patchUserAtom, (me) => withFollowing(me, target, following))
    reloadFeed(get, set)
  },
})

/** The home feed is own + followed posts: a follow refreshes it if it is on screen or cached. */
function reloadFeed(get: Getter, set: Setter) {
  if (get(postListsAtom).feed?.loaded) void set(loadPostListAtom, 'feed', { reset: true })
}

/** The Follow button: flips what it shows now; never oneself. */
export const toggleFollowAtom = atom(null, async (get, set, target: UserSummary) => {
  const me = get(userAtom)
  if (!me || me.username === target.username) return
  await set(followToggleAtom, target, (following) => !following)
})

/** After an edit, the user's own posts show the new author picture. */
export function refreshAuthor(posts: Record<string, Post>, user: UserSummary) {
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
      patchProfile(get, set, user.username, () => user)
      set(postsByIdAtom, refreshAuthor(get(postsByIdAtom), user))
      return null
    } catch (error) {
      notifyError(SPEC_TEXT.somethingWentWrong)
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
  set(suggestionsAtom, NO_SUGGESTIONS)
})
