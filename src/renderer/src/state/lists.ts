import { NOT_LOADED } from './async'
import type { Loadable } from './async'

/** One paged list (posts, bookmarks): the ids loaded so far and where to go on. */
export interface ListState extends Loadable {
  ids: string[]
  nextCursor: string | null
  /** When its first page last came from the server (`Date.now()`), if it has. */
  firstPageAt?: number
}

export const EMPTY_LIST: ListState = { ...NOT_LOADED, ids: [], nextCursor: null }

/** Appends ids, skipping ones already present (a new post can shift a cursor page). */
export function mergeIds(current: string[], incoming: string[]): string[] {
  const seen = new Set(current)
  return [...current, ...incoming.filter((id) => !seen.has(id))]
}

/** Puts ids first, in their order, taking them out of where they were. */
export function prependIds(current: string[], incoming: string[]): string[] {
  const first = new Set(incoming)
  return [...incoming, ...current.filter((id) => !first.has(id))]
}

export function hasMore(list: ListState): boolean {
  return list.loaded && list.nextCursor !== null
}
