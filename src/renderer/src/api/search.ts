import type { SearchResponse, SearchType } from '../../../shared/api-types'
import { LIMITS } from '../../../shared/limits'
import { request } from './client'

/**
 * `GET /api/search` (docs/API.md, "Search"): without `type`, a few of each section that applies
 * to the query (the search box; with `counts`, the search page's tabs); with it, a page of that
 * section (the search page).
 */
export function search(
  q: string,
  options: {
    type?: SearchType
    cursor?: string | null
    signal?: AbortSignal
    /** Also how many each section holds (the search page's tabs). */
    counts?: boolean
  } = {},
): Promise<SearchResponse> {
  return request<SearchResponse>('/search', {
    query: {
      q,
      type: options.type,
      limit: options.type ? LIMITS.pageSizeDefault : undefined,
      cursor: options.cursor ?? undefined,
      counts: options.counts ? 'true' : undefined,
    },
    signal: options.signal,
    answer: 'search',
  })
}
