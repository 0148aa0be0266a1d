/**
 * Tells the log once when a dependency (the database, Redis, the bucket) is lost and once when it
 * is back, however many requests fail meanwhile, so that an outage is two lines a host can find,
 * not thousands. Redis tells its own (redis/connection.ts, from its client's events); the database
 * has no such events, so a request refused for it marks it lost and the next answer that reached it
 * marks it back.
 */
import { log } from './log'
import { dependencyErrors } from './metrics'

export type Dependency = 'database' | 'redis' | 'bucket'

const lost = new Set<Dependency>()

/** A request found `dependency` out of reach: logged the first time only. */
export function dependencyLost(dependency: Dependency, reason: string): void {
  dependencyErrors.inc({ dependency })
  if (lost.has(dependency)) return
  lost.add(dependency)
  log().warn({ dependency, reason }, `${dependency} lost`)
}

/** A request reached `dependency` again: logged if it was lost. */
export function dependencyBack(dependency: Dependency): void {
  if (!lost.delete(dependency)) return
  log().info({ dependency }, `${dependency} back`)
}

/** Whether `dependency` is lost now (cheap: the request log asks after every answer). */
export const isLost = (dependency: Dependency) => lost.has(dependency)
