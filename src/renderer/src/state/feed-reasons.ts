/**
 * "X reposted" of the posts in the home feed (docs/API.md, "Reposts"): kept beside the posts, by
 * post id, not in them, since the same post opened elsewhere shows no header. The feed's pages
 * (posts.ts) note them and a live repost (shares.ts) adds one; PostList reads them.
 */
import { atom } from 'jotai'
import type { Post, RepostReason } from '../../../shared/api-types'

/** "X reposted" of the posts in the home feed, by post id (the newest repost that brought it). */
export const feedReasonsAtom = atom<Readonly<Record<string, RepostReason | null>>>({})

/** Notes the reasons of a feed page (posts by their author clear an older reason). */
export const storeFeedReasonsAtom = atom(null, (get, set, posts: readonly Post[]) => {
  if (!posts.some((post) => post.repostedBy !== undefined)) return
  const next = { ...get(feedReasonsAtom) }
  for (const post of posts) if (post.repostedBy !== undefined) next[post._id] = post.repostedBy
  set(feedReasonsAtom, next)
})
