/**
 * A signed-in /home comes with its first screen drawn by the server (src/server/http/first-screen.ts):
 * only with a session cookie the server accepts, with the same answers the API gives that token,
 * never kept by a cache; every page comes in the theme the app last stored.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FIRST_SCREEN_POSTS } from '../../../src/server/http/first-screen'
import type { FirstScreenInput } from '../../../src/shared/first-screen'
import { createPost } from '../../helpers/api'
import { makeTestApp, type TestApp } from '../../helpers/server-app'

const INDEX = `<!doctype html><html lang="en" data-theme="dark"><head></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>`

describe('the first screen of /home', () => {
  let dir: string
  let app: TestApp
  const render = vi.fn(
    (input: FirstScreenInput): string | null => `<p>drawn for ${input.token.length}</p>`,
  )

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gamerstage-first-screen-'))
    writeFileSync(join(dir, 'index.html'), INDEX)
    render.mockClear()
    app = await makeTestApp({ rendererDir: dir, renderFirstScreen: render })
  })

  afterEach(async () => {
    await app.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const page = (path: string, cookie?: string) =>
    app.request(path, { headers: cookie ? { cookie } : {} })

  it('is drawn from the session and feed the API gives the cookie’s token', async () => {
    const { token } = await app.loginDemo()
    for (let i = 0; i < FIRST_SCREEN_POSTS; i += 1) await createPost(app, token, `Post ${i}`)
    const feed = (await (await app.get(`/api/feed?limit=${FIRST_SCREEN_POSTS}`, token)).json()) as {
      posts: unknown[]
    }
    const wholePage = (await (await app.get('/api/feed?limit=20', token)).json()) as {
      posts: unknown[]
    }
    const response = await page('/home', `gamerstage_session=${token}; gamerstage_theme=light`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const html = await response.text()
    expect(html).toContain(
      `<div id="root"><div data-first-screen inert style="display:contents"><p>drawn for ${token.length}</p></div></div>`,
    )
    expect(html).toContain('data-theme="light"')

    expect(render).toHaveBeenCalledOnce()
    const [input] = render.mock.calls[0] ?? []
    expect(input).toMatchObject({ origin: 'http://localhost', token, theme: 'light' })
    expect(input?.session).toMatchObject({ user: { username: 'player1' } })
    // The same posts; the cursor names when its first page was read (docs/API.md, the home
    // feed's stable paging), so two reads a few milliseconds apart differ there only.
    const drawn = input?.feed as { posts: unknown[]; nextCursor: unknown } | undefined
    expect(drawn?.posts).toEqual(feed.posts)
    expect(typeof drawn?.nextCursor).toBe('string')
    // What fills a window, not the whole first page.
    expect(wholePage.posts.length).toBeGreaterThan(FIRST_SCREEN_POSTS)
    expect(feed.posts).toEqual(wholePage.posts.slice(0, FIRST_SCREEN_POSTS))
  })

  it('is not drawn without a cookie, or with a token the server does not accept', async () => {
    const { token } = await app.loginDemo()
    const other = await makeTestApp({ rendererDir: dir, renderFirstScreen: render })
    const { token: foreignToken } = await other.loginDemo()
    await other.close()
    await app.send('/api/auth/logout', {}, { token })

    for (const cookie of [
      undefined,
      'gamerstage_session=',
      'gamerstage_session=not-a-token',
      `gamerstage_session=${token}`, // logged out: revoked
      `gamerstage_session=${foreignToken.slice(0, -4)}AAAA`,
    ]) {
      const response = await page('/home', cookie)
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-cache')
      expect(await response.text()).toContain('<div id="root"></div>')
    }
    expect(render).not.toHaveBeenCalled()
  })

  it('is drawn on /home only', async () => {
    const { token } = await app.loginDemo()
    for (const path of ['/explore', '/home/', '/player1', '/post/1']) {
      const html = await (await page(path, `gamerstage_session=${token}`)).text()
      expect(html, path).toContain('<div id="root"></div>')
    }
    expect(render).not.toHaveBeenCalled()
  })

  it('falls back to the plain page when drawing fails or draws nothing', async () => {
    const { token } = await app.loginDemo()
    render.mockImplementationOnce(() => {
      throw new Error('boom')
    })
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(await (await page('/home', `gamerstage_session=${token}`)).text()).toContain(
      '<div id="root"></div>',
    )
    quiet.mockRestore()
    render.mockImplementationOnce(() => null)
    expect(await (await page('/home', `gamerstage_session=${token}`)).text()).toContain(
      '<div id="root"></div>',
    )
  })

  it('puts the stored theme on every page, and only a known one', async () => {
    const theme = async (cookie?: string, path = '/explore') =>
      /data-theme="(\w*)"/.exec(await (await page(path, cookie)).text())?.[1]
    // The login page too: the page a signed-out start lands on.
    for (const path of ['/', '/index.html', '/signup']) {
      expect(await theme('gamerstage_theme=light', path), path).toBe('light')
    }
    expect(await theme('gamerstage_theme=light')).toBe('light')
    expect(await theme('gamerstage_theme=dark')).toBe('dark')
    expect(await theme('gamerstage_theme="><script>')).toBe('dark')
    expect(await theme()).toBe('dark')
  })
})
