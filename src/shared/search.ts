/**
 * Search (docs/API.md, "Search"): what the server and the renderer share about
 * `GET /api/search`.
 */

/** The sections a search answers, in the order the search box shows them. */
// 'games': the server's game list, by name, as GET /games?search=.
export const SEARCH_TYPES = ['posts', 'tags', 'users', 'games'] as const
export type SearchType = (typeof SEARCH_TYPES)[number]

export const SEARCH_LIMITS = {
  /** Characters of a query that count: the rest is left out, never refused. */
  queryChars: 200,
  /** Words of a query that count (the first ones). */
  words: 8,
  /** Results per section when one call answers every section (no `type`, no `limit`). */
  perSection: 5,
  /**
   * The most a section's count (`counts=true`) counts: a count this high means "this many or
   * more" (the search page's tab says "100+"), so a count costs the same whatever matches.
   */
  countCap: 100,
} as const

/**
 * The sections a query is searched in when no `type` names one: a query beginning with `#` is
 * about tags and posts (no username holds `#`), one beginning with `@` about people and posts.
 */
export function sectionsFor(query: string): SearchType[] {
  const text = query.trim()
  if (text.startsWith('#')) return ['posts', 'tags', 'games']
  if (text.startsWith('@')) return ['posts', 'users']
  return [...SEARCH_TYPES]
}

/**
 * The words of a query, as both databases cut a text into words: runs of letters, digits and
 * their marks; everything else (punctuation, symbols, emoji, spaces) separates them. At most
 * `SEARCH_LIMITS.words` words of the first `SEARCH_LIMITS.queryChars` characters. Nothing of a
 * query is search syntax: the server quotes each word (server/db/store.ts `searchQuery`).
 */
export function searchWords(query: string): string[] {
  const words = query.slice(0, SEARCH_LIMITS.queryChars).match(WORD) ?? []
  return words.slice(0, SEARCH_LIMITS.words)
}
const WORD = /[\p{L}\p{N}\p{Co}][\p{L}\p{N}\p{M}\p{Co}]*/gu

/**
 * Markup pasted with a query (`<b>`, `</i>`, `<br/>`): no post, tag, name or game is searched
 * for it, so "`<b>`" does not find every post with a word beginning with "b".
 */
const MARKUP = /<\/?[a-z][^<>]*>/giu

/** A query without the markup pasted with it (`MARKUP`). */
export function withoutMarkup(query: string): string {
  return query.replace(MARKUP, ' ')
}

/**
 * Whether a query names anything at all: a word of letters or digits outside markup. One of
 * symbols alone (`@#$%^&*()"<b>`) matches nothing in any section, and the search says so.
 */
export function namesSomething(query: string): boolean {
  return searchWords(withoutMarkup(query)).length > 0
}
