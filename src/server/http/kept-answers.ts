/**
 * Whole answers of reads kept per viewer and address: a feed or a post page asked for
 * again, with nothing written meanwhile, is answered from the bytes made the first time.
 *
 * Correct because of what drops them (caches/read-cache.ts `KeptAnswers`): every live event the
 * hub publishes or hears from another instance (but presence and the like, which no kept answer
 * shows), every end of a user's sessions, and a change of sharing drop all of them at once; a fill
 * whose reads began before such a drop is not kept. What changes by the clock alone (a poll's end,
 * a mute running out) shortens an answer's life (caches/answer-life.ts), and none is served
 * longer than `answerMs` (a second), or `partsAnswerMs` (ten) kept with its parts, which bounds what
 * a change without an event could leave.
 *
 * The viewer's own state is in the answer, which is why the key holds the viewer: their like
 * publishes a `reaction` event, which drops every kept answer before they read again.
 *
 * A route may ask for its answers to be kept with what they show (`withParts`, the home feed):
 * such an answer notes, as it is made, the home timeline, posts and viewer state it shows by
 * version (caches/answer-parts.ts), and outlives the writes that change none of them (a like of
 * another post, a new post by someone its viewer does not follow).
 */
import type { IncomingMessage } from 'node:http'
import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from './context'
import { wantsMinimal } from './context'
import { measuringAnswerLife } from '../caches/answer-life'
import { measuringShownParts, type ShownParts } from '../caches/answer-parts'
import { readCacheOf } from '../caches/store-caches'
import type { Store } from '../db/store'
import { routePatternOf } from '../observability/request-log'

/**
 * Keeps the answers of the route it guards (after its token check), when `keeps(c)` says the
 * request asks for a page or one object (whole lists are streamed, never kept).
 */
export function keptAnswers(
  db: Store,
  keeps: (c: Context<AppEnv>) => boolean = () => true,
  { withParts = false }: { withParts?: boolean } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const cache = readCacheOf(db)
    if (!cache || c.req.method !== 'GET' || !keeps(c)) return next()
    const minimal = wantsMinimal(c)
    const key = keptAnswerKey(c.get('viewerId'), minimal, hostOf(c), pathAndQueryOf(c))
    const kept = cache.answer(key)
    // Only the body and its type are kept: the headers of this request (its Origin's CORS
    // answer, the latest live event) are set afresh around it, as for any answer.
    if (kept) return c.body(kept.body, 200, { 'Content-Type': kept.contentType })
    const mark = cache.answerMark
    const answered = keepingJsonText(c)
    let parts: ShownParts | undefined
    const { until } = await measuringAnswerLife(async () => {
      if (withParts) parts = (await measuringShownParts(next)).parts
      else await next()
    })
    const response = c.res
    const text = answered.text(response)
    if (response.status !== 200 || text === undefined) return
    const contentType = response.headers.get('content-type')
    if (!contentType?.startsWith('application/json')) return
    const body = new Uint8Array(Buffer.from(text))
    const made = { body, contentType, route: routePatternOf(c) }
    cache.keepAnswer(key, made, mark, until, parts, { pieces: c.get('answerPieces') })
  }
}

/** The JSON texts answered by `c.json` or `jsonTextAnswer`, by their Response. */
const answeredTexts = new WeakMap<Response, string>()

/**
 * Answers JSON already written out (a page joined from kept pieces: caches/answer-pieces.ts) as
 * `c.json` answers an object: status 200, `Content-Type: application/json`, kept as its text.
 */
export function jsonTextAnswer(c: Context<AppEnv>, text: string): Response {
  const response = c.newResponse(text, 200, { 'Content-Type': 'application/json' })
  answeredTexts.set(response, text)
  return response
}

type AnswerHeaders = Record<string, string | string[]>

/**
 * Has `c.json` note the text it answers with, so that the answer is kept from it as made. Reading
 * it back from the Response would make the Node adapter build a web stream for it, and answering
 * a Response rebuilt from those bytes sends it through that stream: some 150 µs a fill
 * (docs/PERFORMANCE.md, "Fills without web streams"). `text(response)` is undefined
 * unless `response` is the one `c.json` (or `jsonTextAnswer`) made (an error answered otherwise, a
 * streamed list).
 */
function keepingJsonText(c: Context<AppEnv>): { text(response: Response): string | undefined } {
  // Hono's json() with its overloads erased: the same arguments reach newResponse as there.
  const respond = c.newResponse as (
    data: string,
    arg?: unknown,
    headers?: AnswerHeaders,
  ) => Response
  // As Hono's own json(): the same status, headers and default Content-Type, one JSON.stringify.
  const keeping = (object: unknown, arg?: unknown, headers?: AnswerHeaders) => {
    const text = JSON.stringify(object)
    const response = respond(text, arg, { 'Content-Type': 'application/json', ...headers })
    answeredTexts.set(response, text)
    return response
  }
  c.json = keeping as unknown as typeof c.json
  return { text: (response) => answeredTexts.get(response) }
}

/**
 * Whose answer to what: the viewer (0 for none), whether the post alone was asked for, and the
 * request's Host and path with its query as sent. Made the same at the door
 * (http/kept-answer-door.ts), from the socket's request, as here.
 */
export function keptAnswerKey(
  viewerId: number | null | undefined,
  minimal: boolean,
  host: string,
  pathAndQuery: string,
): string {
  return `${viewerId ?? 0} ${minimal ? 'm' : 'f'} ${host} ${pathAndQuery}`
}

/** What the Node adapter puts in `c.env` (absent in-process: tests' `app.request()`). */
interface NodeBindings {
  incoming?: IncomingMessage
}

function hostOf(c: Context<AppEnv>): string {
  return c.req.header('host') ?? new URL(c.req.url).host
}

/** The path and query as the client sent them (the door has nothing else to go by). */
function pathAndQueryOf(c: Context<AppEnv>): string {
  const sent = (c.env as NodeBindings | undefined)?.incoming?.url
  if (sent !== undefined) return sent
  const url = new URL(c.req.url)
  return `${url.pathname}${url.search}`
}

/** A page was asked for (`?limit=`): without it a list route streams the whole list. */
export const paged = (c: Context<AppEnv>): boolean => c.req.query('limit') !== undefined

/** `GET /posts`: a page, or a tag's posts (always a page). */
export const pagedOrTagged = (c: Context<AppEnv>): boolean =>
  paged(c) || c.req.query('tag') !== undefined

/** `GET /users`: a search (suggestions are drawn afresh each time; the whole list streams). */
export const searching = (c: Context<AppEnv>): boolean => c.req.query('search') !== undefined
