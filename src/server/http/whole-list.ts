/**
 * Whole-list answers (docs/API.md: lists without `limit`/`cursor`) written as they are read, in
 * bounded memory, whatever the list's length.
 *
 * The order is fixed first, as a list of ids (a few bytes each, one query); the rows are then
 * read, presented and written a batch at a time, each batch only once the client has taken the
 * one before (a pull stream: the Node adapter reads it only while the socket drains). A client
 * that stops reading therefore pins one batch, and one that goes away cancels the stream. The
 * bytes are those `c.json({ [key]: items })` would send.
 *
 * Between batches the stream gives the event loop a turn (`setImmediate`): on loopback or a fast
 * LAN the socket takes every write at once, so without it a 200k-post list was read, presented
 * and written in one 27 s go while every other request waited. With it, another
 * request waits for at most the step under way per list being sent (bench/whole-list-bench.ts,
 * `npm run bench`'s "/api/health while 2 clients download every post" line). How many one
 * computer may have under way at once is http/whole-list-limit.ts's.
 */
import type {
  BookmarksResponse,
  CommentsResponse,
  PostsResponse,
  UsersResponse,
} from '../../shared/api-types'

/** The whole-list answers (src/shared/api-types.ts), by the key their list stands under. */
interface WholeListAnswers {
  posts: PostsResponse
  users: UsersResponse
  comments: CommentsResponse
  bookmarks: BookmarksResponse
}
export type WholeListKey = keyof WholeListAnswers
/** What the list under `Key` holds, as its answer type says. */
export type WholeListItem<Key extends WholeListKey> = {
  [K in WholeListKey]: WholeListAnswers[K] extends Record<K, (infer Item)[]> ? Item : never
}[Key]

/** A list fixed as ids in answer order, and how to turn a batch of them into items. */
export interface WholeList<Item> {
  ids: number[]
  /** The items of these ids, in this order; ids removed since the list was read are skipped. */
  load: (ids: number[]) => Promise<Item[]>
}

/**
 * What one step (a batch read, presented and written) should take: other requests wait for at
 * most the step under way of each list being sent. Steps are sized by time, not rows, since a
 * row's cost varies a thousandfold (a post with 9,000 likers in the whole-list shape against one
 * with none). At the bench's 200k posts, measured on this 2-core machine under load: 200 full
 * posts took 40–65 ms a step (p99 over 120 ms), 20 about 5 ms; with 2 ms steps two downloads
 * of every post added 42 ms to /api/health's p99, with 5 ms steps 71 ms (docs/PERFORMANCE.md,
 * "whole lists share the server").
 */
export const WHOLE_LIST_STEP_MS = 2
/** Rows of the first step, and the most of any: big enough to amortise the queries. */
export const WHOLE_LIST_BATCH = { first: 20, most: 200 } as const

/** The next step's rows: scaled by how long this one took, at most doubled, 1 to `most`. */
export function nextBatchSize(size: number, tookMs: number): number {
  const scaled = Math.floor((size * WHOLE_LIST_STEP_MS) / Math.max(tookMs, 0.1))
  return Math.max(1, Math.min(WHOLE_LIST_BATCH.most, size * 2, scaled))
}

const encoder = new TextEncoder()

/** Resolves on the event loop's next turn, after the I/O and timers waiting now have run. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

export interface WholeListBodyOptions {
  /** Rows per step, always (tests); unset, steps are sized by time (`nextBatchSize`). */
  batchSize?: number
  /** Called once when the stream ends: written to the end, cancelled by its reader, or failed. */
  onEnd?: () => void
}

/** `{"<key>":[item,item,…]}` as a stream of batches. */
export function wholeListBody<Item>(
  key: string,
  list: WholeList<Item>,
  { batchSize, onEnd }: WholeListBodyOptions = {},
): ReadableStream<Uint8Array> {
  let size = batchSize ?? WHOLE_LIST_BATCH.first
  let next = 0
  let wroteItem = false
  let opened = false
  let ended = false
  const end = () => {
    if (ended) return
    ended = true
    onEnd?.()
  }
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!opened) {
          opened = true
          controller.enqueue(encoder.encode(`{${JSON.stringify(key)}:[`))
          return
        }
        try {
          // Skip batches whose rows have all gone, so that every pull writes something.
          while (next < list.ids.length) {
            // Others first: their I/O and timers run before this list's next batch.
            await nextTurn()
            if (ended) return
            const started = performance.now()
            const items = await list.load(list.ids.slice(next, next + size))
            next += size
            if (items.length === 0) continue
            const json = items.map((item) => JSON.stringify(item)).join(',')
            const bytes = encoder.encode(wroteItem ? `,${json}` : json)
            if (batchSize === undefined) size = nextBatchSize(size, performance.now() - started)
            controller.enqueue(bytes)
            wroteItem = true
            return
          }
        } catch (error) {
          end()
          throw error
        }
        controller.enqueue(encoder.encode(']}'))
        controller.close()
        end()
      },
      cancel: end,
    },
    // Nothing read ahead: a batch is made only when the consumer asks for it.
    { highWaterMark: 0 },
  )
}

/**
 * The answer whose body is the whole list: the bytes of the shared answer type of `key`. Routes
 * answer through http/whole-list-limit.ts, which counts it against its sender.
 */
export function wholeListResponse<Key extends WholeListKey>(
  key: Key,
  list: WholeList<WholeListItem<Key>>,
  status: 200 | 201 = 200,
  options: WholeListBodyOptions = {},
): Response {
  return new Response(wholeListBody(key, list, options), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}
