/**
 * The certificate code people compare by eye (docs/security.md): the first 16 hex digits of the
 * SHA-256 fingerprint, as a browser shows the fingerprint's start, read from any usual spelling.
 */
import { describe, expect, it } from 'vitest'
import { fingerprintCode, normalizeFingerprint } from '../../../src/shared/fingerprint-code'

const HEX = '5d12a501faaa2690b9c48b72a5c8d0533d88d69c7eaf1aa4048d2390c40ad7f4'

describe('the certificate code', () => {
  it.each([
    [HEX, HEX],
    [HEX.toUpperCase(), HEX],
    [HEX.toUpperCase().match(/../g)?.join(':') ?? '', HEX],
    [HEX.match(/.{4}/g)?.join(' ') ?? '', HEX],
    [HEX.slice(0, 62), null],
    [`${HEX}00`, null],
    [HEX.replace('5', 'g'), null],
    ['', null],
  ])('reads %j as %j', (spelling, stored) => {
    expect(normalizeFingerprint(spelling)).toBe(stored)
  })

  it('is the fingerprint’s first 16 hex digits in four groups', () => {
    expect(fingerprintCode(HEX)).toBe('5D12-A501-FAAA-2690')
    expect(fingerprintCode(HEX.toUpperCase().match(/../g)?.join(':') ?? '')).toBe(
      '5D12-A501-FAAA-2690',
    )
    expect(() => fingerprintCode('5d12')).toThrow('Not a SHA-256 fingerprint.')
  })
})
