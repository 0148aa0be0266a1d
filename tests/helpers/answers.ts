/**
 * Pieces of the server's answers that the server tests expect and the renderer tests feed in:
 * pure data, in both the node and the web type-check projects.
 */
import type { User } from '../../src/shared/api-types'

type UserLists = Pick<
  User,
  'followers' | 'following' | 'bookmarks' | 'followerCount' | 'followingCount' | 'postCount'
>

/** The lists and counts of a user who has just signed up: all empty. New arrays each call. */
export function newUserLists(): UserLists {
  return {
    followers: [],
    following: [],
    bookmarks: [],
    followerCount: 0,
    followingCount: 0,
    postCount: 0,
  }
}
