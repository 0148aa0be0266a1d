/**
 * What reposts, quotes and emoji reactions add to every post shape (docs/API.md, "Reposts and
 * quotes", "Emoji reactions"): repost and quote counts, whether the viewer reposts it, the quoted
 * post one level deep, and the emoji reactions. Read for a whole page at once, a fixed number of
 * queries whatever its size (db/README.md, "No N+1"): the viewer's reposts, the emoji counts, the
 * viewer's own reactions, and for quotes the quoted rows, which of them the viewer may see, and
 * their presentation.
 */
import type { Post, QuoteEmbed, ReactionCount } from '../../../shared/api-types'
import type { Reaction } from '../../../shared/reactions'
import { POST_COLUMNS } from '../../db/raw'
import type { PostRow } from '../../db/rows'
import type { Store } from '../../db/store'
import { emojiCounts, ownEmojiReactions } from '../reads/emoji-reactions'
import { repostedBy } from '../reads/reposts'
import { visibleAuthor } from '../reads/visibility'

/** The fields reposts, quotes and emoji reactions add to a post (api-types.ts, Post). */
export type ShareFields = Required<
  Pick<Post, 'repostCount' | 'quoteCount' | 'reposted' | 'quoteOf' | 'reactions'>
>

/**
 * The share fields of each row. `nested`: these rows are themselves quoted, so their own quotes
 * are named (`state: 'nested'`), never loaded. `present` presents the quoted rows (posts.ts).
 */
export async function shareFields(
  db: Store,
  rows: readonly PostRow[],
  viewerId: number | null,
  nested: boolean,
  present: (rows: PostRow[]) => Promise<Post[]>,
  /** What presentPosts already read for the page (services/presenting/post-shared.ts), not read again. */
  loaded?: {
    reposted: Set<number>
    counts: Map<number, ReactionCount[]>
    mine: Map<number, Reaction[]>
  },
): Promise<(row: PostRow) => ShareFields> {
  const postIds = rows.map((row) => row.id)
  const reposted = loaded?.reposted ?? (await repostedBy(db, postIds, viewerId))
  const counts = loaded?.counts ?? (await emojiCounts(db, postIds))
  const mine = loaded?.mine ?? (await ownEmojiReactions(db, postIds, viewerId))
  const quotes = nested
    ? new Map<number, QuoteEmbed>()
    : await quoteEmbeds(db, rows, viewerId, present)
  return (row) => ({
    repostCount: row.repostCount,
    quoteCount: row.quoteCount,
    reposted: reposted.has(row.id),
    quoteOf:
      row.quoteOfId === null
        ? null
        : (quotes.get(row.quoteOfId) ?? {
            postId: String(row.quoteOfId),
            state: 'nested',
            post: null,
          }),
    reactions: { counts: counts.get(row.id) ?? [], mine: mine.get(row.id) ?? [] },
  })
}

/** The quoted posts of these rows by id: shown, deleted, or unavailable to the viewer. */
async function quoteEmbeds(
  db: Store,
  rows: readonly PostRow[],
  viewerId: number | null,
  present: (rows: PostRow[]) => Promise<Post[]>,
): Promise<Map<number, QuoteEmbed>> {
  const quotedIds = [
    ...new Set(rows.flatMap((row) => (row.quoteOfId === null ? [] : [row.quoteOfId]))),
  ]
  const embeds = new Map<number, QuoteEmbed>()
  if (quotedIds.length === 0) return embeds
  const visible = await visibleAuthor(db, 'author_id', viewerId)
  const found = await db.all<PostRow & { shown: boolean | number }>(
    `SELECT ${POST_COLUMNS}, ${visible.and ? `CASE WHEN TRUE${visible.and} THEN 1 ELSE 0 END` : '1'} AS shown
     FROM posts WHERE id IN ${db.sql.idSet}`,
    ...visible.params,
    db.sql.ids(quotedIds),
  )
  const shown = found.filter((row) => Number(row.shown) === 1)
  const presented = await present(shown.map(({ shown: _shown, ...row }) => row))
  for (const post of presented) {
    embeds.set(Number(post._id), { postId: post._id, state: 'visible', post })
  }
  for (const id of quotedIds) {
    if (embeds.has(id)) continue
    const exists = found.some((row) => row.id === id)
    embeds.set(id, { postId: String(id), state: exists ? 'unavailable' : 'deleted', post: null })
  }
  return embeds
}
