import { LIMITS } from '../../../shared/limits'
import { HttpError } from '../../errors/http-error'
import { MESSAGES } from '../../errors/messages'

/**
 * A page request: `limit` rows after the position a cursor names. Cursors are opaque to clients:
 * base64url JSON of the sort key of the last row served (keyset pagination, so a page costs the
 * same wherever it is in the list).
 */
export interface PageRequest {
  limit: number
  /** The cursor as the client sent it; each list decodes it for its own sort key. */
  cursor: string | null
}

/** A list's page as a query asks for it: without `limit`, 20 rows; without `cursor`, the first. */
export function pageRequest(query: { limit?: number; cursor?: string }): PageRequest {
  return { limit: query.limit ?? LIMITS.pageSizeDefault, cursor: query.cursor ?? null }
}

/** The page a list query asks for, or null for the spec's whole list (no limit, no cursor). */
export function pageOf(query: { limit?: number; cursor?: string }): PageRequest | null {
  if (query.limit === undefined && query.cursor === undefined) return null
  return pageRequest(query)
}

/** A page of rows and where the next one starts: null after the last. */
export interface RowPage<Row> {
  rows: Row[]
  nextCursor: string | null
}

/** Above every stored id, count and timestamp: where a list ordered largest first starts. */
export const LIST_START = Number.MAX_SAFE_INTEGER

/**
 * The sort key a cursor names, or for the first page the start of a list ordered largest first:
 * the first page then runs the same SQL as the next ones (one prepared statement for both).
 */
export function cursorOrStart(cursor: string | null, length: number): number[] {
  return cursor ? decodeNumericCursor(cursor, length) : Array<number>(length).fill(LIST_START)
}

export const clampLimit = (limit: number) => Math.min(Math.max(limit, 1), LIMITS.pageSizeMax)

/** A row's position in a list: the values of the columns the list is ordered by. */
export type SortKey = readonly (number | string)[]

export function encodeCursor(sortKey: SortKey): string {
  return Buffer.from(JSON.stringify(sortKey)).toString('base64url')
}

/** Decodes a cursor whose sort key is all numbers, `length` of them; anything else is a 400. */
export function decodeNumericCursor(cursor: string, length: number): number[] {
  const values = decode(cursor)
  if (values.length !== length || !values.every((value) => Number.isSafeInteger(value))) {
    throw new HttpError('INVALID_CURSOR', MESSAGES.invalidCursor)
  }
  return values as number[]
}

/** Decodes a cursor whose sort key is a short string then a number; anything else is a 400. */
export function decodeTextCursor(cursor: string): [string, number] {
  const [text, id, ...rest] = decode(cursor)
  if (typeof text !== 'string' || text.length > 200 || !Number.isSafeInteger(id) || rest.length) {
    throw new HttpError('INVALID_CURSOR', MESSAGES.invalidCursor)
  }
  return [text, id as number]
}

function decode(cursor: string): unknown[] {
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (Array.isArray(values)) return values
  } catch {
    // Falls through to the same 400 as a well-formed cursor of the wrong shape.
  }
  throw new HttpError('INVALID_CURSOR', MESSAGES.invalidCursor)
}

/** Splits one extra fetched row off a page: its presence says whether another page exists. */
export function finishPage<Row>(
  rows: Row[],
  limit: number,
  sortKey: (row: Row) => SortKey,
): RowPage<Row> {
  if (rows.length <= limit) return { rows, nextCursor: null }
  const pageRows = rows.slice(0, limit)
  const last = pageRows[pageRows.length - 1]
  return { rows: pageRows, nextCursor: last ? encodeCursor(sortKey(last)) : null }
}
