import { describe, expect, it } from 'vitest'
import {
  SCRYPT_PARAMS,
  TEST_SCRYPT_PARAMS,
  hashPassword,
  needsRehash,
  verifyPassword,
} from '../../../src/server/auth/password'

describe('password', () => {
  it('hashes as scrypt$N$r$p$salt$hash and never contains the password', async () => {
    const hash = await hashPassword('correct horse battery')
    expect(hash).toMatch(/^scrypt\$65536\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/)
    expect(hash).not.toContain('correct horse battery')
  })

  it('salts each hash, so the same password hashes differently', async () => {
    const [first, second] = await Promise.all([hashPassword('same'), hashPassword('same')])
    expect(first).not.toBe(second)
    expect(await verifyPassword('same', first)).toBe(true)
    expect(await verifyPassword('same', second)).toBe(true)
  })

  it('verifies the right password and refuses near misses', async () => {
    const hash = await hashPassword('Secret pass 1')
    expect(await verifyPassword('Secret pass 1', hash)).toBe(true)
    for (const wrong of ['secret pass 1', 'Secret pass 1 ', 'Secret pass', '']) {
      expect(await verifyPassword(wrong, hash)).toBe(false)
    }
  })

  it('treats canonically equal Unicode spellings as one password', async () => {
    const hash = await hashPassword('caf\u00e9')
    expect(await verifyPassword('cafe\u0301', hash)).toBe(true)
  })

  it('hashes at a cost a test asks for, stores it, and counts it as due for the real cost', async () => {
    const hash = await hashPassword('cheap for tests', TEST_SCRYPT_PARAMS)
    expect(hash.startsWith(`scrypt$${TEST_SCRYPT_PARAMS.N}$8$1$`)).toBe(true)
    expect(await verifyPassword('cheap for tests', hash)).toBe(true)
    expect(needsRehash(hash, TEST_SCRYPT_PARAMS)).toBe(false)
    // A server at the real cost redoes it on the next login.
    expect(needsRehash(hash)).toBe(true)
    expect(needsRehash(hash, SCRYPT_PARAMS)).toBe(true)
    expect(needsRehash(await hashPassword('real'))).toBe(false)
  })

  it.each(['', 'plaintext', 'bcrypt$10$abc', 'scrypt$32768$8$1$', 'scrypt$32768$8$1$c2FsdA=='])(
    'never matches the malformed stored hash %j',
    async (stored) => {
      expect(await verifyPassword('plaintext', stored)).toBe(false)
    },
  )
})
