import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AppEnv } from './context'

/**
 * Serves the built renderer at `/`: its files, and index.html for every other page path so that
 * reloading a client route such as `/post/12` works.
 */
export function serveRenderer(app: Hono<AppEnv>, rendererDir: string): void {
  const indexFile = join(rendererDir, 'index.html')
  if (existsSync(rendererDir)) registerFiles(app, rendererDir)
  // A file the build does not have (an old tab asking for last version's bundle) is missing,
  // not a page: answering index.html would hand HTML to a <script> tag.
  app.get('/assets/*', (c) => c.text('Not found.', 404))
  app.get('*', (c) => {
    if (!existsSync(indexFile)) {
      return c.text('The Gamerstage web app is not built. Run `npm run build`.', 503)
    }
    c.header('Cache-Control', 'no-cache')
    return c.html(readFileSync(indexFile, 'utf8'))
  })
}

function registerFiles(app: Hono<AppEnv>, rendererDir: string): void {
  app.use(
    '*',
    serveStatic({
      root: rendererDir,
      onFound: (path, c) => {
        // Vite fingerprints everything under assets/; index.html must be fetched fresh.
        c.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
      },
    }),
  )
}
