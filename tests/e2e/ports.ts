/**
 * The ports of each Playwright worker's servers. `E2E_PORT_BASE` (default 4598) moves them all,
 * so that two checkouts on one machine can run their browser suites side by side: worker n (its
 * `parallelIndex`) uses the PORTS_PER_WORKER ports from base + n·PORTS_PER_WORKER on, so a
 * checkout with two workers needs base … base + 11 to itself.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 4598)

export const PORTS_PER_WORKER = 6

export interface WorkerPorts {
  /** The server started with --no-demo (fixtures.ts). */
  empty: number
  /** The demo server (seeded), every test's baseURL (fixtures.ts). */
  demo: number
  /** The server lan-name.spec.ts starts, answering to a LAN name. */
  named: number
  /** The server security.spec.ts starts, with a low post limit. */
  limited: number
  /** The server remote.spec.ts stops and starts again ("server gone"). */
  gone: number
  /**
   * A server a test starts empty for itself, where what it checks must not depend on what the
   * worker's earlier tests left on the shared ones (who-to-follow.spec.ts).
   */
  fresh: number
}

export function workerPorts(parallelIndex: number): WorkerPorts {
  const first = base + parallelIndex * PORTS_PER_WORKER
  return {
    empty: first,
    demo: first + 1,
    named: first + 2,
    limited: first + 3,
    gone: first + 4,
    fresh: first + 5,
  }
}
