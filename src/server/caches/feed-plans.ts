/**
 * Each viewer's home feed plan: whether their feed is dense for a page size (services/reads/
 * posts.ts feedPostRows picks its index by it), kept `FEED_PLAN_MS`. It only picks an index and
 * never changes an answer, so no event drops it.
 */
import { BoundedMap } from './bounded-map'

/** How long a feed's plan is kept. */
const FEED_PLAN_MS = 10_000

export class FeedPlans {
  private readonly plans = new BoundedMap<string, { dense: boolean; until: number }>(5_000)

  /** Whether `viewer`'s feed of `fetch` rows is dense, if that was judged lately. */
  of(viewer: number, fetch: number, now = Date.now()): boolean | undefined {
    const kept = this.plans.get(`${viewer}:${fetch}`)
    return kept && kept.until > now ? kept.dense : undefined
  }

  keep(viewer: number, fetch: number, dense: boolean, now = Date.now()): void {
    this.plans.set(`${viewer}:${fetch}`, { dense, until: now + FEED_PLAN_MS })
  }

  clear(): void {
    this.plans.clear()
  }
}
