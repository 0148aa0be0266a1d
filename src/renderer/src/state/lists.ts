/** The state of one paged list (posts, comments, bookmarks): what is loaded and how to go on. */
export interface ListState {
  ids: string[]
  nextCursor: string | null
  status: 'idle' | 'loading' | 'ready' | 'error'
  /** True once the first page arrived, so a refresh keeps showing the old items. */
  loaded: boolean
  error: string | null
}

export const EMPTY_LIST: ListState = {
  ids: [],
  nextCursor: null,
  status: 'idle',
  loaded: false,
  error: null,
}

/** Appends ids, skipping ones already present (a new post can shift a cursor page). */
export function mergeIds(current: string[], incoming: string[]): string[] {
  const seen = new Set(current)
  return [...current, ...incoming.filter((id) => !seen.has(id))]
}

export function hasMore(list: ListState): boolean {
  return list.loaded && list.nextCursor !== null
}
