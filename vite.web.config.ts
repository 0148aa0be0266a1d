import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, defineConfig, type Plugin, type ResolvedConfig } from 'vite'
import { writeStamp } from './scripts/build-stamp'
import { describePrecompressed, precompressDirectory } from './scripts/precompress'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/**
 * electron-vite forces `base: './'` on production renderer builds. The server hands this one
 * build to the desktop window and to every LAN browser, and relative asset paths break every
 * nested route (`/post/12` would ask for `/post/assets/…`): pin the absolute base after it.
 */
const absoluteBase: Plugin = {
  name: 'gamerstage:absolute-base',
  enforce: 'post',
  config: () => ({ base: '/' }),
}

/**
 * With the app, the module the server draws a signed-in /home's first screen with
 * (src/renderer/src/first-screen.tsx): the same components built for Node, into
 * out/renderer-ssr beside out/renderer, where the server looks for it (src/server/http/static.ts).
 * Dependencies stay in node_modules, as for the server.
 */
const buildFirstScreen: Plugin = {
  name: 'gamerstage:first-screen',
  apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
  // In turn, not beside the others: the build stamp after it must not call a failed build fresh.
  closeBundle: {
    sequential: true,
    handler: async () => {
      await build({
        configFile: false,
        root: here('./src/renderer'),
        logLevel: 'warn',
        plugins: [react()],
        build: {
          ssr: here('./src/renderer/src/first-screen.tsx'),
          outDir: here('./out/renderer-ssr'),
          emptyOutDir: true,
          target: 'node20',
          minify: false,
          rollupOptions: { output: { format: 'es', entryFileNames: 'first-screen.js' } },
        },
      })
    },
  },
}

/**
 * Brotli and gzip copies of the app's files beside them (scripts/precompress.ts), which the
 * server sends to browsers that take them. Only the fingerprinted assets: index.html is a
 * template the server fills in per request.
 */
function precompressAssets(): Plugin {
  let assetsDir = ''
  let logger: ResolvedConfig['logger'] | undefined
  return {
    name: 'gamerstage:precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved: (config) => {
      assetsDir = resolve(config.root, config.build.outDir, config.build.assetsDir)
      logger = config.logger
    },
    // In turn: the build stamp after it must not call a build fresh before its copies exist.
    closeBundle: {
      sequential: true,
      handler: () => {
        logger?.info(describePrecompressed(precompressDirectory(assetsDir)))
      },
    },
  }
}

/**
 * The emoji picker's data (frimousse reads Emojibase's `en/data.json` and `en/messages.json`),
 * shipped with the app instead of fetched from a CDN: a LAN party may have no internet, and the
 * server checks reactions against the same package (src/server/services/reads/known-emoji.ts).
 * Under assets/ with the package's version in the path, so it is cached for good and
 * precompressed like the rest; the app finds it at import.meta.env.VITE_EMOJIBASE_URL.
 */
function emojiData(): Plugin {
  const require = createRequire(import.meta.url)
  const { version } = require('emojibase-data/package.json') as { version: string }
  const folder = `assets/emojibase-${version}`
  const files = ['en/data.json', 'en/messages.json']
  const read = (file: string) => readFileSync(require.resolve(`emojibase-data/${file}`))
  return {
    name: 'gamerstage:emoji-data',
    config: () => ({
      define: { 'import.meta.env.VITE_EMOJIBASE_URL': JSON.stringify(`/${folder}`) },
    }),
    configureServer: (server) => {
      server.middlewares.use((request, response, next) => {
        const file = files.find((name) => request.url === `/${folder}/${name}`)
        if (!file) return next()
        response.setHeader('Content-Type', 'application/json')
        response.end(read(file))
      })
    },
    generateBundle() {
      for (const file of files) {
        this.emitFile({ type: 'asset', fileName: `${folder}/${file}`, source: read(file) })
      }
    },
  }
}

/** Marks the build as matching its sources (scripts/build-stamp.ts), whoever ran it. */
const stampBuild: Plugin = {
  name: 'gamerstage:build-stamp',
  apply: 'build',
  closeBundle: () => writeStamp('renderer'),
}

/**
 * The renderer as a plain web app, served by the Gamerstage server at "/". The one production
 * build for the desktop window and the LAN, whether `npm run build` (through electron-vite),
 * `npm start`, `npm run dist` or `npm run serve` made it.
 */
export default defineConfig({
  root: here('./src/renderer'),
  base: '/',
  plugins: [react(), absoluteBase, emojiData(), buildFirstScreen, precompressAssets(), stampBuild],
  build: {
    outDir: here('./out/renderer'),
    emptyOutDir: true,
    // LAN browsers, phones included, not only the app's own Chromium.
    target: 'es2022',
    minify: true,
    cssMinify: true,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
  server: {
    // `npm run serve -- --port 4567` beside `vite --config vite.web.config.ts` for development.
    proxy: { '/api': 'http://127.0.0.1:4567' },
  },
})
