/**
 * `GET /api/search` (docs/API.md, "Search"): posts by words, tags by their beginning and people
 * by the beginning of their name, in one call. Without `type`, every section that applies to the
 * query answers its first few; with `type`, that section alone answers a page, and its
 * `nextCursor` goes on. Whatever the query holds, the answer is a search (an empty one when it
 * holds no word), never an error.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import type { SearchResponse } from '../../shared/api-types'
import { pageQuerySchema } from '../../shared/schemas'
import {
  SEARCH_LIMITS,
  SEARCH_TYPES,
  namesSomething,
  searchWords,
  sectionsFor,
  withoutMarkup,
  type SearchType,
} from '../../shared/search'
import { HttpError } from '../errors/http-error'
import { searchGames } from '../services/reads/games'
import { optionalViewer, type AppDeps, type AppEnv } from '../http/context'
import { validate } from '../http/validate'
import { type PageRequest } from '../services/reads/pagination'
import { searchPosts, searchTags, tagPrefixOf } from '../services/reads/search'
import { countSections } from '../services/reads/search-counts'
import { presentPosts } from '../services/presenting/posts'
import { searchUsers } from '../services/reads/users'

/**
 * Characters no database stores (NUL, a lone surrogate; db/store.ts) become spaces: a query is
 * searched for, never refused for what it holds.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is the very character to take out
const UNSTORABLE = /[\uD800-\uDFFF\u0000]/gu

const searchQuerySchema = pageQuerySchema.extend({
  q: z
    .string()
    .optional()
    .transform((text = '') => text.replace(UNSTORABLE, ' ').slice(0, SEARCH_LIMITS.queryChars)),
  type: z
    .enum(SEARCH_TYPES, { error: `type must be one of ${SEARCH_TYPES.join(', ')}.` })
    .optional(),
  counts: z
    .enum(['true', 'false'], { error: 'counts must be true or false.' })
    .optional()
    .transform((value) => value === 'true'),
})

export function searchRoutes(deps: AppDeps) {
  const { db } = deps

  return new Hono<AppEnv>().get(
    '/',
    optionalViewer(deps),
    validate('query', searchQuerySchema),
    async (c) => {
      const { q, type, limit, cursor, counts } = c.req.valid('query')
      if (cursor !== undefined && type === undefined) {
        throw new HttpError('VALIDATION', 'A cursor goes on one section: name it with type.')
      }
      const viewerId = c.get('viewerId')
      const page: PageRequest = {
        limit: limit ?? (type ? 20 : SEARCH_LIMITS.perSection),
        cursor: cursor ?? null,
      }
      const words = searchWords(withoutMarkup(q))
      // A query of symbols alone (`@#$%^&*()"<b>`) names nothing: every section finds nothing.
      const named = namesSomething(q)
      const name = (sign: RegExp) => (named ? q.trim().replace(sign, '') : '')
      const query = {
        words,
        tagPrefix: named ? tagPrefixOf(q) : null,
        userName: name(/^@/),
        gameName: name(/^#/),
      }
      const answer: SearchResponse = { words }
      const sections: SearchType[] = type ? [type] : q.trim() ? sectionsFor(q) : []
      // One section after another: each is a fixed number of queries, whatever it finds.
      for (const section of sections) {
        if (section === 'posts') {
          const found = await searchPosts(db, words, page, viewerId)
          answer.posts = {
            items: await presentPosts(db, found.rows, { detail: 'page', viewerId }),
            nextCursor: found.nextCursor,
          }
        } else if (section === 'tags') {
          const found = await searchTags(db, query.tagPrefix, page, viewerId)
          answer.tags = { items: found.tags, nextCursor: found.nextCursor }
        } else if (section === 'games') {
          const found = query.gameName
            ? await searchGames(db, query.gameName, page)
            : { games: [], nextCursor: null }
          answer.games = { items: found.games, nextCursor: found.nextCursor }
        } else {
          const found = query.userName
            ? await searchUsers(db, query.userName, page, viewerId)
            : { users: [], nextCursor: null }
          answer.users = { items: found.users, nextCursor: found.nextCursor }
        }
      }
      if (counts && !type && sections.length > 0) {
        answer.counts = await countSections(db, sections, query, viewerId)
      }
      return c.json(answer satisfies SearchResponse)
    },
  )
}
