import { afterEach, describe, expect, it } from 'vitest'
import { LoginThrottle, type LoginThrottleOptions } from '../../../src/server/auth/login-throttle'

const HOME = '192.168.1.20'
const STRANGER = '192.168.1.66'

const throttles: LoginThrottle[] = []
afterEach(() => throttles.splice(0).forEach((throttle) => throttle.close()))

function throttleAt(start = 1_000_000, options: LoginThrottleOptions = {}) {
  const clock = { now: start }
  const throttle = new LoginThrottle({ now: () => clock.now, sweepEveryMs: 0, ...options })
  throttles.push(throttle)
  return { throttle, clock }
}

const fail = (throttle: LoginThrottle, username: string, times: number, address = HOME) => {
  for (let index = 0; index < times; index += 1) throttle.recordFailure(address, username)
}
const wait = (throttle: LoginThrottle, username: string, address = HOME) =>
  throttle.check(address, username).retryAfterMs

describe('LoginThrottle', () => {
  it('lets the first five failures through without delay', () => {
    const { throttle } = throttleAt()
    for (let index = 0; index < 4; index += 1) {
      throttle.recordFailure(HOME, 'alice')
      expect(wait(throttle, 'alice')).toBe(0)
    }
  })

  it('counts one account however its name is padded or cased', () => {
    const { throttle } = throttleAt()
    fail(throttle, 'player1', 3)
    fail(throttle, ' PLAYER1  ', 2)
    expect(wait(throttle, 'player1')).toBe(30_000)
    expect(wait(throttle, '  Player1')).toBe(30_000)
    throttle.recordSuccess(HOME, ' player1 ')
    expect(wait(throttle, 'player1')).toBe(0)
  })

  it('asks for 30 s after the fifth failure, counting down with the clock', () => {
    const { throttle, clock } = throttleAt()
    fail(throttle, 'alice', 5)
    expect(throttle.check(HOME, 'alice')).toEqual({ retryAfterMs: 30_000, byAddress: false })
    clock.now += 10_000
    expect(wait(throttle, 'alice')).toBe(20_000)
    clock.now += 20_000
    expect(wait(throttle, 'alice')).toBe(0)
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
    expect(wait(throttle, 'alice')).toBe(delay)
  })

  it('keeps usernames apart', () => {
    const { throttle } = throttleAt()
    fail(throttle, 'alice', 5)
    expect(wait(throttle, 'bob')).toBe(0)
  })

  it('never holds back the owner on another computer, however often a stranger fails', () => {
    const { throttle } = throttleAt()
    fail(throttle, 'alice', 200, STRANGER)
    expect(wait(throttle, 'alice', STRANGER)).toBeGreaterThan(0)
    expect(throttle.check(HOME, 'alice')).toEqual({ retryAfterMs: 0, byAddress: false })
  })

  it('holds back one address spraying many usernames, and only that address', () => {
    const { throttle } = throttleAt()
    for (let index = 0; index < 50; index += 1) throttle.recordFailure(STRANGER, `name${index}`)
    expect(throttle.check(STRANGER, 'somebody-new')).toEqual({
      retryAfterMs: 30_000,
      byAddress: true,
    })
    expect(wait(throttle, 'somebody-new', HOME)).toBe(0)
  })

  it('forgets this username’s failures from this address on a success', () => {
    const { throttle } = throttleAt()
    fail(throttle, 'alice', 7)
    throttle.recordSuccess(HOME, 'ALICE')
    expect(wait(throttle, 'alice')).toBe(0)
    fail(throttle, 'alice', 4)
    expect(wait(throttle, 'alice')).toBe(0)
  })

  it('forgets failures older than the one-hour window, and the sweep drops them', () => {
    const { throttle, clock } = throttleAt()
    fail(throttle, 'alice', 5)
    clock.now += 60 * 60_000 + 1
    expect(wait(throttle, 'alice')).toBe(0)
    expect(throttle.size).toEqual({ pairs: 1, addresses: 1 })
    throttle.sweep()
    expect(throttle.size).toEqual({ pairs: 0, addresses: 0 })
  })

  it('stays within its bound under 100,000 junk usernames from many addresses', () => {
    const { throttle } = throttleAt(0, { maxEntries: 5000 })
    for (let index = 0; index < 100_000; index += 1) {
      throttle.recordFailure(`10.0.${(index >> 8) & 255}.${index & 255}`, `junk-${index}`)
    }
    expect(throttle.size.pairs).toBe(5000)
    expect(throttle.size.addresses).toBe(5000)
    // The most recent entries are the ones kept.
    fail(throttle, 'junk-99999', 4, '10.0.134.159')
    expect(wait(throttle, 'junk-99999', '10.0.134.159')).toBe(30_000)
  })

  it('honours its options', () => {
    const { throttle } = throttleAt(0, { freeAttempts: 2, baseDelayMs: 1000, maxDelayMs: 3000 })
    fail(throttle, 'alice', 2)
    expect(wait(throttle, 'alice')).toBe(1000)
    fail(throttle, 'alice', 3)
    expect(wait(throttle, 'alice')).toBe(3000)
  })

  it('counts a reserved attempt at once, so the sixth attempt in flight is held back', () => {
    const { throttle } = throttleAt()
    for (let index = 0; index < 5; index += 1) {
      expect(throttle.reserve(HOME, 'alice').retryAfterMs).toBe(0)
    }
    expect(throttle.reserve(HOME, 'alice')).toEqual({ retryAfterMs: 30_000, byAddress: false })
    // A refused attempt takes no place: the wait does not grow with each refusal.
    expect(throttle.reserve(HOME, 'alice').retryAfterMs).toBe(30_000)
  })

  it('gives back what a right password or an unchecked attempt reserved', () => {
    const { throttle } = throttleAt(0, { freeAttemptsPerAddress: 3 })
    throttle.reserve(HOME, 'alice')
    throttle.reserve(HOME, 'bob')
    throttle.recordSuccess(HOME, 'alice')
    throttle.release(HOME, 'bob')
    // Neither counted against the address: three more fit before it waits.
    for (let index = 0; index < 3; index += 1) throttle.reserve(HOME, `name${index}`)
    expect(throttle.check(HOME, 'carol')).toEqual({ retryAfterMs: 30_000, byAddress: true })
    expect(throttle.size).toEqual({ pairs: 3, addresses: 1 })
  })
})
