/**
 * The friends' servers trusted, by certificate (src/main/trusted-servers.ts): an address belongs
 * to one server at a time, a server keeps its name when joined again by address, look-alike names
 * find it, and a server keeps a bounded number of addresses.
 */
import { describe, expect, it } from 'vitest'
import { MAX_ADDRESSES, memoryPins } from '../../src/main/trusted-servers'

const A = 'aa'.repeat(32)
const B = 'bb'.repeat(32)
const NAME = "player1's Gamerstage"

describe('trusted servers', () => {
  it('keeps a server by its certificate, with where it was joined and under which name', () => {
    const pins = memoryPins()
    pins.trust(A, '192.168.1.20:4567', NAME)
    // Joined again by its address (no name known then), and later at a new address.
    pins.trust(A, '192.168.1.20:4567', null)
    pins.trust(A, '192.168.1.31:4567', null)

    expect(pins.byFingerprint(A)).toEqual({
      fingerprint: A,
      addresses: ['192.168.1.20:4567', '192.168.1.31:4567'],
      name: NAME,
    })
    expect(pins.atAddress('192.168.1.31:4567')?.fingerprint).toBe(A)
    expect(pins.named('p1ayer1’s  Gamerstage').map((server) => server.fingerprint)).toEqual([A])
    expect(pins.named("nova's Gamerstage")).toEqual([])
  })

  it('gives an address to one server only; one left with no address is trusted no more', () => {
    const pins = memoryPins()
    pins.trust(A, '192.168.1.20:4567', NAME)
    pins.trust(B, '192.168.1.20:4567', null)

    expect(pins.atAddress('192.168.1.20:4567')?.fingerprint).toBe(B)
    expect(pins.byFingerprint(A)).toBeUndefined()

    pins.forgetAddress('192.168.1.20:4567')
    expect(pins.byFingerprint(B)).toBeUndefined()
  })

  it('keeps the newest addresses only', () => {
    const pins = memoryPins()
    for (let host = 1; host <= MAX_ADDRESSES + 3; host++) pins.trust(A, `10.0.0.${host}:4567`, null)

    const addresses = pins.byFingerprint(A)?.addresses ?? []
    expect(addresses).toHaveLength(MAX_ADDRESSES)
    expect(addresses.at(-1)).toBe(`10.0.0.${MAX_ADDRESSES + 3}:4567`)
  })
})
