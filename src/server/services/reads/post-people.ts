/**
 * Who did something to a post, a page at a time: who reacted with an emoji
 * (emoji-reactions.ts, pageReactors) and who reposts it (reposts.ts, pageReposters) page the same
 * way, here once. Each of these tables holds one row per person and post with the person's
 * `user_id` and the row's `created_at`; the list is newest first, in one query a page, and leaves
 * out those hidden from the viewer (suspended, blocked either way, muted) as everywhere.
 */
import type { UserSummary } from '../../../shared/api-types'
import type { Store } from '../../db/store'
import { cursorOrStart, finishPage, type PageRequest, type RowPage } from './pagination'
import { getPostFor } from './posts'
import { visibleAuthor } from './visibility'

/** A person of such a list, with when they did it (the list's sort key with their id). */
export interface PostPersonRow {
  id: number
  username: string
  firstName: string
  lastName: string
  profileImg: string
  createdAt: number
}

/**
 * Which list: the table (a name written here, never a value), and for emoji reactions the one
 * emoji. Two fixed texts of SQL, each prepared once (../db/README.md, rule 4).
 */
export type PostPeopleList =
  { table: 'reposts' } | { table: 'post_emoji_reactions'; reaction: string }

/** One page of `list` for the post `postId` (404 when there is no such post). */
export async function pagePostPeople(
  db: Store,
  postId: number,
  list: PostPeopleList,
  page: PageRequest,
  viewer: number | null,
  toSummary: (row: PostPersonRow) => UserSummary,
): Promise<RowPage<UserSummary>> {
  // The post itself first: not a blocked or suspended author's (POST_UNAVAILABLE).
  const post = await getPostFor(db, postId, viewer)
  const visible = await visibleAuthor(db, 'r.user_id', viewer)
  const [match, matchParams] =
    list.table === 'post_emoji_reactions' ? [' AND r.reaction = ?', [list.reaction]] : ['', []]
  const rows = await db.all<PostPersonRow>(
    `SELECT u.id AS id, u.username AS username, u.first_name AS "firstName",
       u.last_name AS "lastName", u.profile_img AS "profileImg", r.created_at AS "createdAt"
     FROM ${list.table} r JOIN users u ON u.id = r.user_id
     WHERE r.post_id = ?${match} AND (r.created_at, r.user_id) < (?, ?)${visible.and}
     ORDER BY r.created_at DESC, r.user_id DESC LIMIT ?`,
    post.id,
    ...matchParams,
    ...cursorOrStart(page.cursor, 2),
    ...visible.params,
    page.limit + 1,
  )
  const finished = finishPage(rows, page.limit, (row) => [row.createdAt, row.id])
  return { rows: finished.rows.map(toSummary), nextCursor: finished.nextCursor }
}
