/**
 * The paged lists of people (usePagedList, paged-list.ts): a profile's followers and following,
 * a game's players, who reacted to a post with an emoji and who reposted it. Each names its list
 * by what it lists, so that a dialog's tabs keep one list per emoji.
 */
import type { UserListItem, UserSummary } from '../../../shared/api-types'
import type { Reaction } from '../../../shared/reactions'
import { listPlayers } from '../api/games'
import { listReactors, listReposters } from '../api/shares'
import { listFollows } from '../api/users'
import { usePagedList, type PagedList } from './paged-list'

const byId = (user: { _id: string }) => user._id

/** A profile's followers or following (docs/API.md, "Follower and following lists"). */
export function useFollowList(
  username: string,
  list: 'followers' | 'following',
): PagedList<UserListItem> {
  return usePagedList(
    `${list}:${username}`,
    async (cursor, signal) => {
      const page = await listFollows(username, list, cursor, signal)
      return { items: page.users, nextCursor: page.nextCursor }
    },
    byId,
  )
}

/** Who lists a game, the latest to add it first (docs/API.md, "Games"). */
export function useGamePlayers(slug: string): PagedList<UserListItem> {
  return usePagedList(
    `players:${slug}`,
    async (cursor, signal) => {
      const page = await listPlayers(slug, cursor, signal)
      return { items: page.users, nextCursor: page.nextCursor }
    },
    byId,
  )
}

/** Who reacted to a post with one emoji, newest first. */
export function useReactors(postId: string, reaction: Reaction): PagedList<UserSummary> {
  return usePagedList(
    `reactors:${postId}:${reaction}`,
    async (cursor, signal) => {
      const page = await listReactors(postId, reaction, cursor, signal)
      return { items: page.users, nextCursor: page.nextCursor }
    },
    byId,
  )
}

/** Who reposts a post, newest first. */
export function useReposters(postId: string): PagedList<UserSummary> {
  return usePagedList(
    `reposters:${postId}`,
    async (cursor, signal) => {
      const page = await listReposters(postId, cursor, signal)
      return { items: page.users, nextCursor: page.nextCursor }
    },
    byId,
  )
}
