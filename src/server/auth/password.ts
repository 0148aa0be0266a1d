import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import type { HttpError } from '../errors/http-error'
import { MESSAGES } from '../errors/messages'
import { serverBusy, WorkQueue } from '../queues/work-queue'
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
 * leaves the other threads of libuv's pool (4 by default) for file work and image decoding
 * (services/media/uploaded-images.ts, which runs one image at a time for this reason). At most
 * MAX_WAITING more may queue; past that a login or sign-up is answered 503 with Retry-After
 * instead of waiting without end.
 */
export const MAX_CONCURRENT_HASHES = 2
export const MAX_WAITING_HASHES = 64

export function passwordQueueFull(): HttpError {
  return serverBusy(MESSAGES.passwordQueueFull)
}

const hashSlots = new WorkQueue(MAX_CONCURRENT_HASHES, MAX_WAITING_HASHES, passwordQueueFull)

/**
 * Sets how many hashes may wait (tests shrink it to fill the queue in a second rather than a
 * minute); answers a function that puts the previous bound back.
 */
export function setHashQueueLimit(limit: number): () => void {
  const previous = hashSlots.maxWaiting
  hashSlots.maxWaiting = limit
  return () => {
    hashSlots.maxWaiting = previous
  }
}

/** Hashes running and queued now (tests and the bench read it). */
export const hashQueue = {
  get running() {
    return hashSlots.running
  },
  get waiting() {
    return hashSlots.waiting
  },
}

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return hashSlots.run(
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
