/**
 * The build that ships (`npm run build`; the test setup builds what is stale): the web app the
 * server hands to the desktop window and every LAN browser, and the compiled headless server.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { OUTPUT_DIR, SERVER_CLI, isStale } from '../../../scripts/build-stamp'
import {
  FIRST_LOAD_BUDGET_BYTES,
  firstLoadAssets,
  measureFirstLoad,
} from '../../../scripts/first-load'
import { isPrecompressible } from '../../../scripts/precompress'

const indexHtml = () => readFileSync(join(OUTPUT_DIR.renderer, 'index.html'), 'utf8')

describe('the web app build', () => {
  it('matches its sources', () => {
    expect(isStale('renderer')).toBe(false)
  })

  it('asks for its files by absolute paths, so nested routes such as /post/12 load', () => {
    const assets = firstLoadAssets(indexHtml())
    expect(assets.length).toBeGreaterThanOrEqual(2)
    for (const path of assets) expect(path).toMatch(/^\/assets\/[\w.-]+\.(js|css)$/)
    expect(indexHtml()).not.toMatch(/(src|href)="\.\//)
  })

  it('is the production build of React, not the development one', () => {
    const firstLoad = measureFirstLoad(OUTPUT_DIR.renderer)
    for (const file of firstLoad.files.filter((entry) => entry.path.endsWith('.js'))) {
      const code = readFileSync(join(OUTPUT_DIR.renderer, file.path), 'utf8')
      // Only React's development build carries its warnings' texts.
      expect(code).not.toContain('Each child in a list should have a unique')
      expect(code).not.toContain('react-dom.development')
    }
  })

  it(`keeps the first load within ${FIRST_LOAD_BUDGET_BYTES / 1024} KB gzipped`, () => {
    const firstLoad = measureFirstLoad(OUTPUT_DIR.renderer)
    expect(firstLoad.files.some((file) => file.path.endsWith('.js'))).toBe(true)
    expect(firstLoad.files.some((file) => file.path.endsWith('.css'))).toBe(true)
    expect(firstLoad.gzipBytes).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES)
  })

  it('ships brotli and gzip copies of its scripts and styles, each decompressing to its file', () => {
    const assetsDir = join(OUTPUT_DIR.renderer, 'assets')
    const compressible = readdirSync(assetsDir).filter((name) =>
      isPrecompressible(name, statSync(join(assetsDir, name)).size),
    )
    // The first load's files among them: what every browser downloads first.
    for (const path of firstLoadAssets(indexHtml())) {
      expect(compressible).toContain(path.replace(/^\/assets\//, ''))
    }
    for (const name of compressible) {
      const file = join(assetsDir, name)
      const content = readFileSync(file)
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(content)).toBe(true)
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(content)).toBe(true)
    }
  })
})

describe('firstLoadAssets', () => {
  it.each([
    ['<script type="module" crossorigin src="/assets/a.js"></script>', ['/assets/a.js']],
    ['<link rel="stylesheet" crossorigin href="/assets/a.css">', ['/assets/a.css']],
    ['<link rel="modulepreload" crossorigin href="/assets/b.js">', ['/assets/b.js']],
    ['<link href="/assets/c.css" rel="stylesheet">', ['/assets/c.css']],
    ['<link rel="icon" href="/assets/favicon.svg">', []],
  ])('reads %s', (html, expected) => {
    expect(firstLoadAssets(html)).toEqual(expected)
  })
})

describe('the headless server build', () => {
  it('matches its sources and carries its migrations', () => {
    expect(isStale('server')).toBe(false)
    expect(existsSync(SERVER_CLI)).toBe(true)
    expect(existsSync(join(OUTPUT_DIR.server, 'migrations', 'meta', '_journal.json'))).toBe(true)
  })

  it('loads neither vite nor tsx', () => {
    const code = readFileSync(SERVER_CLI, 'utf8')
    expect(code).not.toMatch(/from ["'](vite|tsx|electron)["']/)
  })
})
