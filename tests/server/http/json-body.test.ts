/**
 * JSON bodies read straight from Node's request (src/server/http/json-body.ts): over a
 * real socket, the body a route reads is the one `Request.text()` would give (BOM dropped, bad
 * bytes as U+FFFD), the size limit holds with and without a Content-Length, malformed JSON is the
 * validator's 400, and a body of another type goes Hono's own way.
 */
import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { HttpError } from '../../../src/server/errors/http-error'
import { jsonBody } from '../../../src/server/http/json-body'
import { validate } from '../../../src/server/http/validate'

const LIMIT = 64
const tooLarge = () => new HttpError('TOO_LARGE', 'Too large.')
let server: ServerType
let port = 0

beforeAll(async () => {
  const app = new Hono()
  app.use(
    '*',
    jsonBody(
      LIMIT,
      tooLarge,
      bodyLimit({
        maxSize: LIMIT,
        onError: () => {
          throw tooLarge()
        },
      }),
    ),
  )
  app.post('/echo', validate('json', z.object({ text: z.string() })), (c) =>
    c.json({ text: c.req.valid('json').text }),
  )
  app.post('/raw', async (c) => c.json({ raw: await c.req.text() }))
  app.onError((error, c) =>
    error instanceof HttpError
      ? c.json({ code: error.code }, error.status)
      : error instanceof HTTPException
        ? c.json({ code: 'HTTP' }, error.status)
        : c.json({ code: 'INTERNAL' }, 500),
  )
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve())
  })
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** Sends `chunks` as the body (chunked when `length` is false) and answers status and JSON. */
function send(
  path: string,
  chunks: (string | Buffer)[],
  { type = 'application/json', length = true } = {},
): Promise<{ status: number; body: unknown }> {
  const body = Buffer.concat(chunks.map((chunk) => Buffer.from(chunk)))
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { 'content-type': type, ...(length ? { 'content-length': body.length } : {}) },
      },
      (response) => {
        let text = ''
        response.on('data', (chunk: Buffer) => (text += chunk.toString()))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }),
        )
      },
    )
    request.on('error', reject)
    for (const chunk of chunks) request.write(chunk)
    request.end()
  })
}

describe('JSON bodies read from the Node request', () => {
  it('reads the body as Request.text() would, in one chunk or many', async () => {
    expect(await send('/echo', ['{"text":"gg"}'])).toEqual({ status: 200, body: { text: 'gg' } })
    expect(await send('/echo', ['{"te', 'xt":"g', 'g"}'], { length: false })).toEqual({
      status: 200,
      body: { text: 'gg' },
    })
    // A leading BOM is dropped; bytes that are not UTF-8 become U+FFFD.
    const bom = Buffer.from([0xef, 0xbb, 0xbf])
    expect(await send('/echo', [bom, '{"text":"é"}'])).toEqual({
      status: 200,
      body: { text: 'é' },
    })
    const bad = Buffer.from([
      0x7b, 0x22, 0x74, 0x65, 0x78, 0x74, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d,
    ])
    expect(await send('/echo', [bad])).toEqual({ status: 200, body: { text: '\ufffd' } })
  })

  it('refuses a body past the limit, with a length or without', async () => {
    const big = `{"text":"${'x'.repeat(LIMIT)}"}`
    expect((await send('/echo', [big])).status).toBe(413)
    expect((await send('/echo', [big.slice(0, 40), big.slice(40)], { length: false })).status).toBe(
      413,
    )
  })

  it('leaves malformed JSON to the validator, and other types to Hono', async () => {
    expect((await send('/echo', ['{"text":'])).status).toBe(400)
    expect(await send('/raw', ['plain words'], { type: 'text/plain' })).toEqual({
      status: 200,
      body: { raw: 'plain words' },
    })
  })
})
