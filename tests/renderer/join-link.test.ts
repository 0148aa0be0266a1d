/** What the Server page's QR code holds (lib/join-link.ts). */
import { describe, expect, it } from 'vitest'
import { joinLink } from '../../src/renderer/src/lib/join-link'

describe('the QR code’s link', () => {
  it('leads a share on HTTPS to its plain /join page, which explains the certificate warning', () => {
    expect(joinLink('https://192.168.1.20:4567', '5D12-A501-FAAA-2690')).toBe(
      'http://192.168.1.20:4567/join?code=5D12-A501-FAAA-2690',
    )
  })

  it('leads a share on plain HTTP to the app itself', () => {
    expect(joinLink('http://192.168.1.20:4567', null)).toBe('http://192.168.1.20:4567/')
  })
})
