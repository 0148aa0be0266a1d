import { afterEach } from 'vitest'
import { describe, expect, it } from '../../helpers/fixtures'
import { loginOver } from '../../helpers/real-login'
import {
  listenForMetrics,
  type MetricsListener,
} from '../../../src/server/observability/metrics-listener'

let metrics: MetricsListener | undefined
afterEach(async () => {
  await metrics?.close()
  metrics = undefined
})

/** The value of one series in Prometheus' text format, or undefined when it is not there. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]),
    )
    if (Object.entries(labels).every(([key, value]) => found[key] === value))
      return Number(match[3])
  }
  return undefined
}

describe('metrics on their own listener', () => {
  it('counts requests per route pattern, times them, and reports streams, queues and Node', async ({
    loopbackServer,
    tempDir,
  }) => {
    const server = await loopbackServer(tempDir)
    const listener = await listenForMetrics('127.0.0.1', 0)
    metrics = listener
    const scrape = async () => (await fetch(listener.url)).text()
    const before = await scrape()
    const route = { method: 'GET', route: '/api/posts/:postId', status: '200' }
    const countBefore = sample(before, 'gamerstage_http_requests_total', route) ?? 0

    for (const id of ['1', '2', '3']) {
      expect((await fetch(`${server.url}/api/posts/${id}`)).status).toBe(200)
    }
    const token = await loginOver(server.url)
    const stream = await fetch(`${server.url}/api/events`, { headers: { authorization: token } })
    expect(stream.status).toBe(200)
    if (!stream.body) throw new Error('The stream has no body')
    const reader = stream.body.getReader()
    await reader.read()

    const after = await scrape()
    expect(sample(after, 'gamerstage_http_requests_total', route)).toBe(countBefore + 3)
    expect(
      sample(after, 'gamerstage_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/posts/:postId',
      }),
    ).toBeGreaterThanOrEqual(3)
    // The path's own values never become labels.
    expect(after).not.toContain('route="/api/posts/1"')
    expect(sample(after, 'gamerstage_live_streams')).toBe(1)
    expect(sample(after, 'gamerstage_open_connections')).toBeGreaterThanOrEqual(1)
    expect(
      sample(after, 'gamerstage_work_queue_jobs', { queue: 'password', state: 'waiting' }),
    ).toBe(0)
    expect(sample(after, 'gamerstage_work_queue_jobs', { queue: 'image', state: 'running' })).toBe(
      0,
    )
    expect(sample(after, 'gamerstage_nodejs_heap_size_used_bytes')).toBeGreaterThan(0)
    expect(after).toContain('gamerstage_nodejs_eventloop_lag_p99_seconds')
    expect(after).toContain('gamerstage_events_published_total')
    expect(after).toContain('gamerstage_db_transaction_retries_total')

    // A published event counts once, and once more per stream it was written to.
    const published = sample(after, 'gamerstage_events_published_total') ?? 0
    const delivered = sample(after, 'gamerstage_events_delivered_total') ?? 0
    server.events.publish('post-deleted', { postId: '999', authorId: '1', authorPostCount: 0 })
    const later = await scrape()
    // At least: the stream's opening may have announced its user's presence meanwhile.
    expect(sample(later, 'gamerstage_events_published_total')).toBeGreaterThanOrEqual(published + 1)
    expect(sample(later, 'gamerstage_events_delivered_total')).toBeGreaterThanOrEqual(delivered + 1)
    await reader.cancel()
  })

  it('answers nothing but GET /metrics', async () => {
    metrics = await listenForMetrics('127.0.0.1', 0)
    expect((await fetch(metrics.url.replace('/metrics', '/api/posts'))).status).toBe(404)
  })
})
