/** Writing, editing and deleting posts (docs/API.md, "Posts"), with their tags and mentions. */
import { extractMentions } from '../../shared/rich-text'
import type { Store } from '../db/store'
import type { PostRow } from '../db/rows'
import { HttpError } from '../errors/http-error'
import { MESSAGES } from '../errors/messages'
import { noteCascade, syncMentions, type NotificationChanges } from '../services/notifications'
import type { AttachRequest } from '../services/post-images'
import * as posts from '../services/posts'
import { presentPost } from '../services/serialize'
import { syncPostTags } from '../services/tags'
import { findUserById } from '../services/users'
import { aboutUsers, commit, type Actor, type Live } from './live'

/** The author's post count now, for the profiles that show it (0 once the account is gone). */
const postCountOf = (live: Live, authorId: number) =>
  findUserById(live.db, authorId)?.postCount ?? 0

function publishPost(live: Live, post: PostRow): void {
  live.hub.publish(
    'post',
    { post: presentPost(live.db, post, null), authorPostCount: postCountOf(live, post.authorId) },
    aboutUsers(live, post.authorId),
  )
}

/** Tags and mentions of a post just written. */
function afterPostWrite(tx: Store, changes: NotificationChanges, post: PostRow): PostRow {
  syncPostTags(tx, post)
  syncMentions(
    tx,
    changes,
    { authorId: post.authorId, postId: post.id, commentId: null },
    extractMentions(post.content),
  )
  return post
}

export function createPost(
  live: Live,
  actor: Actor,
  content: string,
  images: AttachRequest[] = [],
): PostRow {
  return commit(
    live,
    (tx, changes) =>
      afterPostWrite(tx, changes, posts.createPost(tx, actor.id, content, Date.now(), images)),
    (post) => publishPost(live, post),
  )
}

export function editPost(live: Live, actor: Actor, postId: number, content: string): PostRow {
  return commit(
    live,
    (tx, changes) => afterPostWrite(tx, changes, posts.editPost(tx, actor.id, postId, content)),
    (post) => publishPost(live, post),
  )
}

/** The author deletes their own post. */
export function deletePost(live: Live, actor: Actor, postId: number): PostRow {
  return removePost(live, postId, (post) => {
    if (post.authorId !== actor.id) throw new HttpError('NOT_OWNER', MESSAGES.deleteForeignPost)
  })
}

/** The host deletes any post (docs/API.md, "Moderation"): the author's deletion, unchecked. */
export function hostDeletePost(live: Live, postId: number): PostRow {
  return removePost(live, postId, () => {})
}

/**
 * Deletes a post once `mayDelete` let it: its images, comments, reactions, bookmarks, reports and
 * notifications go with it. Everyone sees it go, those blocked included: the event carries only
 * ids and counts, and a copy loaded before a block must still leave their screen.
 */
function removePost(live: Live, postId: number, mayDelete: (post: PostRow) => void): PostRow {
  return commit(
    live,
    (tx, changes) => {
      const post = posts.getPost(tx, postId)
      mayDelete(post)
      noteCascade(tx, changes, { postId: post.id })
      return posts.deletePost(tx, post)
    },
    (post) =>
      live.hub.publish('post-deleted', {
        postId: String(post.id),
        authorId: String(post.authorId),
        authorPostCount: postCountOf(live, post.authorId),
      }),
  )
}
