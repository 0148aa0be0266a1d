import { describe, expect, it } from 'vitest'
import { createWebBridge } from '../../src/renderer/src/bridge/web-bridge'

describe('web bridge', () => {
  it('points the API at the page origin', async () => {
    const bridge = createWebBridge('http://192.168.1.20:4567/')
    expect(bridge.platform).toBe('web')
    await expect(bridge.getConnection()).resolves.toEqual({
      kind: 'remote',
      baseUrl: 'http://192.168.1.20:4567',
    })
  })

  it('rejects LAN sharing with a desktop-only message', async () => {
    const bridge = createWebBridge('http://x')
    await expect(bridge.getLanSharing()).rejects.toThrow(/only available in the desktop app/)
    await expect(bridge.setConnection({ kind: 'embedded' })).rejects.toThrow(/desktop app/)
  })
})
