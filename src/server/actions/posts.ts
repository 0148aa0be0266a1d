/** Writing, editing and deleting posts (docs/API.md, "Posts"), with their tags and mentions. */
import { extractMentions, extractTags } from '../../shared/rich-text'
import type { Store } from '../db/store'
import type { PostRow } from '../db/rows'
import { readingOnce } from '../db/read-once'
import { HttpError } from '../errors/http-error'
import { MESSAGES } from '../errors/messages'
import { removeStoredObjects } from '../services/media/media'
import { type NotificationChanges } from '../services/reads/notifications'
import { syncMentions } from '../services/writes/notifications'
import { noteCascade } from '../services/writes/notifications'
import { notify } from '../services/writes/notifications'
import type { AttachRequest } from '../services/media/post-images'
import * as postWrites from '../services/writes/posts'
import { writeNewPost, writeTextPost, type NewPost } from '../services/writes/new-posts'
import { unindexPosts } from '../services/writes/search-index'
import { indexNewPost, indexPost } from '../services/writes/search-index'
import { syncPostTags } from '../services/writes/tags'
import { findUserById } from '../services/reads/users'
import { publishOpenReports } from './open-reports'
import {
  aboutWriting,
  commit,
  commitAlone,
  publishCarryingPost,
  type Actor,
  type Live,
} from './live'
import { closeReportsOnDelete } from './reports'
import type { PollInput } from '../../shared/schemas'
import { createPoll } from '../services/writes/polls'
import { editPollOf } from './polls'
import { quotable } from '../services/reads/reposts'
import { forgetQuote } from '../services/writes/reposts'
import { recordQuote } from '../services/writes/reposts'
import { publishRepost } from './shares'
import { presentNewPost, presentPost } from '../services/presenting/posts'
import type { Post } from '../../shared/api-types'

/** The author's post count now, for the profiles that show it (0 once the account is gone). */
const postCountOf = async (live: Live, authorId: number) =>
  (await findUserById(live.db, authorId))?.postCount ?? 0

async function publishPost(live: Live, post: PostRow): Promise<void> {
  const authorPostCount = await postCountOf(live, post.authorId)
  await publishCarryingPost(
    live,
    'post',
    post,
    (presented) => ({ post: presented, authorPostCount }),
    await aboutWriting(live, post.authorId),
  )
}

/**
 * Tags, mentions and search words (services/reads/search.ts) of a post just written; `fresh` for a
 * post created in this transaction (it has no tags or mentions stored yet to compare with).
 * `onTheSide` is called with who holds a mention of it now (a quoted author named in the quote
 * hears of the mention alone).
 */
async function afterPostWrite(
  tx: Store,
  changes: NotificationChanges,
  post: PostRow,
  fresh: boolean,
  onTheSide: (mentioned: Set<number>) => Promise<void> = async () => {},
): Promise<PostRow> {
  await syncPostTags(tx, post, { fresh })
  await (fresh ? indexNewPost(tx, post) : indexPost(tx, post))
  const mentioned = await syncMentions(
    tx,
    changes,
    { authorId: post.authorId, postId: post.id, commentId: null },
    extractMentions(post.content),
    { fresh },
  )
  await onTheSide(mentioned)
  return post
}

/**
 * Publishes a new post's event and presents the command's answer (`presentFor`, the viewer of a
 * `Prefer: return=minimal` answer) with the event's reads (db/read-once.ts: what the event read,
 * the answer does not read again). A post without images or a poll is presented from what its own
 * statement answered (presenting/posts.ts presentNewPost), and its event carries the author's post
 * count as that statement counted it, to the audience that statement read (on PostgreSQL).
 */
async function publishNewPost(
  live: Live,
  { post, author, excluded }: NewPost,
  writtenBeside: { images: boolean; poll: boolean },
  presentFor: number | null | undefined,
): Promise<Post | null> {
  const db = readingOnce(live.db)
  const present = (viewer: number | null) =>
    writtenBeside.images || writtenBeside.poll
      ? presentPost(db, post, viewer)
      : presentNewPost(db, post, author, viewer)
  const reading = { ...live, db }
  await publishCarryingPost(
    reading,
    'post',
    post,
    (shown) => ({ post: shown, authorPostCount: author.postCount }),
    // Read by the post's own statement on PostgreSQL (services/writes/new-posts.ts), else here.
    excluded ? { exclude: excluded } : await aboutWriting(reading, post.authorId),
    await present(null),
  )
  return presentFor === undefined ? null : present(presentFor)
}

/**
 * A post of text written inside another command's transaction (a game night's thread,
 * actions/game-nights.ts): its row, count, tags, mentions and search words as createPost writes
 * them. The command publishes it after its commit with `publishWrittenPost`, and tells the caches
 * of it as `added`.
 */
export async function writePostWithin(
  tx: Store,
  changes: NotificationChanges,
  authorId: number,
  content: string,
  now: number,
): Promise<NewPost> {
  const written = await writeNewPost(tx, authorId, content, now)
  return { ...written, post: await afterPostWrite(tx, changes, written.post, true) }
}

/** The `post` event of a post written by `writePostWithin`, once its command committed. */
export async function publishWrittenPost(live: Live, written: NewPost): Promise<void> {
  await publishNewPost(live, written, { images: false, poll: false }, undefined)
}

/**
 * True when a new post's text asks nothing written beside its row: no tags, no mentions (what
 * afterPostWrite writes besides the search words).
 */
const textAlone = (content: string) =>
  extractTags(content).length === 0 && extractMentions(content).length === 0

/**
 * `presentFor`: the viewer whose answer presents the post (a `Prefer: return=minimal` answer);
 * undefined when the answer is not one post. A post of text alone is written without a
 * transaction of the command's own (services/writes/new-posts.ts writeTextPost: one statement on
 * PostgreSQL, sent without `BEGIN` and `COMMIT`).
 */
export async function createPost(
  live: Live,
  actor: Actor,
  content: string,
  images: AttachRequest[] = [],
  /** A poll (docs/API.md "Polls") or the id of the post this one quotes ("Reposts and quotes"). */
  extras: { poll?: PollInput; quoteOf?: number | null; presentFor?: number | null } = {},
): Promise<{ post: PostRow; presented: Post | null }> {
  const { poll, quoteOf = null, presentFor } = extras
  const beside = { images: images.length > 0, poll: poll !== undefined }
  let presented: Post | null = null
  if (!beside.images && !beside.poll && quoteOf === null && textAlone(content)) {
    const { post } = await commitAlone(
      live,
      (db) => writeTextPost(db, actor.id, content),
      async (written) => {
        presented = await publishNewPost(live, written, beside, presentFor)
      },
      ({ post: row }) => ({
        added: { postId: row.id, authorId: row.authorId, createdAt: row.createdAt },
      }),
    )
    return { post, presented }
  }
  let quoted: PostRow | null = null
  const written = await commit(
    live,
    async (tx, changes) => {
      quoted = null
      // Checked first: a quote of a deleted, suspended or blocked author's post writes nothing.
      const original = quoteOf === null ? null : await quotable(tx, actor.id, quoteOf)
      const {
        post: row,
        author,
        excluded,
      } = await writeNewPost(tx, actor.id, content, Date.now(), images)
      let post = row
      if (poll) await createPoll(tx, post.id, poll, post.createdAt)
      if (original) {
        const recorded = await recordQuote(tx, post.id, original)
        post = recorded.quote
        quoted = recorded.original
      }
      // The quoted author named in the quote hears of the mention, not of the quote too.
      const tellQuoted = async (mentioned: Set<number>) => {
        if (!original || mentioned.has(original.authorId)) return
        await notify(tx, changes, {
          recipientId: original.authorId,
          actorId: actor.id,
          type: 'quote',
          postId: post.id,
        })
      }
      return {
        post: await afterPostWrite(tx, changes, post, true, tellQuoted),
        author,
        excluded,
      }
    },
    async (written) => {
      presented = await publishNewPost(live, written, beside, presentFor)
      if (quoted) await publishRepost(live, actor, quoted, 'quote')
    },
    ({ post }) => ({
      added: { postId: post.id, authorId: post.authorId, createdAt: post.createdAt },
      posts: quoteOf === null ? [] : [quoteOf],
    }),
  )
  return { post: written.post, presented }
}

export function editPost(
  live: Live,
  actor: Actor,
  postId: number,
  content: string,
  /** Left out: the poll stays (docs/API.md "Polls"). */
  poll?: PollInput | null,
): Promise<PostRow> {
  return commit(
    live,
    async (tx, changes) => {
      const post = await postWrites.editPost(tx, actor.id, postId, content)
      await editPollOf(tx, post.id, poll, post.updatedAt)
      return afterPostWrite(tx, changes, post, false)
    },
    (post) => publishPost(live, post),
    (post) => ({ posts: [post.id] }),
  )
}

/** The author deletes their own post. */
export function deletePost(live: Live, actor: Actor, postId: number): Promise<PostRow> {
  return removePost(live, postId, null, (post) => {
    if (post.authorId !== actor.id) throw new HttpError('NOT_OWNER', MESSAGES.deleteForeignPost)
  })
}

/** The host deletes any post (docs/API.md, "Moderation"): the author's deletion, unchecked. */
export function hostDeletePost(live: Live, host: Actor, postId: number): Promise<PostRow> {
  return removePost(live, postId, host, () => {})
}

/**
 * Deletes a post once `mayDelete` let it: its images, comments, reactions, bookmarks, reports and
 * notifications go with it. Everyone sees it go, those blocked included: the event carries only
 * ids and counts, and a copy loaded before a block must still leave their screen.
 */
async function removePost(
  live: Live,
  postId: number,
  host: Actor | null,
  mayDelete: (post: PostRow) => void,
): Promise<PostRow> {
  const { post } = await commit(
    live,
    async (tx, changes) => {
      // Locked: of two deletions at once, the second finds the post gone (counted once).
      const post = await postWrites.lockPost(tx, postId)
      mayDelete(post)
      await noteCascade(tx, changes, { postId: post.id })
      // A deleted quote counts no more on its original, whose quote count would else stay too high.
      const original = await forgetQuote(tx, post)
      const closedReports = await closeReportsOnDelete(tx, changes, host, {
        postId: post.id,
        authorId: post.authorId,
      })
      await unindexPosts(tx, [post.id])
      return { ...(await postWrites.deletePost(tx, post)), closedReports, original }
    },
    async ({ post, removedMedia, closedReports, original }) => {
      if (closedReports > 0) await publishOpenReports(live)
      // Only now that the rows are gone for good: a rollback would have kept the images.
      await removeStoredObjects(live.media, removedMedia)
      live.hub.publish('post-deleted', {
        postId: String(post.id),
        authorId: String(post.authorId),
        authorPostCount: await postCountOf(live, post.authorId),
      })
      if (original) {
        const author = await findUserById(live.db, post.authorId)
        const actor = author ?? { id: post.authorId, username: '' }
        await publishRepost(live, actor, original, 'unquote')
      }
    },
    ({ post, original }) => ({
      removed: { postId: post.id, authorId: post.authorId },
      posts: original ? [original.id] : [],
    }),
  )
  return post
}
