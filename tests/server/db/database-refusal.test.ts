/**
 * Which PostgreSQL errors answer 503 instead of 500 (db/database-refusal.ts), and how a
 * transaction's retries back off. The behaviour itself, under load and with a real restart, is
 * tests/server/cluster/database-restart.test.ts and concurrent-writes.test.ts.
 */
import { describe, expect, it } from 'vitest'
import {
  asRefusal,
  DatabaseRefusal,
  isRetryableConflict,
  isUnreachable,
  retryDelayMs,
  TRANSACTION_ATTEMPTS,
} from '../../../src/server/db/database-refusal'

const withCode = (code: string, message = 'database error') =>
  Object.assign(new Error(message), { code })

describe('a database out of reach', () => {
  it.each([
    ['57P01', 'admin_shutdown'],
    ['57P03', 'cannot_connect_now'],
    ['08006', 'connection_failure'],
    ['53300', 'too_many_connections'],
    ['ECONNREFUSED', 'connection refused'],
    ['ECONNRESET', 'connection reset'],
  ])('%s (%s) is a DatabaseRefusal', (code) => {
    const refusal = asRefusal(withCode(code))
    expect(refusal).toBeInstanceOf(DatabaseRefusal)
    expect((refusal as DatabaseRefusal).reason).toBe('unreachable')
  })

  it.each([
    'Connection terminated unexpectedly',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error and is not queryable',
  ])('pg’s "%s" is a DatabaseRefusal', (message) => {
    expect(isUnreachable(new Error(message))).toBe(true)
  })

  it('every address refused (AggregateError) is one too', () => {
    expect(isUnreachable(new AggregateError([withCode('ECONNREFUSED')]))).toBe(true)
  })

  it('a statement’s own error stays as it is (a 500 names a bug)', () => {
    const error = withCode('42703', 'column "nope" does not exist')
    expect(asRefusal(error)).toBe(error)
    expect(isUnreachable(new Error('something else'))).toBe(false)
  })
})

describe('retries of a transaction', () => {
  it('a deadlock, a serialization failure and a unique race are tried again, nothing else', () => {
    for (const code of ['40P01', '40001', '23505'])
      expect(isRetryableConflict(withCode(code))).toBe(true)
    for (const code of ['23503', '57P01', '42P01'])
      expect(isRetryableConflict(withCode(code))).toBe(false)
  })

  it('back off exponentially, capped, with jitter, all of them under a second', () => {
    const ceilings = Array.from({ length: TRANSACTION_ATTEMPTS - 1 }, (_, index) =>
      retryDelayMs(index + 2, () => 1),
    )
    expect(ceilings).toEqual([...ceilings].sort((a, b) => a - b))
    expect(ceilings[1]).toBe(2 * (ceilings[0] ?? 0))
    expect(ceilings.reduce((sum, delay) => sum + delay, 0)).toBeLessThan(1000)
    expect(retryDelayMs(3, () => 0)).toBe(0)
    expect(retryDelayMs(3, () => 0.5)).toBe((ceilings[1] ?? 0) / 2)
  })
})
