/**
 * Whole-list answers (docs/API.md: lists without `limit`/`cursor`) written as they are read, in
 * bounded memory, whatever the list's length.
 *
 * The order is fixed first, as a list of ids (a few bytes each, one query); the rows are then
 * read, presented and written a batch at a time, each batch only once the client has taken the
 * one before (a pull stream: the Node adapter reads it only while the socket drains). A client
 * that stops reading therefore pins one batch, and one that goes away cancels the stream. The
 * bytes are those `c.json({ [key]: items })` would send.
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

/** Rows read and presented per step: big enough to amortise the queries, small in memory. */
export const WHOLE_LIST_BATCH = 200

const encoder = new TextEncoder()

/** `{"<key>":[item,item,…]}` as a stream of batches. */
export function wholeListBody<Item>(
  key: string,
  list: WholeList<Item>,
  batchSize = WHOLE_LIST_BATCH,
): ReadableStream<Uint8Array> {
  let next = 0
  let wroteItem = false
  let opened = false
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!opened) {
          opened = true
          controller.enqueue(encoder.encode(`{${JSON.stringify(key)}:[`))
          return
        }
        // Skip batches whose rows have all gone, so that every pull writes something.
        while (next < list.ids.length) {
          const items = await list.load(list.ids.slice(next, next + batchSize))
          next += batchSize
          if (items.length === 0) continue
          const json = items.map((item) => JSON.stringify(item)).join(',')
          controller.enqueue(encoder.encode(wroteItem ? `,${json}` : json))
          wroteItem = true
          return
        }
        controller.enqueue(encoder.encode(']}'))
        controller.close()
      },
    },
    // Nothing read ahead: a batch is made only when the consumer asks for it.
    { highWaterMark: 0 },
  )
}

/** The answer whose body is the whole list: the bytes of the shared answer type of `key`. */
export function wholeListResponse<Key extends WholeListKey>(
  key: Key,
  list: WholeList<WholeListItem<Key>>,
  status: 200 | 201 = 200,
): Response {
  return new Response(wholeListBody(key, list), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}
