import { cpSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import { writeStamp } from './scripts/build-stamp'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/**
 * The migrations of both databases beside the bundle: src/server/db/sqlite.ts and postgres.ts
 * find them next to their own module, and in the bundle every module is out/server/cli.js.
 */
const copyMigrations: Plugin = {
  name: 'gamerstage:copy-migrations',
  apply: 'build',
  closeBundle: () => {
    for (const folder of ['migrations', 'migrations-pg']) {
      cpSync(here(`./src/server/db/${folder}`), here(`./out/server/${folder}`), {
        recursive: true,
      })
    }
    writeStamp('server')
  },
}

/**
 * The headless server (`npm run serve`) as plain JavaScript for plain `node`: no tsx, no vite
 * at run time. Dependencies stay in node_modules (SSR builds leave them external; MediaInfo's
 * WebAssembly is found beside its package). The clip worker is an entry of its own,
 * out/server/clip-worker.js, beside cli.js where services/media/clip-checks.ts looks for it; shared
 * modules become chunks in the same folder.
 */
export default defineConfig({
  plugins: [copyMigrations],
  build: {
    ssr: true,
    outDir: here('./out/server'),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rollupOptions: {
      input: {
        cli: here('./src/server/cli.ts'),
        'clip-worker': here('./src/server/services/media/clip-worker.ts'),
      },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
})
