/**
 * Comment rows into the API's Comment shape (src/shared/api-types.ts): their authors, votes and
 * mentions in one query each for all rows, and the comments a full answer embeds in its posts.
 */
import type { Comment } from '../../../shared/api-types'
import type { Store } from '../../db/store'
import { hiddenAuthors } from '../reads/visibility'
import { visibleCommentSql } from '../reads/comment-counts'
import { COMMENT_COLUMNS } from '../../db/raw'
import type { CommentRow } from '../../db/rows'
import { resolveMentions } from '../reads/mentions'
import { formatTimestamp } from './time'
import { groupBy, loadReactions, loadSummaries, toReactor, type PresentOptions } from './embedded'

/**
 * Presents comment rows in the order given. The queries run one after another: `db` may be a
 * transaction's handle (db/README.md, rule 2).
 */
export async function presentComments(
  db: Store,
  rows: CommentRow[],
  options: PresentOptions,
): Promise<Comment[]> {
  if (rows.length === 0) return []
  const authors = await loadSummaries(db, [
    ...rows.map((row) => row.authorId),
    // threads: whom replies answer
    ...rows.flatMap((row) => (row.replyToUserId === null ? [] : [row.replyToUserId])),
  ])
  const votes = groupBy(
    await loadReactions(
      db,
      'comment_votes',
      rows.map((row) => row.id),
      options,
    ),
    (vote) => vote.targetId,
  )
  const mentions = await resolveMentions(
    db,
    rows.map((row) => row.text),
  )
  return rows.map((row, index) => {
    const id = String(row.id)
    const author = authors.get(row.authorId)
    if (!author) throw new Error(`Comment ${row.id} has no author`)
    const own = votes.get(row.id) ?? []
    return {
      _id: id,
      id,
      postId: String(row.postId),
      username: author.username,
      author,
      text: row.text,
      votes: {
        upvotedBy: own.filter((vote) => vote.kind === 'up').map(toReactor),
        downvotedBy: own.filter((vote) => vote.kind === 'down').map(toReactor),
        upvoteCount: row.upvoteCount,
        downvoteCount: row.downvoteCount,
      },
      createdAt: formatTimestamp(row.createdAt),
      updatedAt: formatTimestamp(row.updatedAt),
      mentions: mentions[index] ?? [],
      // threads (services/reads/threads.ts): a deleted top-level comment's placeholder shows no text
      ...(row.deletedAt === null ? {} : { text: '', mentions: [], deleted: true }),
      parentId: row.parentId === null ? null : String(row.parentId),
      replyToId: row.replyToId === null ? null : String(row.replyToId),
      replyToUsername:
        row.replyToUserId === null ? null : (authors.get(row.replyToUserId)?.username ?? null),
    }
  })
}

/**
 * The comments a full answer embeds in these posts, newest first: those the viewer may see, as
 * the comment lists show them (services/reads/visibility.ts: not of suspended, blocked or muted
 * authors).
 */
export async function visibleComments(
  db: Store,
  postIds: number[],
  viewer: number | null,
): Promise<CommentRow[]> {
  // threads: replies too (flat), not placeholders, not under a hidden author's root
  const hidden = db.sql.ids(await hiddenAuthors(db, viewer))
  return db.all<CommentRow>(
    `SELECT ${COMMENT_COLUMNS} FROM comments
     WHERE post_id IN ${db.sql.idSet} AND deleted_at IS NULL AND ${visibleCommentSql(db)}
     ORDER BY created_at DESC, id DESC`,
    db.sql.ids(postIds),
    hidden,
    hidden,
  )
}

/** One comment as a minimal answer shows it: trimmed like a page. */
export async function presentComment(
  db: Store,
  row: CommentRow,
  viewerId: number | null,
): Promise<Comment> {
  const [comment] = await presentComments(db, [row], { detail: 'page', viewerId })
  if (!comment) throw new Error(`Comment ${row.id} could not be presented`)
  return comment
}
