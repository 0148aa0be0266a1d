/**
 * Strangers on the LAN, end to end with the real CLI: a server shared on 0.0.0.0 refuses the
 * public demo password and names no demo account, keeps its data folder to its owner, throttles
 * password guessing over the HTTPS it speaks, and sends the page headers that keep it out of frames and referrers.
 */
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../src/server/errors/messages'
import { DATABASE_FILE, SECRET_FILE } from '../../../src/server/server'
import { DEMO_ACCOUNT } from '../../../src/server/services/writes/seed'
import { LAN_CERT_FILE, LAN_KEY_FILE } from '../../../src/server/tls/lan-certificate'
import { Cleanup, client, startCli } from '../../helpers/hardening'

const cleanup = new Cleanup()
afterEach(() => cleanup.run())

const mode = (path: string) => statSync(path).mode & 0o777

describe('a server shared on the LAN (the real CLI on 0.0.0.0)', () => {
  it('refuses the demo accounts, hides the demo password and keeps its folder private', async () => {
    const dataDir = join(cleanup.tempDir(), 'data')
    const { run, url } = await startCli(cleanup, [
      '--host',
      '0.0.0.0',
      '--port',
      '0',
      '--data',
      dataDir,
    ])
    // Shared: HTTPS with a certificate of its own, whose code the host is told.
    expect(run.stdout()).toMatch(/listening on https:\/\/0\.0\.0\.0:\d+/)
    // Printed after the address the start waits for: it may follow a moment later.
    await expect.poll(() => run.stdout()).toMatch(/Certificate code: [0-9A-F]{4}(-[0-9A-F]{4}){3} /)
    const api = client(url, { ca: readFileSync(join(dataDir, LAN_CERT_FILE)) })

    const meta = await api.get('/api/meta')
    expect(meta.status).toBe(200)
    expect(meta.json.demoAccount).toBeNull()
    expect(meta.text).not.toContain(DEMO_ACCOUNT.password)

    for (const username of ['player1', 'nova_strike', 'questlord', 'lootgoblin']) {
      const login = await api.call('POST', '/api/auth/login', {
        body: { username, password: DEMO_ACCOUNT.password },
      })
      expect(login.status, username).toBe(403)
      expect(login.json).toEqual({
        errors: [MESSAGES.demoDisabledWhileShared],
        code: 'DEMO_DISABLED',
      })
    }
    // Someone who signs up on the shared server can log in.
    const signup = await api.call('POST', '/api/auth/signup', {
      body: { username: 'lan_friend', password: 'a friend of ours' },
    })
    expect(signup.status).toBe(201)
    const login = await api.call('POST', '/api/auth/login', {
      body: { username: 'lan_friend', password: 'a friend of ours' },
    })
    expect(login.status).toBe(200)

    expect(mode(dataDir)).toBe(0o700)
    expect(mode(join(dataDir, SECRET_FILE))).toBe(0o600)
    expect(mode(join(dataDir, LAN_KEY_FILE))).toBe(0o600)
    expect(mode(join(dataDir, LAN_CERT_FILE))).toBe(0o600)
    // The database inside is out of reach of other users through the folder.
    expect(statSync(join(dataDir, DATABASE_FILE)).isFile()).toBe(true)

    // Restarted on this computer only, the demo account works again.
    run.child.kill('SIGTERM')
    expect((await run.exit).code).toBe(0)
    const local = await startCli(cleanup, ['--port', '0', '--data', dataDir])
    const localApi = client(local.url)
    expect((await localApi.get('/api/meta')).json.demoAccount).toEqual(DEMO_ACCOUNT)
    const demo = await localApi.call('POST', '/api/auth/login', { body: DEMO_ACCOUNT })
    expect(demo.status).toBe(200)
  }, 90_000)

  it('throttles repeated failed logins over HTTP with 429 and Retry-After', async () => {
    const dataDir = join(cleanup.tempDir(), 'data')
    const { url } = await startCli(cleanup, [
      '--host',
      '0.0.0.0',
      '--port',
      '0',
      '--data',
      dataDir,
      '--no-demo',
    ])
    const api = client(url, { ca: readFileSync(join(dataDir, LAN_CERT_FILE)) })
    const signup = await api.call('POST', '/api/auth/signup', {
      body: { username: 'target', password: 'the real password' },
    })
    expect(signup.status).toBe(201)
    const statuses: number[] = []
    for (let i = 0; i < 5; i += 1) {
      const guess = await api.call('POST', '/api/auth/login', {
        body: { username: 'target', password: `guess number ${i}` },
      })
      statuses.push(guess.status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401])
    // Even the right password waits now, and other spellings of the name count as the same.
    const response = await api.call('POST', '/api/auth/login', {
      body: { username: ' TARGET ', password: 'the real password' },
    })
    expect(response.status).toBe(429)
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
    const body = response.json as { errors: string[] }
    expect(body.errors[0]).toMatch(
      /^Too many failed logins for this username\. Try again in \d+ seconds\.$/,
    )
  }, 60_000)

  it('sends the web page with a CSP that forbids framing and with no referrer', async () => {
    const dataDir = join(cleanup.tempDir(), 'data')
    const { url } = await startCli(cleanup, ['--port', '0', '--data', dataDir, '--no-demo'])
    for (const path of ['/', '/home', '/post/1', '/player1']) {
      const response = await fetch(`${url}${path}`)
      expect(response.status, path).toBeLessThan(500)
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp, path).toContain("frame-ancestors 'none'")
      expect(csp, path).toContain("script-src 'self'")
      expect(csp, path).toContain("object-src 'none'")
      expect(csp, path).not.toContain('unsafe-eval')
      expect(csp, path).not.toMatch(/script-src[^;]*unsafe-inline/)
      expect(response.headers.get('referrer-policy'), path).toBe('no-referrer')
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
      // Left out on purpose, for the first screen's speed (src/server/app.ts says why).
      expect(response.headers.get('cross-origin-opener-policy'), path).toBeNull()
    }
  }, 60_000)
})
