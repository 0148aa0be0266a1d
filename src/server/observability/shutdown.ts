/**
 * Stopping on SIGINT and SIGTERM: logged when it starts and when it ends. `stop` drains
 * (server.ts' close: readiness says "stopping", live streams end with a reconnect hint, running
 * requests finish within the listener's grace period, then the store closes); the process exits
 * 0 once it did, 1 if it failed.
 */
import { log } from './log'

export function stopOnSignals(stop: () => Promise<void>): void {
  let stopping = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    log().info({ signal }, `${signal}: stopping…`)
    stop().then(
      () => {
        log().info('stopped')
        process.exit(0)
      },
      (error: unknown) => {
        log().error({ err: error }, 'could not stop cleanly')
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
}
