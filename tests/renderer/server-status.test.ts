/**
 * How soon the app asks a vanished server again (state/server-status.ts): a few seconds at most,
 * jittered, so a LAN host that comes back is seen within a second or two.
 */
import { describe, expect, it } from 'vitest'
import { SERVER_RETRY_MAX_MS, serverRetryDelay } from '../../src/renderer/src/state/server-status'

describe('the server-status retry', () => {
  it('is capped low for a LAN, whatever the jitter draws', () => {
    expect(SERVER_RETRY_MAX_MS).toBeLessThanOrEqual(3000)
    for (const draw of [0, 0.25, 0.5, 0.999999]) {
      const delay = serverRetryDelay(() => draw)
      expect(delay).toBeLessThanOrEqual(SERVER_RETRY_MAX_MS)
      expect(delay).toBeGreaterThanOrEqual(SERVER_RETRY_MAX_MS / 2)
    }
  })

  it('is jittered: different draws give different waits', () => {
    expect(serverRetryDelay(() => 0)).not.toBe(serverRetryDelay(() => 0.9))
  })
})
