import type { Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { SESSION_COOKIE, THEME_COOKIE, type RenderFirstScreen } from '../../shared/first-screen'
import type { AppEnv } from './context'
import { log } from '../observability/log'

/**
 * A signed-in /home with its posts already in the page (docs/PERFORMANCE.md, "First screen"):
 * the browser shows them before the app's code has loaded, and the app then takes over.
 *
 * The page request carries the session in a cookie the app keeps for this alone; the server asks
 * itself for the session and the feed with it as any API call would (same checks, same limits,
 * counted against the same computer), and draws them with the renderer's own components.
 */

/**
 * How many posts the server draws: enough to fill a tall window (about 190 px a post). The app
 * shows the whole first page when it takes over, within the second; every post drawn beyond the
 * window only costs the browser time before its first frame (docs/PERFORMANCE.md).
 */
export const FIRST_SCREEN_POSTS = 8

/** The renderer's Node build, beside the browser build (vite.web.config.ts). */
export function firstScreenModulePath(rendererDir: string): string {
  return join(rendererDir, '..', 'renderer-ssr', 'first-screen.js')
}

/** Loads the renderer's Node build; null when there is none (a build before it) or it fails. */
export async function loadFirstScreenRenderer(
  rendererDir: string,
): Promise<RenderFirstScreen | null> {
  const path = firstScreenModulePath(rendererDir)
  if (!existsSync(path)) return null
  // React picks its development build unless told otherwise; a shipped server is production.
  process.env.NODE_ENV ??= 'production'
  try {
    const module = (await import(pathToFileURL(path).href)) as {
      renderFirstScreen: RenderFirstScreen
    }
    return module.renderFirstScreen
  } catch (error) {
    log().error({ err: error }, 'the first screen cannot be drawn on the server')
    return null
  }
}

/** The theme the app last stored; dark, the app's default, otherwise. */
export function pageTheme(c: Context<AppEnv>): 'light' | 'dark' {
  return getCookie(c, THEME_COOKIE) === 'light' ? 'light' : 'dark'
}

/**
 * The HTML inside #root for this request's /home, or null for the plain page: no session
 * cookie, a session the server no longer accepts, or nothing to draw with.
 */
export async function drawFirstScreen(
  c: Context<AppEnv>,
  app: Hono<AppEnv>,
  render: RenderFirstScreen,
): Promise<string | null> {
  const token = getCookie(c, SESSION_COOKIE)
  if (!token) return null
  const call = (path: string) =>
    app.request(path, { headers: { authorization: token, accept: 'application/json' } }, c.env)
  const [session, feed] = await Promise.all([
    call('/api/auth/session'),
    call(`/api/feed?limit=${FIRST_SCREEN_POSTS}`),
  ])
  if (!session.ok || !feed.ok) return null
  try {
    return render({
      origin: new URL(c.req.url).origin,
      token,
      session: await session.json(),
      feed: await feed.json(),
      theme: pageTheme(c),
    })
  } catch (error) {
    // The app draws the screen in the browser as it always could.
    log().error({ err: error }, 'drawing the first screen failed')
    return null
  }
}
