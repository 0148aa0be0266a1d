import { defineConfig } from 'electron-vite'
import { fileURLToPath } from 'node:url'
import webConfig from './vite.web.config'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        input: {
          index: here('./src/main/index.ts'),
          // The embedded server's clip worker (services/media/clip-checks.ts finds it beside index.js).
          'clip-worker': here('./src/server/services/media/clip-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      rollupOptions: {
        input: { index: here('./src/preload/index.ts') },
        // A sandboxed preload runs as CommonJS.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  // The window loads the same web app a browser gets from the server.
  renderer: webConfig,
})
