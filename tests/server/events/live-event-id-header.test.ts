/**
 * Every API answer carries `X-Live-Event-Id`, the live stream's latest event when the answer was
 * read (docs/API.md "Live events"), so a client can start its stream there and miss nothing.
 */
import type { PostResponse } from '../../../src/shared/api-types'
import { LIVE_EVENT_ID_HEADER } from '../../../src/shared/live-event-id'
import { ok } from '../../helpers/api'
import { readEvents } from '../../helpers/sse'
import { describe, expect, it } from '../../helpers/fixtures'

describe('X-Live-Event-Id', () => {
  it("equals the hub's latest id on answers, refusals and unknown routes alike", async ({
    app,
  }) => {
    const alice = await app.signup('alice')
    const before = app.events.lastEventId
    const feed = await app.get('/api/posts?limit=5', alice.token)
    expect(feed.status).toBe(200)
    expect(feed.headers.get(LIVE_EVENT_ID_HEADER)).toBe(before)
    expect(before).toMatch(/^[0-9a-f]+-\d+$/)

    await ok<PostResponse>(
      app.send('/api/posts', { postData: { content: 'moves the id' } }, alice),
      201,
    )
    const after = app.events.lastEventId
    expect(after).not.toBe(before)
    const refused = await app.get('/api/posts/999999', alice.token)
    expect(refused.status).toBe(404)
    expect(refused.headers.get(LIVE_EVENT_ID_HEADER)).toBe(after)
    const unknown = await app.get('/api/no-such-call')
    expect(unknown.headers.get(LIVE_EVENT_ID_HEADER)).toBe(after)
  })

  it('is the id from before a write: its own event is replayed to a stream started there', async ({
    app,
  }) => {
    const alice = await app.signup('alice')
    const written = await app.send(
      '/api/posts',
      { postData: { content: 'read at the id before me' } },
      { ...alice, headers: { prefer: 'return=minimal' } },
    )
    const mark = written.headers.get(LIVE_EVENT_ID_HEADER)
    const { post } = await ok<PostResponse>(Promise.resolve(written), 201)
    expect(mark).not.toBe(app.events.lastEventId)
    const stream = readEvents(
      await app.request('/api/events', {
        headers: { authorization: alice.token, 'last-event-id': mark ?? '' },
      }),
    )
    try {
      expect((await stream.next('post')).data.post._id).toBe(post._id)
      await stream.next('ready')
    } finally {
      await stream.close()
    }
  })

  it("is readable by a friend's app window: CORS exposes it", async ({ app }) => {
    const response = await app.request('/api/posts?limit=1', {
      headers: { origin: 'http://127.0.0.1:51234' },
    })
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:51234')
    const exposed = response.headers.get('access-control-expose-headers')?.toLowerCase() ?? ''
    expect(exposed.split(/,\s*/)).toContain(LIVE_EVENT_ID_HEADER.toLowerCase())
    expect(response.headers.get(LIVE_EVENT_ID_HEADER)).toBe(app.events.lastEventId)
  })
})
