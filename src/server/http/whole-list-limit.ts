/**
 * How many whole-list answers (http/whole-list.ts) one computer may have under way at once
 * (docs/hosting.md, "Headless server"). A whole list is the heaviest thing a client can ask
 * for: at 200k posts, 143 MB of JSON and seconds of the server's time. The stream gives others a
 * turn between its batches, so one list never stalls the rest; but every list under way takes a
 * batch's time in each turn, so one computer asking for many at once would still slow everyone.
 * Past `wholeListsAtOnce` (--limit-whole-lists, 2 by default) a client address is answered 429
 * `RATE_LIMITED` with `Retry-After` until one of its lists ends.
 *
 * The spec's mutations answer with the whole list unless `Prefer: return=minimal` (docs/API.md,
 * "Whole lists and pages"). They keep doing so, but the answer costs their sender: its place is
 * taken before the mutation runs (`reserveWholeListAnswer`), so a sender past its limit is
 * refused before anything changes, never after.
 *
 * Counted per instance, in its memory: what a list costs is this process's time. The address is
 * the client's (http/client-address.ts): behind a `--trust-proxy` proxy, the one it forwards for.
 * Only requests that came over a socket count: an answer the app gives in-process (tests'
 * `app.request()`) has no client address and may never be read to its end.
 */
import type { Context, MiddlewareHandler } from 'hono'
import type { ServerResponse } from 'node:http'
import { clientAddress } from './client-address'
import { asksForMinimal } from './prefer'
import {
  wholeListResponse,
  type WholeList,
  type WholeListItem,
  type WholeListKey,
} from './whole-list'
import { HttpError } from '../errors/http-error'
import { rateLimitedMessage } from '../errors/messages'

/** What the whole-list limit reads of the app's dependencies (http/context.ts, AppDeps). */
interface WholeListDeps {
  rateLimits?: { readonly wholeLists: WholeListLimit }
  /** How many rows a whole list's answer writes at a time. */
  wholeListRows?: number
}

/**
 * Seconds a refused client is told to wait: a whole list of a LAN party's community takes well
 * under this, and the app itself never asks for one (it reads pages).
 */
export const WHOLE_LIST_RETRY_AFTER_SECONDS = 5

/** One whole-list answer's place in its sender's allowance. */
export interface WholeListPlace {
  /** Gives the place back; only the first call counts. */
  release(): void
}

const NO_PLACE: WholeListPlace = { release: () => undefined }

/** The count of whole-list answers under way per client address. */
export class WholeListLimit {
  private readonly underWay = new Map<string, number>()

  /** `atOnce`: per address; 0 (or `Infinity`) counts nothing. */
  constructor(readonly atOnce: number) {}

  /** Whole lists under way for `address` now. */
  count(address: string): number {
    return this.underWay.get(address) ?? 0
  }

  /** Takes a place for `address`, or throws the 429 when its places are all taken. */
  take(address: string): WholeListPlace {
    if (!(this.atOnce > 0 && Number.isFinite(this.atOnce))) return NO_PLACE
    const count = this.count(address)
    if (count >= this.atOnce) {
      throw new HttpError(
        'RATE_LIMITED',
        rateLimitedMessage(
          'whole lists at once from this computer',
          WHOLE_LIST_RETRY_AFTER_SECONDS,
        ),
        { 'Retry-After': String(WHOLE_LIST_RETRY_AFTER_SECONDS) },
      )
    }
    this.underWay.set(address, count + 1)
    let held = true
    return {
      release: () => {
        if (!held) return
        held = false
        const left = this.count(address) - 1
        // Bounded: an address is kept only while it has a list under way.
        if (left > 0) this.underWay.set(address, left)
        else this.underWay.delete(address)
      },
    }
  }
}

/** What the Node adapter puts in `c.env` (absent in-process). */
interface NodeBindings {
  outgoing?: ServerResponse
}

/** Places taken before a mutation ran, for its answer to carry (`reserveWholeListAnswer`). */
const reserved = new WeakMap<Request, WholeListPlace>()

/**
 * A place for this request's whole list, or NO_PLACE for one made in-process. The place is also
 * given back when Node's response closes, whatever happened to the stream (a HEAD, whose body is
 * never read; a connection cut before the body started).
 */
function takePlace(deps: WholeListDeps, c: Context): WholeListPlace {
  const outgoing = (c.env as NodeBindings | undefined)?.outgoing
  const limit = deps.rateLimits?.wholeLists
  if (!outgoing || !limit) return NO_PLACE
  const place = limit.take(clientAddress(c))
  outgoing.once('close', place.release)
  return place
}

/**
 * Middleware before a mutation whose spec answer is a whole list: without
 * `Prefer: return=minimal`, its place is taken now (a 429 changes nothing), and given back if
 * the mutation fails or answers otherwise.
 */
export function reserveWholeListAnswer(deps: WholeListDeps): MiddlewareHandler {
  return async (c, next) => {
    if (asksForMinimal(c)) return next()
    const place = takePlace(deps, c)
    reserved.set(c.req.raw, place)
    try {
      await next()
    } finally {
      // Still here: no whole-list answer took it (an error, or another answer).
      if (reserved.get(c.req.raw) === place) {
        reserved.delete(c.req.raw)
        place.release()
      }
    }
  }
}

/**
 * The whole-list answer of this request, counted against its sender: the place reserved before
 * its mutation, or one taken now, before the list's order is read. `list` is read only once
 * the place is held.
 */
export async function answerWholeList<Key extends WholeListKey>(
  deps: WholeListDeps,
  c: Context,
  key: Key,
  list: () => Promise<WholeList<WholeListItem<Key>>>,
  status: 200 | 201 = 200,
): Promise<Response> {
  const place = reserved.get(c.req.raw) ?? takePlace(deps, c)
  reserved.delete(c.req.raw)
  try {
    return wholeListResponse(key, await list(), status, {
      batchSize: deps.wholeListRows,
      onEnd: place.release,
    })
  } catch (error) {
    place.release()
    throw error
  }
}
