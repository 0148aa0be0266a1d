/**
 * The build's brotli and gzip copies (scripts/precompress.ts): written beside every text file
 * worth compressing, in subfolders too, each decompressing to the file; none for images, small
 * files, or where compression would not make the file smaller.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  PRECOMPRESS_MIN_BYTES,
  describePrecompressed,
  isPrecompressible,
  precompressDirectory,
} from '../../../scripts/precompress'

const text = (bytes: number) => 'const answer = 42;\n'.repeat(Math.ceil(bytes / 19)).slice(0, bytes)

describe('precompressDirectory', () => {
  let dir: string

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gamerstage-precompress-'))
  })

  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  const copies = (name: string) => ({
    br: existsSync(join(dir, `${name}.br`)),
    gz: existsSync(join(dir, `${name}.gz`)),
  })

  it('writes brotli and gzip copies that decompress to each text file, in subfolders too', () => {
    mkdirSync(join(dir, 'icons'))
    const files = {
      'index-abc.js': text(40_000),
      'index-abc.css': text(5_000),
      'icons/sprite.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h24v24H0z"/>'.repeat(80)}</svg>`,
    }
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content)

    const written = precompressDirectory(dir)

    expect(written.map((file) => file.path).sort()).toEqual(
      Object.keys(files)
        .map((name) => join(dir, name))
        .sort(),
    )
    for (const [name, content] of Object.entries(files)) {
      expect(copies(name)).toEqual({ br: true, gz: true })
      expect(brotliDecompressSync(readFileSync(join(dir, `${name}.br`))).toString()).toBe(content)
      expect(gunzipSync(readFileSync(join(dir, `${name}.gz`))).toString()).toBe(content)
    }
    const bundle = written.find((file) => file.path.endsWith('index-abc.js'))
    expect(bundle?.bytes).toBe(40_000)
    expect(bundle?.brotliBytes).toBeLessThan(bundle?.gzipBytes ?? 0)
  })

  it('leaves images, small files and its own copies alone', () => {
    writeFileSync(join(dir, 'shot.png'), randomBytes(8_000))
    writeFileSync(join(dir, 'tiny.js'), text(PRECOMPRESS_MIN_BYTES - 1))
    writeFileSync(join(dir, 'app.js'), text(4_000))

    expect(precompressDirectory(dir).map((file) => file.path)).toEqual([join(dir, 'app.js')])
    // Run again over its own output (a second build step, say): nothing new, no .br.br.
    expect(precompressDirectory(dir).map((file) => file.path)).toEqual([join(dir, 'app.js')])

    expect(copies('shot.png')).toEqual({ br: false, gz: false })
    expect(copies('tiny.js')).toEqual({ br: false, gz: false })
    expect(copies('app.js.br')).toEqual({ br: false, gz: false })
  })

  it('writes no copy that would be bigger than the file', () => {
    // Random bytes do not compress: a copy would only add its header.
    writeFileSync(join(dir, 'noise.js'), randomBytes(6_000).toString('base64'))
    const [noise] = precompressDirectory(dir)
    expect(noise?.bytes).toBe(8_000)
    const expected = {
      br: (noise?.brotliBytes ?? Infinity) < 8_000,
      gz: (noise?.gzipBytes ?? Infinity) < 8_000,
    }
    expect(copies('noise.js')).toEqual(expected)
  })
})

describe('isPrecompressible', () => {
  it.each([
    ['index.js', 2048, true],
    ['index.css', 2048, true],
    ['icon.svg', 2048, true],
    ['index.js', 100, false],
    ['photo.webp', 50_000, false],
    ['index.js.br', 50_000, false],
    ['index.js.gz', 50_000, false],
  ])('%s of %i bytes: %s', (name, bytes, expected) => {
    expect(isPrecompressible(name, bytes)).toBe(expected)
  })
})

describe('describePrecompressed', () => {
  it('sums the files that got a copy, leaving out one whose copy would not have been smaller', () => {
    const line = describePrecompressed([
      { path: 'a.js', bytes: 4096, brotliBytes: 1024, gzipBytes: 1536 },
      // Incompressible: no copy was written, so the server sends these 2048 bytes as they are.
      { path: 'b.js', bytes: 2048, brotliBytes: 2100, gzipBytes: 2080 },
      { path: 'c.css', bytes: 2048, brotliBytes: 512, gzipBytes: 700 },
    ])
    expect(line).toBe('compressed copies of 2 files: 6.0 KiB, 1.5 KiB as brotli')
  })

  it('counts one file as one file', () => {
    expect(
      describePrecompressed([{ path: 'a.js', bytes: 2048, brotliBytes: 512, gzipBytes: 600 }]),
    ).toBe('compressed copies of 1 file: 2.0 KiB, 0.5 KiB as brotli')
  })

  it('says so when there was nothing to compress', () => {
    expect(describePrecompressed([])).toBe(
      'compressed copies of 0 files: 0.0 KiB, 0.0 KiB as brotli',
    )
  })
})
