/**
 * Turns database rows into the API's JSON shapes (src/shared/api-types.ts), loading what they
 * embed (authors, reactions, comments) in one query each, for all rows at once, never one per row.
 * One module a kind: this one posts; comments.ts, users.ts, and embedded.ts for what they share.
 */
import type { Comment, Post, PostMediaItem, Reactor } from '../../../shared/api-types'
import type { Store } from '../../db/store'
import { canSee } from '../reads/visibility'
import { visibleCommentCounts } from '../reads/comment-counts'
import type { PostRow, UserRow } from '../../db/rows'
import { resolveMentions } from '../reads/mentions'
import { loadPostImages } from '../media/post-images'
import { loadPostShared, loadViewerState, sharedEmoji, viewerPoll } from './post-shared'
import { formatTimestamp } from './time'
import { shareFields } from './share-presentation'
import { type PostShared } from '../../caches/read-cache'
import { readCacheOf, touchedCacheOf } from '../../caches/store-caches'
import {
  noteShownPosts,
  noteShown,
  notingShownParts,
  noteUnversioned,
} from '../../caches/answer-parts'
import {
  groupBy,
  loadReactions,
  loadSummaries,
  toReactor,
  toUserSummary,
  type PresentOptions,
  type SummaryRow,
} from './embedded'
import { presentComments, visibleComments } from './comments'

/** A post's images (post-images.ts), kept as loadSummaries keeps summaries. */
async function loadImages(db: Store, postIds: number[]): Promise<Map<number, PostMediaItem[]>> {
  const cache = readCacheOf(db)
  if (!cache) return loadPostImages(db, postIds)
  const found = new Map<number, PostMediaItem[]>()
  const missing: number[] = []
  for (const id of postIds) {
    const kept = cache.postImages.get(id)
    if (kept) found.set(id, kept)
    else missing.push(id)
  }
  if (missing.length === 0) return found
  const generation = cache.generation
  const loaded = await loadPostImages(db, missing)
  const keep = cache.keeps(generation)
  for (const id of missing) {
    const images = loaded.get(id) ?? []
    found.set(id, images)
    if (keep) cache.postImages.set(id, images)
  }
  return found
}

/**
 * Notes for a whole answer kept with its parts (caches/answer-parts.ts) the posts these rows
 * show, with the posts they quote, under their versions, and the viewer's own state: everything
 * presentPosts shows of them but their authors' summaries, which only changes that no version
 * follows alter (a profile edit, an account's end).
 */
function noteShownRows(db: Store, rows: readonly PostRow[], viewerId: number | null): void {
  if (!notingShownParts()) return
  const cache = touchedCacheOf(db)
  if (!cache) return noteUnversioned()
  const ids = rows.flatMap((row) => (row.quoteOfId === null ? [row.id] : [row.id, row.quoteOfId]))
  noteShownPosts(ids, (id) => cache.postRows.versionOf(id))
  if (viewerId !== null) noteShown('viewers', viewerId, cache.viewerStates.viewers.of(viewerId))
}

/** Presents post rows in the order given (one query after another, as presentComments). */
export async function presentPosts(
  db: Store,
  rows: PostRow[],
  options: PresentOptions,
): Promise<Post[]> {
  if (rows.length === 0) return []
  noteShownRows(db, rows, options.viewerId)
  const postIds = rows.map((row) => row.id)
  const fresh = options.freshAuthors
  const authors =
    fresh ??
    (await loadSummaries(
      db,
      rows.map((row) => row.authorId),
    ))
  // The viewer's own state in one query (services/presenting/post-shared.ts); in a page it holds
  // the reactor lists too (only the viewer), a full answer reads every reactor. None yet of a
  // fresh post (the state of no viewer).
  const state = await loadViewerState(db, postIds, fresh ? null : options.viewerId)
  const reactions =
    options.detail === 'full'
      ? groupBy(
          fresh ? [] : await loadReactions(db, 'post_reactions', postIds, options),
          (row) => row.targetId,
        )
      : null
  const images = fresh ? new Map<number, PostMediaItem[]>() : await loadImages(db, postIds)
  // Polls (docs/API.md "Polls") and emoji counts: shared, kept (services/presenting/post-shared.ts).
  const shared = fresh ? new Map<number, PostShared>() : await loadPostShared(db, postIds)
  const now = Date.now()
  // threads: the count the viewer sees (services/reads/comment-counts.ts)
  const commentCounts = await visibleCommentCounts(db, rows, options.viewerId)
  const mentions = await resolveMentions(
    db,
    rows.map((row) => row.content),
  )
  const commentsByPost =
    options.detail === 'full'
      ? groupBy(
          await presentComments(db, await visibleComments(db, postIds, options.viewerId), options),
          (comment) => Number(comment.postId),
        )
      : new Map<number, Comment[]>()
  // Reposts, quotes and emoji reactions, for the whole page at once.
  const emojiCounts = new Map(postIds.map((id) => [id, sharedEmoji(shared.get(id))]))
  const shares = await shareFields(
    db,
    rows,
    options.viewerId,
    options.nested ?? false,
    (quoted) =>
      presentPosts(db, quoted, { detail: 'page', viewerId: options.viewerId, nested: true }),
    { reposted: state.reposted, counts: emojiCounts, mine: state.emoji },
  )
  const viewerReactor = (kind: string, row: PostRow): Reactor[] => {
    const own = state.reactions.get(row.id)
    return own && own.kind === kind && options.viewerId !== null
      ? [{ _id: String(options.viewerId), username: own.username }]
      : []
  }
  return rows.map((row, index) => {
    const id = String(row.id)
    const author = authors.get(row.authorId)
    if (!author) throw new Error(`Post ${row.id} has no author`)
    const own = reactions?.get(row.id) ?? []
    return {
      _id: id,
      id,
      content: row.content,
      username: author.username,
      author,
      createdAt: formatTimestamp(row.createdAt),
      updatedAt: formatTimestamp(row.updatedAt),
      likes: {
        likeCount: row.likeCount,
        likedBy: reactions
          ? own.filter((reaction) => reaction.kind === 'like').map(toReactor)
          : viewerReactor('like', row),
        dislikedBy: reactions
          ? own.filter((reaction) => reaction.kind === 'dislike').map(toReactor)
          : viewerReactor('dislike', row),
      },
      comments: commentsByPost.get(row.id) ?? [],
      commentCount: commentCounts.get(row.id) ?? row.commentCount,
      editedAt: row.editedAt === null ? null : formatTimestamp(row.editedAt),
      media: images.get(row.id) ?? [],
      mentions: mentions[index] ?? [],
      poll: viewerPoll(shared.get(row.id), state.pollVotes.get(row.id), now),
      ...shares(row),
    }
  })
}

/**
 * One post as a minimal answer (`Prefer: return=minimal`) shows it: trimmed like a page. To a
 * viewer who may not see it (services/reads/visibility.ts: a block either way, a suspended author; an
 * answer to taking back a bookmark, repost or reaction of it, or that change's event) it is
 * withheld: its id, author and counts only, marked `unavailable`.
 */
export async function presentPost(db: Store, row: PostRow, viewerId: number | null): Promise<Post> {
  const [post] = await presentPosts(db, [row], { detail: 'page', viewerId })
  if (!post) throw new Error(`Post ${row.id} could not be presented`)
  if (await canSee(db, viewerId, row.authorId, { mutes: false })) return post
  return withheld(post)
}

/** A post as shown to a viewer who may not see it: its id, author and counts only. */
const withheld = (post: Post): Post => ({
  ...post,
  content: '',
  media: [],
  mentions: [],
  poll: null,
  comments: [],
  quoteOf: null,
  unavailable: true,
})

/** The author of a post just written, as the statement that wrote it answered (services/writes/new-posts.ts). */
export type FreshAuthor = SummaryRow & Pick<UserRow, 'suspendedAt'>

/**
 * As presentPost, for a post its command just wrote without images or a poll, right after the
 * commit (for its live event, `viewerId` null, and its author's answer): its author as the
 * writing statement answered, and nothing read of what refers to it, since nothing does yet
 * (`freshAuthors`). Withheld as presentPost withholds it: from a reader without a token only when
 * the author is suspended (services/reads/visibility.ts: such a reader blocks and mutes nobody).
 */
export async function presentNewPost(
  db: Store,
  row: PostRow,
  author: FreshAuthor,
  viewerId: number | null,
): Promise<Post> {
  const freshAuthors = new Map([[author.id, toUserSummary(author)]])
  const [post] = await presentPosts(db, [row], { detail: 'page', viewerId, freshAuthors })
  if (!post) throw new Error(`Post ${row.id} could not be presented`)
  const seen =
    viewerId === null
      ? author.suspendedAt === null
      : await canSee(db, viewerId, row.authorId, { mutes: false })
  return seen ? post : withheld(post)
}
