/**
 * How many results each section of a search holds (`GET /api/search?counts=true`, docs/API.md
 * "Search"), for the search page's tabs: "People 3", "Posts 100+". Each count stops at
 * `SEARCH_LIMITS.countCap`, so it costs the same whatever the number of matches; what the viewer
 * may not see (services/reads/visibility.ts) is not counted.
 */
import type { SearchType } from '../../../shared/search'
import { SEARCH_LIMITS } from '../../../shared/search'
import type { Store } from '../../db/store'
import { searchGames } from './games'
import { LIST_START, type PageRequest } from './pagination'
import { searchTags, SEARCH_WINDOW } from './search'
import { searchUsers } from './users'
import { visibleAuthor, type Viewer } from './visibility'

/** What each section is searched for: the words of posts, a tag's beginning, a name. */
export interface CountedQuery {
  words: readonly string[]
  tagPrefix: string | null
  userName: string
  gameName: string
}

const CAP: PageRequest = { limit: SEARCH_LIMITS.countCap, cursor: null }

/** A page found with `CAP`: its length, or the cap when more follow. */
const capped = (length: number, nextCursor: string | null) =>
  nextCursor ? SEARCH_LIMITS.countCap : Math.min(length, SEARCH_LIMITS.countCap)

/**
 * The posts the viewer may see among the newest SEARCH_WINDOW holding every word (as
 * `searchPosts` takes them, by window), up to the cap.
 */
async function countPosts(db: Store, words: readonly string[], viewer: Viewer): Promise<number> {
  if (words.length === 0) return 0
  const visible = await visibleAuthor(db, 'posts.author_id', viewer)
  const row = await db.get<{ count: number }>(
    `SELECT count(*) AS count FROM (SELECT posts.id FROM posts
       WHERE ${db.sql.newestPostMatches}${visible.and} LIMIT ?) AS found`,
    db.sql.searchQuery(words, { phrase: false, prefix: true }),
    LIST_START,
    SEARCH_WINDOW,
    ...visible.params,
    SEARCH_LIMITS.countCap,
  )
  return Number(row?.count ?? 0)
}

/** The counts of these sections, one after another (each a fixed number of queries). */
export async function countSections(
  db: Store,
  sections: readonly SearchType[],
  query: CountedQuery,
  viewer: Viewer,
): Promise<Partial<Record<SearchType, number>>> {
  const counts: Partial<Record<SearchType, number>> = {}
  for (const section of sections) {
    if (section === 'posts') {
      counts.posts = await countPosts(db, query.words, viewer)
    } else if (section === 'tags') {
      const found = await searchTags(db, query.tagPrefix, CAP, viewer)
      counts.tags = capped(found.tags.length, found.nextCursor)
    } else if (section === 'users') {
      const found = query.userName
        ? await searchUsers(db, query.userName, CAP, viewer)
        : { users: [], nextCursor: null }
      counts.users = capped(found.users.length, found.nextCursor)
    } else {
      const found = query.gameName
        ? await searchGames(db, query.gameName, CAP)
        : { games: [], nextCursor: null }
      counts.games = capped(found.games.length, found.nextCursor)
    }
  }
  return counts
}
