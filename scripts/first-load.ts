/**
 * What a browser must download before the first screen can show: the scripts and styles the
 * built index.html pulls in (and the modules they preload), gzipped as a server would send them.
 * The test of the budget and `npm run bench` both read it from here.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** The first-load budget: JS and CSS of index.html, gzipped (docs/desktop.md, "The build that ships"). */
export const FIRST_LOAD_BUDGET_BYTES = 150 * 1024

export interface FirstLoad {
  files: { path: string; gzipBytes: number }[]
  gzipBytes: number
}

/** The asset paths index.html references with a script, stylesheet or modulepreload tag. */
export function firstLoadAssets(indexHtml: string): string[] {
  const pattern =
    /<(?:script[^>]*\ssrc|link[^>]*\srel="(?:stylesheet|modulepreload)"[^>]*\shref)="([^"]+)"/g
  const fromLinks = [...indexHtml.matchAll(pattern)].map((match) => match[1] ?? '')
  // A <link> may name its href before its rel.
  const hrefFirst = /<link[^>]*\shref="([^"]+)"[^>]*\srel="(?:stylesheet|modulepreload)"/g
  const fromHrefFirst = [...indexHtml.matchAll(hrefFirst)].map((match) => match[1] ?? '')
  return [...new Set([...fromLinks, ...fromHrefFirst])].filter((path) => path !== '')
}

export function measureFirstLoad(rendererDir: string): FirstLoad {
  const html = readFileSync(join(rendererDir, 'index.html'), 'utf8')
  const files = firstLoadAssets(html).map((path) => ({
    path,
    gzipBytes: gzipSync(readFileSync(join(rendererDir, path.replace(/^\//, '')))).length,
  }))
  return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) }
}
