/**
 * Unused uploads removed now and then: a few seconds after a start (what a draft left a week
 * ago, once the server is listening and its first requests are answered), then every hour.
 */
import type { Store } from '../db/store'
import { log } from '../observability/log'
import { sweepUnusedMedia } from '../services/media/media'
import { StorageUnavailableError, type MediaStorage } from '../storage/media-storage'

const MEDIA_SWEEP_EVERY_MS = 60 * 60_000
const FIRST_MEDIA_SWEEP_MS = 5_000

/**
 * Removes unused uploads now and then (services/media/media.ts), on unref'd timers. Answers how to
 * stop: no sweep starts after it, and it settles once the one under way ended, so that the store
 * is closed under no statement.
 */
export function sweepMediaEveryHour(db: Store, media: MediaStorage): () => Promise<void> {
  let running: Promise<void> | null = null
  const sweep = () => {
    // A sweep slower than the hour (a huge PostgreSQL table) is not run twice at once.
    running ??= sweepUnusedMedia(db, Date.now(), media)
      .then(
        () => undefined,
        (error: unknown) =>
          // The storage's own sentence says where and why; anything else keeps its stack.
          error instanceof StorageUnavailableError
            ? log().error({ reason: error.message }, 'could not remove unused uploads')
            : log().error({ err: error }, 'could not remove unused uploads'),
      )
      .finally(() => (running = null))
  }
  const first = setTimeout(sweep, FIRST_MEDIA_SWEEP_MS).unref()
  const every = setInterval(sweep, MEDIA_SWEEP_EVERY_MS).unref()
  return async () => {
    clearTimeout(first)
    clearInterval(every)
    await running
  }
}
