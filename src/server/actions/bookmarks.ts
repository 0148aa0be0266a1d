/**
 * Bookmarks: private, so their events go to the user's own streams only, for each device of
 * theirs to agree with the others (docs/API.md, "Live events").
 */
import type { PostRow } from '../db/rows'
import * as bookmarks from '../services/writes/bookmarks'
import { presentPost } from '../services/presenting/posts'
import { commit, type Actor, type Live } from './live'

const publishBookmark = async (live: Live, actor: Actor, post: PostRow, bookmarked: boolean) =>
  live.hub.publish(
    'bookmark',
    { post: await presentPost(live.db, post, actor.id), bookmarked },
    { to: actor.id },
  )

export function addBookmark(live: Live, actor: Actor, postId: number): Promise<PostRow> {
  return commit(
    live,
    (tx) => bookmarks.addBookmark(tx, actor.id, postId),
    (post) => publishBookmark(live, actor, post, true),
  )
}

export function removeBookmark(live: Live, actor: Actor, postId: number): Promise<PostRow> {
  return commit(
    live,
    (tx) => bookmarks.removeBookmark(tx, actor.id, postId),
    (post) => publishBookmark(live, actor, post, false),
  )
}
