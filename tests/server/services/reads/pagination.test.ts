import { describe, expect, it } from 'vitest'
import { HttpError } from '../../../../src/server/errors/http-error'
import { MESSAGES } from '../../../../src/server/errors/messages'
import {
  clampLimit,
  decodeNumericCursor,
  decodeTextCursor,
  encodeCursor,
  finishPage,
} from '../../../../src/server/services/reads/pagination'

const raw = (json: string) => Buffer.from(json).toString('base64url')

/** Asserts the call throws the API's 400 for a bad cursor. */
function expectBadCursor(call: () => unknown) {
  let error: unknown
  try {
    call()
  } catch (caught) {
    error = caught
  }
  expect(error).toBeInstanceOf(HttpError)
  expect((error as HttpError).status).toBe(400)
  expect((error as HttpError).code).toBe('INVALID_CURSOR')
  expect((error as HttpError).message).toBe(MESSAGES.invalidCursor)
}

describe('pagination', () => {
  it.each([
    [[1700000000000, 42], 2],
    [[5, 1700000000000, 3], 3],
    [[7], 1],
  ])('round-trips the numeric sort key %j', (key, length) => {
    const cursor = encodeCursor(key)
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeNumericCursor(cursor, length)).toEqual(key)
  })

  it.each([
    ['alice', 3],
    ['ünïcödé', 12],
  ] as const)('round-trips the text sort key [%j, %j]', (text, id) => {
    expect(decodeTextCursor(encodeCursor([text, id]))).toEqual([text, id])
  })

  it.each([
    ['not base64 JSON', 'garbage'],
    ['an object', raw('{"a":1}')],
    ['too few values', raw('[1]')],
    ['too many values', raw('[1,2,3]')],
    ['a fraction', raw('[1.5,2]')],
    ['a string', raw('["1",2]')],
    ['an unsafe integer', raw('[9007199254740993,1]')],
    ['null', raw('null')],
    ['empty', ''],
  ])('refuses a numeric cursor that is %s', (_, cursor) => {
    expectBadCursor(() => decodeNumericCursor(cursor, 2))
  })

  it.each([
    ['a number first', raw('[1,2]')],
    ['a fractional id', raw('["a",1.5]')],
    ['extra values', raw('["a",1,2]')],
    ['an over-long text', raw(JSON.stringify(['x'.repeat(201), 1]))],
    ['garbage', '%%%'],
  ])('refuses a text cursor with %s', (_, cursor) => {
    expectBadCursor(() => decodeTextCursor(cursor))
  })

  it.each([
    [0, 1],
    [1, 1],
    [50, 50],
    [100, 100],
    [1000, 100],
  ])('clamps the limit %i to %i', (limit, expected) => {
    expect(clampLimit(limit)).toBe(expected)
  })

  it('answers no cursor when the rows fit in the page', () => {
    expect(finishPage([1, 2, 3], 3, (row) => [row])).toEqual({ rows: [1, 2, 3], nextCursor: null })
    expect(finishPage([], 3, (row: number) => [row])).toEqual({ rows: [], nextCursor: null })
  })

  it('cuts the extra row and points the cursor at the last row served', () => {
    const page = finishPage([10, 9, 8, 7], 3, (row) => [row, row * 2])
    expect(page.rows).toEqual([10, 9, 8])
    expect(decodeNumericCursor(page.nextCursor ?? '', 2)).toEqual([8, 16])
  })
})
