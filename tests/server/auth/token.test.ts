import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { signToken, verifyToken, whyRefused } from '../../../src/server/auth/token'
import { TEST_SECRET } from '../../helpers/server-app'

const OTHER_SECRET = new TextEncoder().encode('another-secret-of-at-least-32-bytes')

describe('token', () => {
  it('signs an HS256 JWT carrying _id as sub, the username, the issuer and a 30-day expiry', async () => {
    const token = await signToken({ _id: '7', username: 'alice' }, TEST_SECRET)
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256' })
    const claims = decodeJwt(token)
    expect(claims).toMatchObject({ sub: '7', username: 'alice', iss: 'gamerstage' })
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(30 * 24 * 60 * 60)
    expect(Math.abs((claims.iat ?? 0) - Date.now() / 1000)).toBeLessThan(5)
  })

  it('verifies its own tokens back to the claims', async () => {
    const token = await signToken({ _id: '7', username: 'alice' }, TEST_SECRET)
    expect(await verifyToken(token, TEST_SECRET)).toEqual({ _id: '7', username: 'alice', ver: 0 })
  })

  it('refuses a token signed with another secret', async () => {
    const token = await signToken({ _id: '7', username: 'alice' }, OTHER_SECRET)
    expect(await verifyToken(token, TEST_SECRET)).toBeNull()
  })

  it('refuses an expired token', async () => {
    const token = await new SignJWT({ username: 'alice' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuer('gamerstage')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(TEST_SECRET)
    expect(await verifyToken(token, TEST_SECRET)).toBeNull()
  })

  it('refuses a token signed with the secret but without an expiry: it would last forever', async () => {
    const forever = await new SignJWT({ username: 'alice', ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuer('gamerstage')
      .setIssuedAt()
      .sign(TEST_SECRET)
    expect(await verifyToken(forever, TEST_SECRET)).toBeNull()
  })

  it.each([
    ['another issuer', { iss: 'someone-else', sub: '7', username: 'alice' }],
    ['no subject', { iss: 'gamerstage', username: 'alice' }],
    ['no username', { iss: 'gamerstage', sub: '7' }],
    ['a numeric username', { iss: 'gamerstage', sub: '7', username: 7 }],
  ])('refuses a token with %s', async (_, payload) => {
    const token = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(TEST_SECRET)
    expect(await verifyToken(token, TEST_SECRET)).toBeNull()
  })

  it('refuses alg none and other algorithms', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const payload = encode({ sub: '1', username: 'player1', iss: 'gamerstage', exp: 9999999999 })
    expect(await verifyToken(`${encode({ alg: 'none' })}.${payload}.`, TEST_SECRET)).toBeNull()
    const hs512 = await new SignJWT({ username: 'player1' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('1')
      .setIssuer('gamerstage')
      .setExpirationTime('1h')
      .sign(new Uint8Array(64).fill(7))
    expect(await verifyToken(hs512, new Uint8Array(64).fill(7))).toBeNull()
  })

  it.each(['', 'garbage', 'a.b.c', 'Bearer x'])('refuses the garbage %j', async (token) => {
    expect(await verifyToken(token, TEST_SECRET)).toBeNull()
  })

  describe('the key', () => {
    afterEach(() => vi.restoreAllMocks())

    it('is imported once per secret, not once per token checked (a quarter of connecting)', async () => {
      const secret = new TextEncoder().encode('a-secret-only-this-test-uses-32-bytes')
      const tokens = await Promise.all(
        ['1', '2', '3', '4', '5'].map((id) => signToken({ _id: id, username: `p${id}` }, secret)),
      )
      const imports = vi.spyOn(crypto.subtle, 'importKey')
      for (const token of tokens) expect(await verifyToken(token, secret)).not.toBeNull()
      expect(await verifyToken(`${tokens[0]}x`, secret)).toBeNull()
      expect(await whyRefused(`${tokens[0]}x`, secret)).toBe('invalid')
      await signToken({ _id: '6', username: 'p6' }, secret)
      expect(imports).not.toHaveBeenCalled()
    })

    it('follows a replaced secret: old tokens refused, new ones good (a restore)', async () => {
      const before = new TextEncoder().encode('the-secret-before-the-restore-32-bytes')
      const after = new TextEncoder().encode('the-secret-after-the-restore-of-32-bytes')
      const old = await signToken({ _id: '7', username: 'alice' }, before)
      expect(await verifyToken(old, before)).not.toBeNull()
      const fresh = await signToken({ _id: '7', username: 'alice' }, after)
      expect(await verifyToken(old, after)).toBeNull()
      expect(await verifyToken(fresh, after)).toEqual({ _id: '7', username: 'alice', ver: 0 })
      expect(await verifyToken(fresh, before)).toBeNull()
      // The same bytes in another array (the secret read again from disk) are the same key.
      expect(await verifyToken(fresh, new Uint8Array(after))).not.toBeNull()
    })
  })
})
