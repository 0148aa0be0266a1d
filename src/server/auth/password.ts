import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { HttpError } from '../errors'
import { MESSAGES } from '../messages'
import { SCRYPT_PARAMS, type ScryptCost } from './scrypt-cost'

export {
  FAST_PASSWORDS_ENV,
  SCRYPT_PARAMS,
  TEST_SCRYPT_PARAMS,
  type ScryptCost,
} from './scrypt-cost'

const KEY_LENGTH = 32

/** Stored parameters beyond these are refused: a crafted hash must not cost gigabytes to check. */
const MAX_N = 2 ** 17
const MAX_R = 16
const MAX_P = 4
/** Room for the largest hash we accept: 128·N·r plus scrypt's own working space. */
const MAX_MEM = 128 * MAX_N * MAX_R + 16 * 1024 * 1024

/**
 * Running at most two hashes at once bounds the server's memory under a burst of logins and
 * leaves the other threads of libuv's pool for file work. At most MAX_WAITING more may queue;
 * past that a login or sign-up is answered 503 with Retry-After instead of waiting without end.
 */
const MAX_CONCURRENT_HASHES = 2
export const MAX_WAITING_HASHES = 64
/** Seconds a client told "busy" should wait before trying again. */
const BUSY_RETRY_SECONDS = 5
let running = 0
let maxWaiting = MAX_WAITING_HASHES
const waiting: (() => void)[] = []

/**
 * Sets how many hashes may wait (tests shrink it to fill the queue in a second rather than a
 * minute); answers a function that puts the previous bound back.
 */
export function setHashQueueLimit(limit: number): () => void {
  const previous = maxWaiting
  maxWaiting = limit
  return () => {
    maxWaiting = previous
  }
}

/** Hashes running and queued now (tests and the bench read it). */
export const hashQueue = {
  get running() {
    return running
  },
  get waiting() {
    return waiting.length
  },
}

export function passwordQueueFull(): HttpError {
  return new HttpError('SERVER_BUSY', MESSAGES.passwordQueueFull, {
    'Retry-After': String(BUSY_RETRY_SECONDS),
  })
}

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  // A finishing hash hands its slot straight to the next waiter, so `running` never overshoots.
  if (running < MAX_CONCURRENT_HASHES) running++
  else if (waiting.length >= maxWaiting) throw passwordQueueFull()
  else await new Promise<void>((resolve) => waiting.push(resolve))
  try {
    return await work()
  } finally {
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return withHashSlot(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, params, (error, key) =>
          error ? reject(error) : resolve(key),
        )
      }),
  )
}

/**
 * Hashes a password as `scrypt$N$r$p$salt$hash` (base64) with a fresh per-user salt, at the real
 * cost unless a test passes another.
 */
export async function hashPassword(
  password: string,
  cost: ScryptCost = SCRYPT_PARAMS,
): Promise<string> {
  const { N, r, p } = cost
  const salt = randomBytes(16)
  const key = await derive(password, salt, { N, r, p, maxmem: MAX_MEM })
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$')
}

interface StoredHash {
  N: number
  r: number
  p: number
  salt: Buffer
  hash: Buffer
}

const isPowerOfTwo = (n: number) => Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0

function parseStored(stored: string): StoredHash | null {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash || rest.length > 0) return null
  const params = { N: Number(n), r: Number(r), p: Number(p) }
  if (!isPowerOfTwo(params.N) || params.N > MAX_N) return null
  if (!Number.isInteger(params.r) || params.r < 1 || params.r > MAX_R) return null
  if (!Number.isInteger(params.p) || params.p < 1 || params.p > MAX_P) return null
  return { ...params, salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') }
}

/**
 * Checks a password against a stored hash in constant time, with the parameters stored in it.
 * A malformed hash, or one whose parameters are out of bounds, never matches.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStored(stored)
  if (!parsed) return false
  const actual = await derive(password, parsed.salt, {
    N: parsed.N,
    r: parsed.r,
    p: parsed.p,
    maxmem: MAX_MEM,
  })
  return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash)
}

/**
 * True when a stored hash was made with other parameters than the server's (`cost`, the real one
 * unless a test set another): redo it on login.
 */
export function needsRehash(stored: string, cost: ScryptCost = SCRYPT_PARAMS): boolean {
  const parsed = parseStored(stored)
  return !parsed || parsed.N !== cost.N || parsed.r !== cost.r || parsed.p !== cost.p
}
