/**
 * The readiness answer (`GET /api/health/ready`): whether this instance can serve now,
 * checked against each dependency it has: the database always, the bucket and Redis when
 * configured. `/api/health` stays the cheap liveness answer (it touches nothing); this one asks
 * each dependency one trivial question, each bounded in time, all at once.
 */
import type { Store } from '../db/store'
import type { MediaStorage } from '../storage/media-storage'

export type DependencyName = 'database' | 'redis' | 'bucket'

export interface ReadinessCheck {
  name: DependencyName
  /** Resolves when the dependency answered; rejects (or times out) when it did not. */
  check(): Promise<unknown>
}

export interface ReadinessAnswer {
  status: 'ready' | 'not ready'
  checks: Partial<Record<DependencyName, 'ok' | string>>
}

/** A dependency slower than this counts as down: a load balancer's probe must not hang. */
export const READINESS_TIMEOUT_MS = 2000

/** An id no upload has (ids are random hex): a HEAD of it answers "none" from a live bucket. */
const PROBE_ID = 'readiness-probe'

/** The database's and the bucket's checks; Redis' comes from the cluster link (server.ts). */
export function storeChecks(db: Store, media: MediaStorage): ReadinessCheck[] {
  const checks: ReadinessCheck[] = [{ name: 'database', check: () => db.get('SELECT 1 AS one') }]
  if (media.kind !== 'database') checks.push({ name: 'bucket', check: () => media.head(PROBE_ID) })
  return checks
}

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

/** Asks every dependency at once; a failed one is named with its reason (no address, no key). */
export async function checkReadiness(
  checks: readonly ReadinessCheck[],
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<ReadinessAnswer> {
  const results = await Promise.allSettled(
    checks.map(({ check }) => withinTime(Promise.resolve().then(check), timeoutMs)),
  )
  const answer: ReadinessAnswer = { status: 'ready', checks: {} }
  checks.forEach(({ name }, index) => {
    const result = results[index]
    if (!result) return
    if (result.status === 'fulfilled') {
      answer.checks[name] = 'ok'
    } else {
      answer.status = 'not ready'
      const reason = (result.reason as Error)?.message ?? String(result.reason)
      answer.checks[name] = reason.split('\n')[0] ?? reason
    }
  })
  return answer
}
