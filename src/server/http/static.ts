import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'
import { compress } from 'hono/compress'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { FIRST_SCREEN_ATTRIBUTE, type RenderFirstScreen } from '../../shared/first-screen'
import type { AppEnv } from './context'
import { drawFirstScreen, loadFirstScreenRenderer, pageTheme } from './first-screen'

const ROOT_ELEMENT = '<div id="root"></div>'

/**
 * Serves the built renderer at `/`: its files, and index.html for every other page path so that
 * reloading a client route such as `/post/12` works. A signed-in /home comes with its first
 * screen drawn (first-screen.ts); every page comes in the theme the app last stored.
 */
export function serveRenderer(
  app: Hono<AppEnv>,
  rendererDir: string,
  renderFirstScreen?: RenderFirstScreen | null,
): void {
  const indexFile = join(rendererDir, 'index.html')
  if (existsSync(rendererDir)) registerFiles(app, rendererDir)
  // Loaded on the first /home, not at start: most requests never need React on the server.
  let renderer: Promise<RenderFirstScreen | null> | undefined =
    renderFirstScreen === undefined ? undefined : Promise.resolve(renderFirstScreen)
  const firstScreenRenderer = () => (renderer ??= loadFirstScreenRenderer(rendererDir))

  // A file the build does not have (an old tab asking for last version's bundle) is missing,
  // not a page: answering index.html would hand HTML to a <script> tag.
  app.get('/assets/*', (c) => c.text('Not found.', 404))
  // Pages are made per request (theme, first screen), so compressed per request: a drawn /home
  // is about 20 KB of HTML, 3 KB gzipped, which a phone on a busy Wi-Fi waits for before the
  // first post can show. Assets come compressed by the build instead (registerFiles).
  app.get('*', compress(), async (c) => {
    if (!existsSync(indexFile)) {
      return c.text('The Gamerstage web app is not built. Run `npm run build`.', 503)
    }
    const page = readFileSync(indexFile, 'utf8').replace(
      /(<html[^>]*\sdata-theme=")[^"]*"/,
      `$1${pageTheme(c)}"`,
    )
    const render = c.req.path === '/home' ? await firstScreenRenderer() : null
    const firstScreen = render ? await drawFirstScreen(c, app, render) : null
    if (firstScreen === null) {
      c.header('Cache-Control', 'no-cache')
      return c.html(page)
    }
    // Someone's own feed: never kept by a cache.
    c.header('Cache-Control', 'private, no-store')
    const drawn = `<div ${FIRST_SCREEN_ATTRIBUTE} inert style="display:contents">${firstScreen}</div>`
    return c.html(page.replace(ROOT_ELEMENT, `<div id="root">${drawn}</div>`))
  })
}

/** The page itself as a file: answered by the page handler (theme, first screen), never as is. */
const PAGE_FILES = new Set(['/', '/index.html'])

function registerFiles(app: Hono<AppEnv>, rendererDir: string): void {
  const files = serveStatic({
    root: rendererDir,
    // The build's brotli and gzip copies (scripts/precompress.ts), by the browser's Accept-Encoding.
    precompressed: true,
    onFound: (path, c) => {
      // Vite fingerprints everything under assets/; index.html must be fetched fresh.
      c.header(
        'Cache-Control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
    },
  })
  app.use('*', (c, next) => (PAGE_FILES.has(c.req.path) ? next() : files(c, next)))
}
