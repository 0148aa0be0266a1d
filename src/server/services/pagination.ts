import { LIMITS } from '../../shared/limits'
import { HttpError } from '../errors/http-error'
import { MESSAGES } from '../errors/messages'

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

/** The largest value of PostgreSQL's `integer`, the type of ids and counts (schema.pg.ts). */
export const INTEGER_MAX = 2 ** 31 - 1

/**
 * What a value of a numeric sort key is, as PostgreSQL stores it (schema.pg.ts): a time in
 * milliseconds (`bigint`), or an id or a count (`integer`). PostgreSQL types a `?` compared with
 * a column as that column, and refuses a value its type cannot hold: a key's `integer` values
 * must stay within ±2^31, in a cursor (a 400 otherwise, never a database error) and in the start
 * of a list alike.
 */
export type SortColumn = 'time' | 'integer'

/** A numeric sort key described by its length, or better by its columns (SortColumn). */
export type NumericKey = number | readonly SortColumn[]

/** The key of most lists: `(created_at, id)`, newest first. */
export const TIME_THEN_ID: readonly SortColumn[] = ['time', 'integer']

/** Where a list ordered largest first starts, in a value each column's type holds. */
const START: Record<SortColumn, number> = { time: LIST_START, integer: INTEGER_MAX }

/**
 * The sort key a cursor names, or for the first page the start of a list ordered largest first:
 * the first page then runs the same SQL as the next ones (one prepared statement for both). A
 * key given by its length starts at LIST_START in every column, which an `integer` column of
 * PostgreSQL refuses: give the columns.
 */
export function cursorOrStart(cursor: string | null, key: NumericKey): number[] {
  if (cursor) return decodeNumericCursor(cursor, key)
  return typeof key === 'number' ? Array<number>(key).fill(LIST_START) : key.map((c) => START[c])
}

export const clampLimit = (limit: number) => Math.min(Math.max(limit, 1), LIMITS.pageSizeMax)

/** A row's position in a list: the values of the columns the list is ordered by. */
export type SortKey = readonly (number | string)[]

export function encodeCursor(sortKey: SortKey): string {
  return Buffer.from(JSON.stringify(sortKey)).toString('base64url')
}

/**
 * Decodes a cursor whose sort key is all numbers, `key` of them or one per column of `key`
 * (each `integer` one within PostgreSQL's integer); anything else is a 400.
 */
export function decodeNumericCursor(cursor: string, key: NumericKey): number[] {
  const values = decode(cursor)
  const columns = typeof key === 'number' ? null : key
  const fits = (value: unknown, index: number) =>
    Number.isSafeInteger(value) &&
    (columns?.[index] !== 'integer' || Math.abs(value as number) <= INTEGER_MAX)
  if (values.length !== (columns?.length ?? key) || !values.every(fits)) {
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
