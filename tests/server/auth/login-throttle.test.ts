import { describe, expect, it } from 'vitest'
import { LoginThrottle } from '../../../src/server/auth/login-throttle'

function throttleAt(start = 1_000_000) {
  const clock = { now: start }
  const throttle = new LoginThrottle({ now: () => clock.now })
  return { throttle, clock }
}

const fail = (throttle: LoginThrottle, username: string, times: number) => {
  for (let index = 0; index < times; index += 1) throttle.recordFailure(username)
}

describe('LoginThrottle', () => {
  it('lets the first five failures through without delay', () => {
    const { throttle } = throttleAt()
    for (let index = 0; index < 4; index += 1) {
      throttle.recordFailure('alice')
      expect(throttle.retryAfterMs('alice')).toBe(0)
    }
  })

  it('counts one account however its name is padded or cased', () => {
    const { throttle } = throttleAt()
    fail(throttle, 'player1', 3)
    fail(throttle, ' PLAYER1  ', 2)
    expect(throttle.retryAfterMs('player1')).toBe(30_000)
    expect(throttle.retryAfterMs('  Player1')).toBe(30_000)
    throttle.recordSuccess(' player1 ')
    expect(throttle.retryAfterMs('player1')).toBe(0)
  })

  it('asks for 30 s after the fifth failure, counting down with the clock', () => {
    const { throttle, clock } = throttleAt()
    fail(throttle, 'alice', 5)
    expect(throttle.retryAfterMs('alice')).toBe(30_000)
    clock.now += 10_000
    expect(throttle.retryAfterMs('alice')).toBe(20_000)
    clock.now += 20_000
    expect(throttle.retryAfterMs('alice')).toBe(0)
  })

  it.each([
    [5, 30_000],
    [6, 60_000],
    [7, 120_000],
    [9, 480_000],
    [10, 900_000],
    [20, 900_000],
  ])('after %i failures asks for %i ms (doubling, capped at 15 minutes)', (failures, delay) => {
    const { throttle } = throttleAt()
    fail(throttle, 'alice', failures)
    expect(throttle.retryAfterMs('alice')).toBe(delay)
  })

  it('counts usernames without regard to case', () => {
    const { throttle } = throttleAt()
    fail(throttle, 'Alice', 3)
    fail(throttle, 'ALICE', 2)
    expect(throttle.retryAfterMs('alice')).toBe(30_000)
  })

  it('keeps usernames apart', () => {
    const { throttle } = throttleAt()
    fail(throttle, 'alice', 5)
    expect(throttle.retryAfterMs('bob')).toBe(0)
  })

  it('forgets everything on a success', () => {
    const { throttle } = throttleAt()
    fail(throttle, 'alice', 7)
    throttle.recordSuccess('ALICE')
    expect(throttle.retryAfterMs('alice')).toBe(0)
    fail(throttle, 'alice', 4)
    expect(throttle.retryAfterMs('alice')).toBe(0)
  })

  it('forgets failures older than the one-hour window', () => {
    const { throttle, clock } = throttleAt()
    fail(throttle, 'alice', 5)
    clock.now += 60 * 60_000 + 1
    expect(throttle.retryAfterMs('alice')).toBe(0)
    fail(throttle, 'alice', 4)
    expect(throttle.retryAfterMs('alice')).toBe(0)
  })

  it('honours its options', () => {
    const clock = { now: 0 }
    const throttle = new LoginThrottle({
      freeAttempts: 2,
      baseDelayMs: 1000,
      maxDelayMs: 3000,
      now: () => clock.now,
    })
    fail(throttle, 'alice', 2)
    expect(throttle.retryAfterMs('alice')).toBe(1000)
    fail(throttle, 'alice', 3)
    expect(throttle.retryAfterMs('alice')).toBe(3000)
  })
})
