/**
 * The read caches' hits and misses in the metrics: known requests, then the
 * counts `/metrics` shows for them, part by part (caches/, observability/metrics.ts).
 */
import { afterEach } from 'vitest'
import { ReadCache } from '../../../src/server/caches/read-cache'
import {
  listenForMetrics,
  type MetricsListener,
} from '../../../src/server/observability/metrics-listener'
import { seededToken } from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'

let metrics: MetricsListener | undefined
afterEach(async () => {
  await metrics?.close()
  metrics = undefined
})

/** Every `gamerstage_cache_lookups_total` series, as `part result` → count. */
function lookups(text: string): Map<string, number> {
  const counts = new Map<string, number>()
  for (const match of text.matchAll(
    /^gamerstage_cache_lookups_total\{cache="(\w+)",result="(\w+)"\} (\d+)$/gm,
  )) {
    counts.set(`${match[1]} ${match[2]}`, Number(match[3]))
  }
  return counts
}

/** What changed between two scrapes, leaving out what did not. */
function changes(before: Map<string, number>, after: Map<string, number>): Record<string, number> {
  const changed: Record<string, number> = {}
  for (const [series, count] of after) {
    const delta = count - (before.get(series) ?? 0)
    if (delta !== 0) changed[series] = delta
  }
  return changed
}

describe('cache hits in the metrics', () => {
  it('counts each read cache part’s hits and misses after known requests', async ({ makeApp }) => {
    // Long lives, so that a slow machine cannot let an answer or a session run out in between.
    const app = await makeApp({ readCache: new ReadCache({ answerMs: 60_000, sessionMs: 60_000 }) })
    const listener = await listenForMetrics('127.0.0.1', 0)
    metrics = listener
    const scrape = async () => lookups(await (await fetch(listener.url)).text())
    const start = await scrape()
    // Both series of every part are there from the start, before any lookup of theirs.
    for (const part of [
      'answers',
      'sessions',
      'summaries',
      'post_images',
      'post_shared',
      'visibility',
      'post_rows',
      'viewer_states',
      'timelines',
    ]) {
      expect(start.has(`${part} hit`), part).toBe(true)
      expect(start.has(`${part} miss`), part).toBe(true)
    }

    // The same post page three times, nobody signed in: made once, then answered as kept.
    for (let time = 0; time < 3; time++) {
      expect((await app.request('/api/posts/1')).status).toBe(200)
    }
    const anonymous = await scrape()
    const first = changes(start, anonymous)
    expect(first['answers miss']).toBe(1)
    expect(first['answers hit']).toBe(2)
    // Presented once: its parts read from the database then (misses), none found kept.
    const summariesRead = first['summaries miss'] ?? 0
    expect(summariesRead).toBeGreaterThan(0)
    expect(first['post_images miss']).toBe(1)
    expect(first['post_shared miss']).toBe(1)
    expect(
      Object.keys(first).filter((series) => /^(summaries|post_\w+) hit$/.test(series)),
    ).toEqual([])

    // Another address of the same post: no kept answer, but its parts are all kept now.
    expect((await app.request('/api/posts/1?again')).status).toBe(200)
    const again = changes(anonymous, await scrape())
    expect(again['answers miss']).toBe(1)
    expect(again['summaries hit']).toBe(summariesRead)
    expect(again['post_images hit']).toBe(1)
    expect(again['post_shared hit']).toBe(1)
    expect(again['summaries miss']).toBeUndefined()
    const beforeSignIn = await scrape()

    // Signed in, three times: the session is read once, then kept.
    const { token } = await seededToken()
    for (let time = 0; time < 3; time++) {
      const answer = await app.request('/api/posts/1', { headers: { authorization: token } })
      expect(answer.status).toBe(200)
    }
    const signedIn = changes(beforeSignIn, await scrape())
    expect(signedIn['sessions miss']).toBe(1)
    expect(signedIn['sessions hit']).toBe(2)
    expect(signedIn['answers miss']).toBe(1)
    expect(signedIn['answers hit']).toBe(2)
    // The viewer's own state of the post (their like, their vote), read once for their page.
    expect(signedIn['viewer_states miss']).toBe(1)
  })
})
