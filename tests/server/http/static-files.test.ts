/**
 * The built web app's files as the server sends them (src/server/http/static.ts): fingerprinted assets
 * kept for a year, in the build's brotli or gzip copy when the browser takes one
 * (scripts/precompress.ts), the file itself otherwise; page paths get index.html, never cached.
 * Over a real socket, as browsers get them: the Node adapter is what writes these headers.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { get, type IncomingHttpHeaders } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { precompressDirectory } from '../../../scripts/precompress'
import { startServer, type RunningServer } from '../../../src/server/server'

interface RawAnswer {
  status: number
  headers: IncomingHttpHeaders
  /** The bytes as sent, not decoded (fetch would decode them). */
  body: Buffer
}

function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      )
      response.on('error', reject)
    }).on('error', reject)
  })
}

/** Over the 1 KB below which a page is not worth compressing, as every real page is. */
const INDEX = `<!doctype html><html lang="en" data-theme="dark"><head><meta name="description" content="${'A LAN party. '.repeat(90)}"></head><body><div id="root"></div></body></html>`
/** Big enough to be compressed, and compressible, as a real bundle is. */
const BUNDLE = `export const posts = [${Array.from({ length: 400 }, (_, i) => `"post ${i}"`).join(',')}]\n`
const SMALL_STYLE = 'body{margin:0}\n'
const CHROMIUM_ACCEPTS = 'gzip, deflate, br, zstd'

describe('the web app’s files', () => {
  let dir: string
  let server: RunningServer

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gamerstage-static-'))
    const rendererDir = join(dir, 'renderer')
    mkdirSync(join(rendererDir, 'assets'), { recursive: true })
    writeFileSync(join(rendererDir, 'index.html'), INDEX)
    writeFileSync(join(rendererDir, 'assets', 'index-abc123.js'), BUNDLE)
    writeFileSync(join(rendererDir, 'assets', 'small-def456.css'), SMALL_STYLE)
    precompressDirectory(join(rendererDir, 'assets'))
    server = await startServer({
      host: '127.0.0.1',
      port: 0,
      dataDir: join(dir, 'data'),
      demo: false,
      rendererDir,
    })
  })

  afterEach(async () => {
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const asset = (path: string, acceptEncoding?: string) =>
    rawGet(
      `${server.url}${path}`,
      acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    )

  it('sends a browser that takes brotli the brotli copy, marked so, for a year', async () => {
    const { status, headers, body } = await asset('/assets/index-abc123.js', CHROMIUM_ACCEPTS)
    expect(status).toBe(200)
    expect(headers['content-encoding']).toBe('br')
    expect(headers.vary).toMatch(/accept-encoding/i)
    expect(headers['content-type']).toMatch(/^text\/javascript/)
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(Number(headers['content-length'])).toBe(body.length)
    expect(body.length).toBeLessThan(BUNDLE.length / 4)
    expect(brotliDecompressSync(body).toString()).toBe(BUNDLE)
  })

  it('sends gzip to a browser that takes only gzip', async () => {
    const { headers, body } = await asset('/assets/index-abc123.js', 'gzip, deflate')
    expect(headers['content-encoding']).toBe('gzip')
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(gunzipSync(body).toString()).toBe(BUNDLE)
  })

  it('sends the file itself to a client that asks for no encoding', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'br;q=0']) {
      const { headers, body } = await asset('/assets/index-abc123.js', acceptEncoding)
      expect(headers['content-encoding']).toBeUndefined()
      expect(headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(body.toString()).toBe(BUNDLE)
    }
  })

  it('sends a file too small to compress as it is, whatever the browser takes', async () => {
    const { status, headers, body } = await asset('/assets/small-def456.css', CHROMIUM_ACCEPTS)
    expect(status).toBe(200)
    expect(headers['content-encoding']).toBeUndefined()
    expect(headers['content-type']).toMatch(/^text\/css/)
    expect(body.toString()).toBe(SMALL_STYLE)
  })

  it('answers an asset the build does not have with 404, not with the page', async () => {
    const { status, headers, body } = await asset('/assets/index-old999.js', CHROMIUM_ACCEPTS)
    expect(status).toBe(404)
    expect(headers['content-encoding']).toBeUndefined()
    expect(body.toString()).toBe('Not found.')
  })

  it('answers a page path with index.html, fetched fresh every time, gzipped if taken', async () => {
    const compressed = await asset('/post/12', CHROMIUM_ACCEPTS)
    expect(compressed.status).toBe(200)
    expect(compressed.headers['cache-control']).toBe('no-cache')
    expect(compressed.headers['content-encoding']).toBe('gzip')
    expect(compressed.headers.vary).toMatch(/accept-encoding/i)
    expect(gunzipSync(compressed.body).toString()).toBe(INDEX)

    const plain = await asset('/post/12')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(INDEX)
  })
})
