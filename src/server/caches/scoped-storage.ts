/**
 * An AsyncLocalStorage that is switched on only while one of its `run`s is under way.
 *
 * Under Node 20 an AsyncLocalStorage, once used, stays on: from then on every promise, tick and
 * handle the process makes goes through its hook, which copies the store onto it. On a kept
 * answer at the door (http/kept-answer-door.ts), which needs no store, that was about a tenth of
 * its CPU, and the objects it grew made Node's own code take slow paths (docs/PERFORMANCE.md, "The
 * caches' async storage"). Here the storage is switched off again whenever no `run` is under way:
 * only fills and the fresh reads after a commit pay for it. Switching it on and off costs about a
 * microsecond.
 *
 * What a `run` starts and does not wait for sees the store only while some run is still under way:
 * every user here waits for all its work (a fill for its answer, a command for its events).
 */
import { AsyncLocalStorage } from 'node:async_hooks'

export class ScopedStorage<Store> {
  private readonly storage = new AsyncLocalStorage<Store>()
  private running = 0

  /** Runs `work` (and what it waits for) with `store` as `getStore()`'s answer. */
  run<Result>(store: Store, work: () => Result): Result {
    this.running++
    let result: Result
    try {
      result = this.storage.run(store, work)
    } catch (error) {
      this.ended()
      throw error
    }
    if (result instanceof Promise) return result.finally(() => this.ended()) as Result
    this.ended()
    return result
  }

  /** The store of the run under way here, if any. */
  getStore(): Store | undefined {
    return this.storage.getStore()
  }

  private ended(): void {
    this.running--
    if (this.running === 0) this.storage.disable()
  }
}
