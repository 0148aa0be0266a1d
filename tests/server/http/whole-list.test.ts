/**
 * Whole-list answers stream a batch at a time (src/server/http/whole-list.ts): the same bytes as one
 * JSON document, nothing read ahead of the client, nothing read after it leaves.
 */
import { createPost } from '../../../src/server/services/writes/new-posts'
import { presentPosts } from '../../../src/server/services/presenting/posts'
import { allPostIds, postsByIds } from '../../../src/server/services/reads/posts'
import {
  nextBatchSize,
  wholeListBody,
  WHOLE_LIST_BATCH,
  WHOLE_LIST_STEP_MS,
  type WholeList,
} from '../../../src/server/http/whole-list'
import { describe, expect, it } from '../../helpers/fixtures'

/** A list of `count` items whose loads are counted; `gone` ids have no row any more. */
function countedList(count: number, gone = new Set<number>()) {
  const loads: number[][] = []
  const list: WholeList<{ id: number; name: string }> = {
    ids: Array.from({ length: count }, (_, index) => index + 1),
    load: async (ids) => {
      loads.push(ids)
      return ids.filter((id) => !gone.has(id)).map((id) => ({ id, name: `item "${id}"` }))
    },
  }
  return { list, loads }
}

const text = (stream: ReadableStream<Uint8Array>) => new Response(stream).text()

describe('wholeListBody', () => {
  it.each([0, 1, 9, 10, 11, 35])('writes %i items as one JSON document', async (count) => {
    const { list } = countedList(count)
    const expected = JSON.stringify({ items: await list.load(list.ids) })
    expect(await text(wholeListBody('items', list, { batchSize: 10 }))).toBe(expected)
  })

  it('leaves out rows removed since the order was read, whole batches included', async () => {
    const gone = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 30])
    const { list } = countedList(30, gone)
    const body = JSON.parse(await text(wholeListBody('items', list, { batchSize: 10 }))) as {
      items: { id: number }[]
    }
    expect(body.items.map((item) => item.id)).toEqual(list.ids.filter((id) => !gone.has(id)))
  })

  it('reads a batch only when the client asks for one', async () => {
    const { list, loads } = countedList(1000)
    const reader = wholeListBody('items', list, { batchSize: 10 }).getReader()
    // Nothing is read before the first request for data.
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(loads).toHaveLength(0)
    await reader.read() // the opening `{"items":[`
    await reader.read() // the first batch
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(loads).toHaveLength(1)
    await reader.read()
    expect(loads).toHaveLength(2)
    // A client that goes away stops the reading.
    await reader.cancel()
    expect(loads).toHaveLength(2)
  })
})

describe('a whole list under way', () => {
  it('lets the timers and I/O of other requests run between its batches', async ({ app }) => {
    const { id } = await app.signup('streamer')
    for (let index = 0; index < 300; index++) {
      await createPost(app.db, Number(id), `post number ${index}`, Date.now() + index * 1000)
    }
    const response = await app.get('/api/posts')
    const reader = response.body?.getReader()
    if (!reader) throw new Error('No body')
    // Read as fast as a socket that takes every write: without turns the whole list went out
    // in one go (SQLite answers at once), and a timer due now waited until it had all gone.
    let chunks = 0
    let chunksWhenTimerRan: number | null = null
    setTimeout(() => (chunksWhenTimerRan = chunks), 0)
    for (;;) {
      const { done } = await reader.read()
      if (done) break
      chunks += 1
    }
    expect(chunksWhenTimerRan).not.toBeNull()
    expect(chunksWhenTimerRan).toBeLessThan(chunks)
  })

  it('sizes its steps by time: smaller after a slow one, at most doubled after a quick one', () => {
    expect(nextBatchSize(200, WHOLE_LIST_STEP_MS * 10)).toBe(20)
    expect(nextBatchSize(20, WHOLE_LIST_STEP_MS)).toBe(20)
    expect(nextBatchSize(20, 0)).toBe(40)
    expect(nextBatchSize(150, 0)).toBe(WHOLE_LIST_BATCH.most)
    // A single row slower than a step (a post with thousands of likers) still makes progress.
    expect(nextBatchSize(1, 1000)).toBe(1)
  })
})

describe('whole-list routes', () => {
  it('answer every post of a list longer than a batch, in order, as the JSON of the list', async ({
    app,
  }) => {
    const { id } = await app.signup('streamer')
    for (let index = 0; index < 450; index++) {
      await createPost(app.db, Number(id), `post number ${index}`, Date.now() + (index + 1) * 1000)
    }
    const response = await app.get('/api/posts')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const body = await response.text()
    const ids = await allPostIds(app.db)
    const expected = JSON.stringify({
      posts: await presentPosts(app.db, await postsByIds(app.db, ids), {
        detail: 'full',
        viewerId: null,
      }),
    })
    expect(body).toBe(expected)
    const posts = (JSON.parse(body) as { posts: { content: string }[] }).posts
    expect(posts).toHaveLength(455) // and the demo's five
    expect(posts[0]?.content).toBe('post number 449')
  })

  it.for<[string, string]>([
    ['/api/posts?sort=likes', 'posts'],
    ['/api/posts/user/player1', 'posts'],
    ['/api/users', 'users'],
    ['/api/comments/1', 'comments'],
  ])('%s answers a whole list under "%s"', async ([path, key], { app }) => {
    const response = await app.get(path)
    expect(response.status).toBe(200)
    const body = (await response.json()) as Record<string, unknown[]>
    expect(Object.keys(body)).toEqual([key])
    expect(body[key]?.length).toBeGreaterThan(0)
  })

  it('answers the bookmarks whole, newest saved first, and after a bookmark mutation', async ({
    app,
  }) => {
    const { token } = await app.loginDemo()
    expect((await app.send('/api/users/bookmark/2', {}, { token })).status).toBe(200)
    const added = await app.send('/api/users/bookmark/4', {}, { token })
    expect(added.status).toBe(200)
    const afterAdd = (await added.json()) as { bookmarks: { id: string }[] }
    expect(afterAdd.bookmarks.map((post) => post.id)).toEqual(['4', '2'])
    const listed = (await (await app.get('/api/users/bookmark', token)).json()) as {
      bookmarks: { id: string }[]
    }
    expect(listed).toEqual(afterAdd)
  })
})
