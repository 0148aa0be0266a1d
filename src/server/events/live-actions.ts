/**
 * The writes that other people see happen live. Each runs the service that makes the change, and
 * in the same transaction the notifications and tags it causes; only after the commit does it
 * publish the events (docs/API.md, "Live events"), so nobody hears of a change that rolled back.
 *
 * Routes call these instead of the services' write functions; the services stay unaware of
 * events and nest in the outer transaction as a savepoint.
 */
import type { UserListItem } from '../../shared/api-types'
import { extractMentions } from '../../shared/rich-text'
import type { Db } from '../db/client'
import { addComment, deleteComment, editComment, voteComment } from '../services/comments'
import {
  noChanges,
  noteCascade,
  notificationsById,
  notify,
  removeNotifications,
  syncMentions,
  unreadCount,
  type NotificationChanges,
} from '../services/notifications'
import type { AttachRequest } from '../services/post-images'
import { createPost, deletePost, dislikePost, editPost, getPost, likePost } from '../services/posts'
import { presentComment, presentPost, toUserSummary } from '../services/serialize'
import type { CommentRow, PostRow, UserRow } from '../db/rows'
import { syncPostTags } from '../services/tags'
import {
  editProfile,
  findUserById,
  follow,
  getUserById,
  unfollow,
  type ProfileChanges,
} from '../services/users'
import {
  block,
  blockedEitherWayWithAny,
  hostDeleteComment,
  hostDeletePost,
  mute,
  relationsOf,
  unblock,
  unmute,
} from '../services/moderation'
import { addBookmark, removeBookmark } from '../services/bookmarks'
import type { Audience, EventHub } from './hub'

/** Who acts: the signed-in user. */
export type Actor = Pick<UserRow, 'id' | 'username'>

export type LiveActions = ReturnType<typeof liveActions>

export function liveActions(db: Db, hub: EventHub) {
  /** Runs `work` in one transaction, then publishes what it reports. */
  function commit<Result>(
    work: (tx: Db, changes: NotificationChanges) => Result,
    publish: (result: Result) => void,
  ): Result {
    const changes = noChanges()
    const result = db.transaction(() => work(db, changes))
    publish(result)
    publishNotifications(changes)
    return result
  }

  function publishNotifications(changes: NotificationChanges): void {
    const told = new Set<number>()
    for (const { recipientId, notification } of notificationsById(db, changes.created)) {
      told.add(recipientId)
      hub.publish(
        'notification',
        { notification, unreadCount: unreadCount(db, recipientId) },
        { to: recipientId },
      )
    }
    for (const recipientId of new Set(changes.lowered)) {
      if (told.has(recipientId)) continue
      hub.publish(
        'unread-count',
        { unreadCount: unreadCount(db, recipientId) },
        { to: recipientId },
      )
    }
  }

  /**
   * The audience of an event about `involved` users (its actor first): everyone but those
   * blocked by or blocking any of them, as lists hide them from each other (docs/API.md,
   * "Live events"). The actor always hears of their own action (their echo).
   */
  function aboutUsers(actorId: number, ...involved: number[]): Audience {
    const exclude = blockedEitherWayWithAny(db, [actorId, ...involved])
    exclude.delete(actorId)
    return { exclude }
  }

  const reactor = (actor: Actor) => ({ _id: String(actor.id), username: actor.username })
  /** The author's post count now, for the profiles that show it (0 once the account is gone). */
  const postCountOf = (authorId: number) => findUserById(db, authorId)?.postCount ?? 0

  const publishPost = (post: PostRow) =>
    hub.publish(
      'post',
      { post: presentPost(db, post, null), authorPostCount: postCountOf(post.authorId) },
      aboutUsers(post.authorId),
    )

  // Deletions go to everyone, those blocked included: they carry only ids and counts, and a copy
  // loaded before a block must still leave their screen.
  const publishPostDeleted = (post: PostRow) =>
    hub.publish('post-deleted', {
      postId: String(post.id),
      authorId: String(post.authorId),
      authorPostCount: postCountOf(post.authorId),
    })

  const publishCommentDeleted = (comment: CommentRow) =>
    hub.publish('comment-deleted', {
      postId: String(comment.postId),
      commentId: String(comment.id),
      commentCount: getPost(db, comment.postId).commentCount,
    })

  /** Tags and mentions of a post just written. */
  function afterPostWrite(tx: Db, changes: NotificationChanges, post: PostRow): PostRow {
    syncPostTags(tx, post)
    syncMentions(
      tx,
      changes,
      { authorId: post.authorId, postId: post.id, commentId: null },
      extractMentions(post.content),
    )
    return post
  }

  /** Mentions of a comment just written; the post's author already hears of a new comment. */
  function afterCommentWrite(
    tx: Db,
    changes: NotificationChanges,
    comment: CommentRow,
    postAuthorId: number | null,
  ): CommentRow {
    syncMentions(
      tx,
      changes,
      { authorId: comment.authorId, postId: comment.postId, commentId: comment.id },
      extractMentions(comment.text),
      { skip: postAuthorId === null ? [] : [postAuthorId] },
    )
    return comment
  }

  function publishComment(comment: CommentRow): void {
    const post = getPost(db, comment.postId)
    hub.publish(
      'comment',
      { comment: presentComment(db, comment, null), commentCount: post.commentCount },
      aboutUsers(comment.authorId, post.authorId),
    )
  }

  function publishVote(actor: Actor, comment: CommentRow, vote: 'up' | 'down'): void {
    hub.publish(
      'vote',
      {
        postId: String(comment.postId),
        commentId: String(comment.id),
        upvoteCount: comment.upvoteCount,
        downvoteCount: comment.downvoteCount,
        user: reactor(actor),
        vote,
      },
      aboutUsers(actor.id, comment.authorId, getPost(db, comment.postId).authorId),
    )
  }

  function publishReaction(actor: Actor, post: PostRow, reaction: 'like' | 'dislike'): void {
    hub.publish(
      'reaction',
      { postId: String(post.id), likeCount: post.likeCount, user: reactor(actor), reaction },
      aboutUsers(actor.id, post.authorId),
    )
  }

  function publishFollow(
    followerId: number,
    followeeId: number,
    following: boolean,
    audience = aboutUsers(followerId, followeeId),
  ): void {
    const follower = findUserById(db, followerId)
    const followee = findUserById(db, followeeId)
    if (!follower || !followee) return
    const counts = (row: UserRow) => ({
      _id: String(row.id),
      username: row.username,
      followerCount: row.followerCount,
      followingCount: row.followingCount,
    })
    hub.publish(
      'follow',
      { follower: counts(follower), followee: counts(followee), following },
      audience,
    )
  }

  // One's own lists (bookmarks, blocks, mutes) are private: their events go to the user's own
  // streams only, so that each device of theirs agrees with the others (docs/API.md, "Live
  // events"). Follows need none: the `follow` event everyone gets reaches the actor too.
  const publishBookmark = (actor: Actor, post: PostRow, bookmarked: boolean) =>
    hub.publish('bookmark', { post: presentPost(db, post, actor.id), bookmarked }, { to: actor.id })

  const publishRelations = (actor: Actor) =>
    hub.publish('relations', relationsOf(db, actor.id), { to: actor.id })

  return {
    createPost: (actor: Actor, content: string, images: AttachRequest[] = []) =>
      commit(
        (tx, changes) =>
          afterPostWrite(tx, changes, createPost(tx, actor.id, content, Date.now(), images)),
        publishPost,
      ),

    editPost: (actor: Actor, postId: number, content: string) =>
      commit(
        (tx, changes) => afterPostWrite(tx, changes, editPost(tx, actor.id, postId, content)),
        publishPost,
      ),

    deletePost: (actor: Actor, postId: number) =>
      commit((tx, changes) => {
        noteCascade(tx, changes, { postId: getPost(tx, postId).id })
        return deletePost(tx, actor.id, postId)
      }, publishPostDeleted),

    likePost: (actor: Actor, postId: number) =>
      commit(
        (tx, changes) => {
          const post = likePost(tx, actor.id, postId)
          notify(tx, changes, {
            recipientId: post.authorId,
            actorId: actor.id,
            type: 'like',
            postId: post.id,
          })
          return post
        },
        (post) => publishReaction(actor, post, 'like'),
      ),

    dislikePost: (actor: Actor, postId: number) =>
      commit(
        (tx, changes) => {
          const post = dislikePost(tx, actor.id, postId)
          // Disliking takes the like back, and with it what the like caused.
          removeNotifications(tx, changes, { actorId: actor.id, type: 'like', postId: post.id })
          return post
        },
        (post) => publishReaction(actor, post, 'dislike'),
      ),

    addComment: (actor: Actor, postId: number, text: string) =>
      commit((tx, changes) => {
        const comment = addComment(tx, actor.id, postId, text)
        const post = getPost(tx, comment.postId)
        notify(tx, changes, {
          recipientId: post.authorId,
          actorId: actor.id,
          type: 'comment',
          postId: post.id,
          commentId: comment.id,
        })
        return afterCommentWrite(tx, changes, comment, post.authorId)
      }, publishComment),

    editComment: (actor: Actor, postId: number, commentId: number, text: string) =>
      commit((tx, changes) => {
        const comment = editComment(tx, actor.id, postId, commentId, text)
        return afterCommentWrite(tx, changes, comment, getPost(tx, postId).authorId)
      }, publishComment),

    deleteComment: (actor: Actor, postId: number, commentId: number) =>
      commit((tx, changes) => {
        noteCascade(tx, changes, { commentId })
        return deleteComment(tx, actor.id, postId, commentId)
      }, publishCommentDeleted),

    /** The host removes any post (docs/API.md, "Moderation"): seen live like the author's own. */
    hostDeletePost: (postId: number) =>
      commit((tx, changes) => {
        noteCascade(tx, changes, { postId })
        return hostDeletePost(tx, postId)
      }, publishPostDeleted),

    hostDeleteComment: (commentId: number) =>
      commit((tx, changes) => {
        noteCascade(tx, changes, { commentId })
        return hostDeleteComment(tx, commentId)
      }, publishCommentDeleted),

    voteComment: (actor: Actor, postId: number, commentId: number, kind: 'up' | 'down') =>
      commit(
        (tx, changes) => {
          const comment = voteComment(tx, actor.id, postId, commentId, kind)
          if (kind === 'up') {
            notify(tx, changes, {
              recipientId: comment.authorId,
              actorId: actor.id,
              type: 'upvote',
              postId: comment.postId,
              commentId: comment.id,
            })
          } else {
            removeNotifications(tx, changes, {
              actorId: actor.id,
              type: 'upvote',
              commentId: comment.id,
            })
          }
          return comment
        },
        (comment) => publishVote(actor, comment, kind),
      ),

    follow: (actor: Actor, targetId: number) =>
      commit(
        (tx, changes) => {
          follow(tx, actor.id, targetId)
          notify(tx, changes, {
            recipientId: getUserById(tx, targetId).id,
            actorId: actor.id,
            type: 'follow',
          })
        },
        () => publishFollow(actor.id, targetId, true),
      ),

    unfollow: (actor: Actor, targetId: number) =>
      commit(
        (tx, changes) => {
          unfollow(tx, actor.id, targetId)
          removeNotifications(tx, changes, {
            actorId: actor.id,
            type: 'follow',
            recipientId: getUserById(tx, targetId).id,
          })
        },
        () => publishFollow(actor.id, targetId, false),
      ),

    /**
     * A block ends the follows either way. Everyone who sees both users' counts hears of it, and
     * the blocker; the one blocked is not told live (their counts are right on their next load).
     */
    block: (actor: Actor, targetId: number) =>
      commit(
        (tx) => block(tx, actor.id, targetId),
        (ended) => {
          const audience = aboutUsers(actor.id, targetId)
          for (const { followerId, followeeId } of ended) {
            publishFollow(followerId, followeeId, false, audience)
          }
          publishRelations(actor)
        },
      ),

    unblock: (actor: Actor, targetId: number) =>
      commit(
        (tx) => unblock(tx, actor.id, targetId),
        () => publishRelations(actor),
      ),

    mute: (actor: Actor, targetId: number) =>
      commit(
        (tx) => mute(tx, actor.id, targetId),
        () => publishRelations(actor),
      ),

    unmute: (actor: Actor, targetId: number) =>
      commit(
        (tx) => unmute(tx, actor.id, targetId),
        () => publishRelations(actor),
      ),

    bookmark: (actor: Actor, postId: number) =>
      commit(
        (tx) => addBookmark(tx, actor.id, postId),
        (post) => publishBookmark(actor, post, true),
      ),

    removeBookmark: (actor: Actor, postId: number) =>
      commit(
        (tx) => removeBookmark(tx, actor.id, postId),
        (post) => publishBookmark(actor, post, false),
      ),

    editProfile: (actor: Actor, profile: ProfileChanges) =>
      commit(
        (tx) => editProfile(tx, actor.id, profile),
        (row) => {
          const user: UserListItem = {
            ...toUserSummary(row),
            bio: row.bio,
            followerCount: row.followerCount,
            followingCount: row.followingCount,
          }
          hub.publish('user', { user }, aboutUsers(row.id))
        },
      ),
  }
}

/** The live actions of an app's routes; createApp always gives its routes a hub. */
export function liveActionsOf(deps: { db: Db; events?: EventHub }): LiveActions {
  if (!deps.events) throw new Error('createApp gives every app an event hub.')
  return liveActions(deps.db, deps.events)
}
