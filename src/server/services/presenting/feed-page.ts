/**
 * A home feed page as the API answers it (`GET /api/feed`), written out as JSON: each post with
 * `repostedBy`. Where the read cache keeps pieces (caches/answer-pieces.ts), each item still as
 * its viewer saw it in a kept answer is taken as it was written then, and only the others are
 * presented: after a new post, the page of each follower presents that one post and joins the
 * rest. The text is the very JSON of `{ posts, nextCursor }` presented afresh (the test compares
 * both after every kind of change).
 */
import type { Post, PostsPage } from '../../../shared/api-types'
import { answerChangesAt } from '../../caches/answer-life'
import { noteShown, noteShownPosts } from '../../caches/answer-parts'
import { pieceKey, type AnswerPiece } from '../../caches/answer-pieces'
import { touchedCacheOf } from '../../caches/store-caches'
import type { Store } from '../../db/store'
import type { FeedItem, FeedPage } from '../reads/home-feed'
import { loadSummaries } from './embedded'
import { presentPosts } from './posts'
import { formatTimestamp } from './time'

/** A feed page as the API answers it: each post with `repostedBy` (one more query). */
export async function presentFeed(
  db: Store,
  items: readonly FeedItem[],
  viewerId: number,
): Promise<Post[]> {
  const posts = await presentPosts(
    db,
    items.map((item) => item.row),
    { detail: 'page', viewerId },
  )
  const reposters = await loadSummaries(
    db,
    items.flatMap((item) => (item.repost ? [item.repost.userId] : [])),
  )
  return posts.map((post, index) => {
    const repost = items[index]?.repost
    const user = repost ? reposters.get(repost.userId) : undefined
    return {
      ...post,
      repostedBy: repost && user ? { user, createdAt: formatTimestamp(repost.createdAt) } : null,
    }
  })
}

/**
 * The page's JSON, and the pieces presented for it (to keep beside its answer: the route hands
 * them to http/kept-answers.ts).
 */
export async function presentFeedText(
  db: Store,
  page: FeedPage,
  viewerId: number,
): Promise<{ text: string; pieces: AnswerPiece[] }> {
  const cache = touchedCacheOf(db)
  const now = Date.now()
  const texts: (string | undefined)[] = []
  const missing: FeedItem[] = []
  const missingAt: number[] = []
  for (const [index, item] of page.items.entries()) {
    const kept = cache?.piece(pieceKey(viewerId, item.row.id, item.repost), now)
    texts.push(kept?.json)
    if (kept) {
      // The answer being made shows what the piece showed, at the versions it still has, and
      // lives no longer than the piece (a poll's end in it: nothing presents it now to say so).
      for (const [id, version] of kept.posts) noteShownPosts([id], () => version)
      noteShown('viewers', viewerId, kept.viewerVersion)
      answerChangesAt(kept.until)
    } else {
      missing.push(item)
      missingAt.push(index)
    }
  }
  // The versions before the reads: a piece is kept only if none moved during the fill.
  const versions = cache
    ? missing.map(({ row }) =>
        (row.quoteOfId === null ? [row.id] : [row.id, row.quoteOfId]).map(
          (id) => [id, cache.postRows.versionOf(id)] as const,
        ),
      )
    : []
  const viewerVersion = cache?.viewerStates.viewers.of(viewerId) ?? 0
  const presented = await presentFeed(db, missing, viewerId)
  const pieces: AnswerPiece[] = []
  for (const [at, post] of presented.entries()) {
    const item = missing[at]
    const index = missingAt[at]
    if (item === undefined || index === undefined) continue
    const json = JSON.stringify(post)
    texts[index] = json
    const posts = versions[at]
    if (cache && posts) {
      const key = pieceKey(viewerId, item.row.id, item.repost)
      pieces.push({ key, json, posts, viewer: viewerId, viewerVersion })
    }
  }
  return { text: pageText(texts, page.nextCursor), pieces }
}

/** `JSON.stringify({ posts, nextCursor })` of a page whose posts are already JSON. */
function pageText(posts: readonly (string | undefined)[], nextCursor: string | null): string {
  if (posts.includes(undefined)) throw new Error('A feed item was neither kept nor presented')
  const page: Omit<PostsPage, 'posts'> = { nextCursor }
  return `{"posts":[${posts.join(',')}],${JSON.stringify(page).slice(1)}`
}
