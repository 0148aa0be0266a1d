/**
 * Reads a JSON request body straight from Node's request (docs/PERFORMANCE.md,
 * "Writes"). The Node adapter answers `c.req.raw` as a light object and builds a full WHATWG
 * `Request` (an AbortController, a web stream, undici's body mixin) the first time anything
 * touches its body: 8 % of a new post's CPU. Here the body is read from the `IncomingMessage`
 * with the same size limit, decoded as `Response.text()` decodes (UTF-8, a leading BOM dropped,
 * bad bytes as U+FFFD), and put where Hono keeps a read body (`c.req.bodyCache.text`), so
 * `c.req.json()` (the validators) parses it without the `Request`. Requests without a Node
 * request under them (tests' `app.request()`) or whose type is not JSON go the usual way.
 */
import type { MiddlewareHandler } from 'hono'
import type { IncomingMessage } from 'node:http'
import type { HttpError } from '../errors/http-error'

/** What the Node adapter puts in `c.env`; absent under `app.request()` without an env. */
interface NodeBindings {
  incoming?: IncomingMessage
}

/** The media types Hono's validators read as JSON (hono/validator). */
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i

const decoder = new TextDecoder()

/** The body of `incoming`, at most `maxSize` bytes, as text; `tooLarge` past that. */
function readText(
  incoming: IncomingMessage,
  maxSize: number,
  tooLarge: () => HttpError,
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > maxSize) {
        cleanUp()
        reject(tooLarge())
        return
      }
      chunks.push(chunk)
    }
    const onEnd = () => {
      cleanUp()
      resolve(decoder.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size)))
    }
    const onError = (error: Error) => {
      cleanUp()
      reject(error)
    }
    const onClose = () => {
      cleanUp()
      reject(new Error('The request ended before its body.'))
    }
    const cleanUp = () => {
      incoming.off('data', onData)
      incoming.off('end', onEnd)
      incoming.off('error', onError)
      incoming.off('close', onClose)
    }
    incoming.on('data', onData)
    incoming.on('end', onEnd)
    incoming.on('error', onError)
    incoming.on('close', onClose)
  })
}

/**
 * The JSON body limit (`maxSize` bytes; `tooLarge` is thrown past it), reading JSON bodies from
 * Node's request when there is one, and `fallback` (Hono's bodyLimit) otherwise.
 */
export function jsonBody(
  maxSize: number,
  tooLarge: () => HttpError,
  fallback: MiddlewareHandler,
): MiddlewareHandler {
  return async (c, next) => {
    const incoming = (c.env as NodeBindings | undefined)?.incoming
    const type = c.req.header('content-type')
    const mediaType = type?.split(';')[0]?.trim() ?? ''
    // A stand-in without a stream (tests give `app.request()` only a socket address) also goes
    // the usual way.
    const readable = typeof incoming?.on === 'function' && incoming.headers !== undefined
    if (!incoming || !readable || !JSON_TYPE.test(mediaType) || incoming.readableEnded) {
      return fallback(c, next)
    }
    const declared = incoming.headers['content-length']
    if (declared !== undefined && !incoming.headers['transfer-encoding']) {
      if (Number.parseInt(declared, 10) > maxSize) throw tooLarge()
    }
    // Read before the route runs, as bodyLimit reads a body without a length: a body past the
    // limit is refused before any work.
    const text = await readText(incoming, maxSize, tooLarge)
    // Hono keeps the promise of each body it read there (its type says the value).
    ;(c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text)
    return next()
  }
}
