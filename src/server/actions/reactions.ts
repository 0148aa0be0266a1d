/** Likes and dislikes of posts, up- and downvotes of comments (SPEC section 4). */
import type { CommentRow, PostRow } from '../db/rows'
import { voteComment as castVote } from '../services/writes/comments'
import { removeNotifications } from '../services/writes/notifications'
import { notify } from '../services/writes/notifications'
import * as posts from '../services/reads/posts'
import * as postWrites from '../services/writes/posts'
import { aboutUsers, commit, type Actor, type Live } from './live'

const reactor = (actor: Actor) => ({ _id: String(actor.id), username: actor.username })

async function publishReaction(
  live: Live,
  actor: Actor,
  post: PostRow,
  reaction: 'like' | 'dislike',
): Promise<void> {
  live.hub.publish(
    'reaction',
    { postId: String(post.id), likeCount: post.likeCount, user: reactor(actor), reaction },
    await aboutUsers(live, actor.id, post.authorId),
  )
}

export function likePost(live: Live, actor: Actor, postId: number): Promise<PostRow> {
  return commit(
    live,
    async (tx, changes) => {
      const post = await postWrites.likePost(tx, actor.id, postId)
      await notify(tx, changes, {
        recipientId: post.authorId,
        actorId: actor.id,
        type: 'like',
        postId: post.id,
      })
      return post
    },
    (post) => publishReaction(live, actor, post, 'like'),
    (post) => ({ counted: [post.id], viewers: [actor.id] }),
  )
}

export function dislikePost(live: Live, actor: Actor, postId: number): Promise<PostRow> {
  return commit(
    live,
    async (tx, changes) => {
      const post = await postWrites.dislikePost(tx, actor.id, postId)
      // Disliking takes the like back, and with it what the like caused.
      await removeNotifications(tx, changes, { actorId: actor.id, type: 'like', postId: post.id })
      return post
    },
    (post) => publishReaction(live, actor, post, 'dislike'),
    (post) => ({ counted: [post.id], viewers: [actor.id] }),
  )
}

export function voteComment(
  live: Live,
  actor: Actor,
  postId: number,
  commentId: number,
  vote: 'up' | 'down',
): Promise<CommentRow> {
  return commit(
    live,
    async (tx, changes) => {
      const comment = await castVote(tx, actor.id, postId, commentId, vote)
      if (vote === 'up') {
        await notify(tx, changes, {
          recipientId: comment.authorId,
          actorId: actor.id,
          type: 'upvote',
          postId: comment.postId,
          commentId: comment.id,
        })
      } else {
        await removeNotifications(tx, changes, {
          actorId: actor.id,
          type: 'upvote',
          commentId: comment.id,
        })
      }
      return comment
    },
    async (comment) =>
      live.hub.publish(
        'vote',
        {
          postId: String(comment.postId),
          commentId: String(comment.id),
          upvoteCount: comment.upvoteCount,
          downvoteCount: comment.downvoteCount,
          user: reactor(actor),
          vote,
        },
        await aboutUsers(
          live,
          actor.id,
          comment.authorId,
          (await posts.getPost(live.db, comment.postId)).authorId,
        ),
      ),
    (comment) => ({ comments: [comment.postId] }),
  )
}
