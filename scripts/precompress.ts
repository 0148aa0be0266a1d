/**
 * Brotli and gzip copies of the built web app's files, written beside them when the app is built
 * (vite.web.config.ts). The server sends a browser the copy its Accept-Encoding names
 * (src/server/http/static.ts): a phone on a LAN party's Wi-Fi downloads about a quarter of the bytes,
 * and the server never compresses anything per request.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** Text formats; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest)$/i

/** Below this, a header costs about what compression saves. */
export const PRECOMPRESS_MIN_BYTES = 1024

/** The file name suffix of each copy, as the server looks for it. */
const PRECOMPRESSED_SUFFIXES = { br: '.br', gzip: '.gz' } as const

export interface PrecompressedFile {
  path: string
  bytes: number
  brotliBytes: number
  gzipBytes: number
}

/** Whether a file of the build gets compressed copies. */
export function isPrecompressible(name: string, bytes: number): boolean {
  return COMPRESSIBLE.test(name) && bytes >= PRECOMPRESS_MIN_BYTES
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir` (its
 * subfolders too). A copy that would not be smaller is not written, so the server sends the file
 * itself instead. Returns what it compressed, which the build prints in one line.
 */
export function precompressDirectory(dir: string): PrecompressedFile[] {
  const written: PrecompressedFile[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      written.push(...precompressDirectory(path))
      continue
    }
    if (!entry.isFile()) continue
    const { size } = statSync(path)
    if (!isPrecompressible(entry.name, size)) continue
    const content = readFileSync(path)
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    })
    const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION })
    if (brotli.length < size) writeFileSync(path + PRECOMPRESSED_SUFFIXES.br, brotli)
    if (gzip.length < size) writeFileSync(path + PRECOMPRESSED_SUFFIXES.gzip, gzip)
    written.push({ path, bytes: size, brotliBytes: brotli.length, gzipBytes: gzip.length })
  }
  return written
}

/**
 * One line for the build's output: how many files got a brotli copy, and their bytes before and
 * after. A file whose copy would not have been smaller has none and is not counted.
 */
export function describePrecompressed(files: PrecompressedFile[]): string {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
  const copied = files.filter((file) => file.brotliBytes < file.bytes)
  const bytes = copied.reduce((sum, file) => sum + file.bytes, 0)
  const brotliBytes = copied.reduce((sum, file) => sum + file.brotliBytes, 0)
  const count = `${copied.length} ${copied.length === 1 ? 'file' : 'files'}`
  return `compressed copies of ${count}: ${kib(bytes)}, ${kib(brotliBytes)} as brotli`
}
