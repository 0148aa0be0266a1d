/**
 * The login throttle of a cluster (`--redis`): the same rules as LoginThrottle (login-throttle.ts)
 * counted in Redis, so that guesses spread over several instances behind a proxy add up. Each
 * step is one Lua script, atomic in Redis as LoginThrottle's steps are in one process, and timed
 * by Redis's clock, so that instances whose clocks differ a little agree. Every key expires once
 * its failures are older than the window.
 *
 * While Redis cannot be reached, attempts are counted in this process's memory instead (as the
 * rate limits do): a lost Redis neither locks everyone out nor lets guessing run free.
 */
import type { Redis } from 'ioredis'
import {
  LoginThrottle,
  accountKey,
  type LoginThrottleOptions,
  type PasswordThrottle,
  type ThrottleVerdict,
} from './login-throttle'

/** The wait one table's entry asks for (LoginThrottle's waitFor), in Lua. */
const WAIT_FOR = `
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local function wait_for(key, free, now, base, max, window)
  local entry = redis.call('HMGET', key, 'count', 'last')
  local count = tonumber(entry[1])
  local last = tonumber(entry[2])
  if not count or not last or count < free then return 0 end
  if now - last > window then return 0 end
  local delay = math.min(base * 2 ^ (count - free), max)
  return math.max(0, last + delay - now)
end
`

/** KEYS: pair, address. ARGV: free per pair, free per address, base, max, window (ms). */
const RESERVE = `${WAIT_FOR}
local now = now_ms()
local base, max, window = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local for_pair = wait_for(KEYS[1], tonumber(ARGV[1]), now, base, max, window)
local for_address = wait_for(KEYS[2], tonumber(ARGV[2]), now, base, max, window)
if for_pair == 0 and for_address == 0 then
  for _, key in ipairs(KEYS) do
    redis.call('HINCRBY', key, 'count', 1)
    redis.call('HSET', key, 'last', now)
    redis.call('PEXPIRE', key, window)
  end
end
return { math.ceil(for_pair), math.ceil(for_address) }
`

/** Takes one count back from each key (an attempt that was no failure). */
const UNBUMP = `
for _, key in ipairs(KEYS) do
  local count = tonumber(redis.call('HGET', key, 'count'))
  if count then
    if count <= 1 then redis.call('DEL', key) else redis.call('HINCRBY', key, 'count', -1) end
  end
end
return 0
`

type ThrottleCommands = Redis & {
  gamerstageThrottleReserve(
    pair: string,
    address: string,
    ...args: number[]
  ): Promise<[number, number]>
  /** The number of keys, then the keys. */
  gamerstageThrottleUnbump(count: number, ...keys: string[]): Promise<number>
}

export class RedisLoginThrottle implements PasswordThrottle {
  private readonly redis: ThrottleCommands
  private readonly fallback: LoginThrottle
  private readonly rules: number[]

  constructor(
    redis: Redis,
    private readonly prefix: string,
    options: LoginThrottleOptions = {},
  ) {
    redis.defineCommand('gamerstageThrottleReserve', { numberOfKeys: 2, lua: RESERVE })
    redis.defineCommand('gamerstageThrottleUnbump', { lua: UNBUMP })
    this.redis = redis as ThrottleCommands
    this.fallback = new LoginThrottle(options)
    this.rules = [
      options.freeAttempts ?? 5,
      options.freeAttemptsPerAddress ?? 50,
      options.baseDelayMs ?? 30_000,
      options.maxDelayMs ?? 15 * 60_000,
      options.windowMs ?? 60 * 60_000,
    ]
  }

  async reserve(address: string, username: string): Promise<ThrottleVerdict> {
    try {
      const [forPair, forAddress] = await this.redis.gamerstageThrottleReserve(
        this.pairKey(address, username),
        this.addressKey(address),
        ...this.rules,
      )
      return forAddress > forPair
        ? { retryAfterMs: forAddress, byAddress: true }
        : { retryAfterMs: forPair, byAddress: false }
    } catch {
      return this.fallback.reserve(address, username)
    }
  }

  async recordSuccess(address: string, username: string): Promise<void> {
    this.fallback.recordSuccess(address, username)
    try {
      await this.redis.del(this.pairKey(address, username))
      await this.redis.gamerstageThrottleUnbump(1, this.addressKey(address))
    } catch {
      // Counted in memory meanwhile; Redis's entries expire by themselves.
    }
  }

  async release(address: string, username: string): Promise<void> {
    this.fallback.release(address, username)
    try {
      await this.redis.gamerstageThrottleUnbump(
        2,
        this.pairKey(address, username),
        this.addressKey(address),
      )
    } catch {
      // As in recordSuccess.
    }
  }

  close(): void {
    this.fallback.close()
  }

  private pairKey(address: string, username: string): string {
    return `${this.prefix}throttle:pair:${accountKey(address, username)}`
  }

  private addressKey(address: string): string {
    return `${this.prefix}throttle:address:${address}`
  }
}
