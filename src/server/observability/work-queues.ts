/**
 * The work queues the metrics report (gamerstage_work_queue_jobs): the password hashes, image
 * decoding, clip uploads and clip checks. Loaded with the metrics listener only.
 */
import { hashQueue } from '../auth/password'
import { clipChecks } from '../services/media/clip-checks'
import { clipUploads } from '../services/media/post-clips'
import { imageJobs } from '../services/media/uploaded-images'
import { watchQueue } from './metrics'

/** Registers every work queue of the app with the metrics. */
export function watchWorkQueues(): void {
  watchQueue('password', hashQueue)
  watchQueue('image', imageJobs)
  watchQueue('clip-upload', clipUploads)
  watchQueue('clip-check', clipChecks)
}
