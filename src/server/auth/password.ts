import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

// OWASP's scrypt floor (N=2^17, r=8, p=1) costs ~128 MB and ~0.3 s a hash on a small machine;
// N=2^15 keeps a login well under 100 ms on a LAN host while staying memory-hard.
const PARAMS: ScryptOptions = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }
const KEY_LENGTH = 32

/**
 * Each hash holds 32 MB while it runs. Running at most two at once bounds the server's memory
 * under a burst of logins and leaves the other threads of libuv's pool for file work.
 */
const MAX_CONCURRENT_HASHES = 2
let running = 0
const waiting: (() => void)[] = []

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  // A finishing hash hands its slot straight to the next waiter, so `running` never overshoots.
  if (running < MAX_CONCURRENT_HASHES) running++
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

/** Hashes a password as `scrypt$N$r$p$salt$hash` (base64) with a fresh per-user salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, PARAMS)
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$')
}

/** Checks a password against a stored hash in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
