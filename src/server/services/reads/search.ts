/**
 * Search (docs/API.md, "Search"): posts by their words, tags by their beginning, people by the
 * beginning of their name (services/reads/users.ts `searchUsers`, the spec's user search).
 *
 * Whatever is typed, nothing of it is query syntax: the query is cut into words of letters,
 * digits and marks (`searchWords`), and each word is quoted for the database (db/store.ts
 * `searchQuery`). Quotes, `*`, `NEAR`, `-`, `:`, `^`, emoji, NUL: none of them errors; a query
 * with no word in it finds nothing.
 *
 * Where the words live: SQLite's FTS5 table `posts_search` (migrations/0008_post_search.sql),
 * written by `indexPost` / `unindexPosts` in the transaction of each post's write; PostgreSQL's
 * GIN expression index (migrations-pg/0004_post_search.sql), which the database keeps itself.
 */
import type { Store } from '../../db/store'
import type { PostRow } from '../../db/rows'
import type { TagResult } from '../../../shared/api-types'
import { searchWords } from '../../../shared/search'
import {
  cursorOrStart,
  decodeTextCursor,
  encodeCursor,
  finishPage,
  LIST_START,
  type PageRequest,
  type RowPage,
} from './pagination'
import { postsByIds } from './posts'
import { visibleAuthor, type Viewer } from './visibility'

export { searchWords }

/** A post found, with where it stands in the answer. */
interface FoundRow {
  id: number
  relevance: number
  createdAt: number
}

/**
 * How many of the newest matching posts are ranked together: a search reads at most
 * this many matches per window, whatever the number of posts holding its words.
 */
export const SEARCH_WINDOW = 500

/** Compares two sort keys of numbers, first value first. */
function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let index = 0; index < a.length; index++) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0)
    if (difference !== 0) return difference
  }
  return 0
}

/** How many windows one page may walk through before it answers what it found (hidden posts). */
const WINDOWS_PER_PAGE = 4

/**
 * One page of the posts the viewer may see (services/reads/visibility.ts, mutes included) that hold
 * every word, the last one also as the beginning of a longer word. The matches are taken in
 * windows of the newest SEARCH_WINDOW (by id, the order posts were written), and within a window
 * the most relevant come first, then the newest. Relevance is a whole number from the post's own
 * text, so that a page's cursor stays right while others post: 2 when the words stand together
 * in that order, plus 1 when the last word is there whole (so "lan" puts "LAN tonight" before
 * "lanparty"). A cursor names its window (the id below which it starts) and the place in it.
 *
 * Bounded whatever the words: each window reads at most SEARCH_WINDOW matches, newest first
 * (`newestPostMatches`), and ranks those alone (`postMatches` checks one post at a time), where
 * ranking every match of two common words read all of them (1.3 s on 200,000 posts).
 */
export async function searchPosts(
  db: Store,
  words: readonly string[],
  page: PageRequest,
  viewer: Viewer,
): Promise<RowPage<PostRow>> {
  if (words.length === 0) return { rows: [], nextCursor: null }
  const visible = await visibleAuthor(db, 'posts.author_id', viewer)
  const all = db.sql.searchQuery(words, { phrase: false, prefix: true })
  const phrase = db.sql.searchQuery(words, { phrase: true, prefix: true })
  const whole = db.sql.searchQuery(words, { phrase: false, prefix: false })
  let [windowTop = LIST_START, ...place] = cursorOrStart(page.cursor, 4)
  const found: (FoundRow & { windowTop: number })[] = []
  for (let windows = 0; ; windows++) {
    // The window once (its newest matches), then which of them hold the words together and
    // the last word whole, each read for the window's range of ids alone.
    const low = '(SELECT min(id) FROM win)'
    const ranked = await db.all<FoundRow>(
      `WITH win AS MATERIALIZED (SELECT posts.id FROM posts WHERE ${db.sql.newestPostMatches})
       SELECT posts.id, posts.created_at AS "createdAt",
         CAST((CASE WHEN ${db.sql.postMatchesIn(low, '?')} THEN 2 ELSE 0 END)
           + (CASE WHEN ${db.sql.postMatchesIn(low, '?')} THEN 1 ELSE 0 END) AS bigint) AS relevance
       FROM posts WHERE posts.id IN (SELECT id FROM win)${visible.and}`,
      all,
      windowTop,
      SEARCH_WINDOW,
      phrase,
      windowTop,
      whole,
      windowTop,
      ...visible.params,
    )
    // At most SEARCH_WINDOW rows: ordered here, after the cursor's place in the window.
    const rows = ranked
      .map((row) => ({
        ...row,
        relevance: Number(row.relevance),
        createdAt: Number(row.createdAt),
      }))
      .filter((row) => compareKeys([row.relevance, row.createdAt, row.id], place) < 0)
      .sort(
        (a, b) => -compareKeys([a.relevance, a.createdAt, a.id], [b.relevance, b.createdAt, b.id]),
      )
      .slice(0, page.limit + 1 - found.length)
    for (const row of rows) found.push({ ...row, windowTop })
    if (found.length > page.limit) break
    // This window has no more for the viewer: the next one starts below its oldest match.
    const window = await db.get<{ oldest: number | null; count: number }>(
      `SELECT min(posts.id) AS oldest, count(*) AS count FROM posts WHERE ${db.sql.newestPostMatches}`,
      all,
      windowTop,
      SEARCH_WINDOW,
    )
    if (!window?.oldest || Number(window.count) < SEARCH_WINDOW) break
    windowTop = Number(window.oldest)
    place = [LIST_START, LIST_START, LIST_START]
    if (windows + 1 >= WINDOWS_PER_PAGE) {
      // Many hidden matches in a row: answer what was found, and go on from the next window.
      return {
        rows: await postsByIds(
          db,
          found.map((row) => row.id),
        ),
        nextCursor: encodeCursor([windowTop, ...place]),
      }
    }
  }
  const finished = finishPage(found, page.limit, (row) => [
    row.windowTop,
    row.relevance,
    row.createdAt,
    row.id,
  ])
  return {
    rows: await postsByIds(
      db,
      finished.rows.map((row) => row.id),
    ),
    nextCursor: finished.nextCursor,
  }
}

/**
 * The tag a query names the beginning of: without `#`, NFC and lowercase as tags are stored
 * (rich-text.ts normalizeTag); null when no tag could begin so (a space, punctuation).
 */
export function tagPrefixOf(query: string): string | null {
  const prefix = query.trim().replace(/^#/, '').normalize('NFC').toLowerCase()
  return /^[\p{L}\p{M}\p{N}_]{1,50}$/u.test(prefix) ? prefix : null
}

/**
 * One page of the tags beginning with `prefix` (tagPrefixOf), in alphabetical order (the tag
 * itself first), each with how many of its posts the viewer may see; tags whose posts are all
 * hidden from the viewer are left out.
 */
export async function searchTags(
  db: Store,
  prefix: string | null,
  page: PageRequest,
  viewer: Viewer,
): Promise<{ tags: TagResult[]; nextCursor: string | null }> {
  if (prefix === null) return { tags: [], nextCursor: null }
  const [after] = page.cursor ? decodeTextCursor(page.cursor) : ['']
  const visible = await visibleAuthor(db, 'posts.author_id', viewer)
  const rows = await db.all<TagResult>(
    `SELECT post_tags.tag AS tag, count(*) AS "postCount"
     FROM post_tags JOIN posts ON posts.id = post_tags.post_id
     WHERE post_tags.tag >= ? AND post_tags.tag < ? AND post_tags.tag > ?${visible.and}
     GROUP BY post_tags.tag ORDER BY post_tags.tag LIMIT ?`,
    prefix,
    `${prefix}\uffff`,
    after,
    ...visible.params,
    page.limit + 1,
  )
  const finished = finishPage(rows, page.limit, (row) => [row.tag, 0])
  return {
    tags: finished.rows.map((row) => ({ tag: row.tag, postCount: Number(row.postCount) })),
    nextCursor: finished.nextCursor,
  }
}
