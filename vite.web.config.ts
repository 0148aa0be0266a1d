import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** The renderer as a plain web app, served by the Gamerstage server at "/". */
export default defineConfig({
  root: here('./src/renderer'),
  base: '/',
  plugins: [react()],
  build: {
    outDir: here('./out/renderer'),
    emptyOutDir: true,
  },
  server: {
    // `npm run serve -- --port 4567` beside `vite --config vite.web.config.ts` for development.
    proxy: { '/api': 'http://127.0.0.1:4567' },
  },
})
