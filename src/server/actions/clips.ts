/**
 * Clips in posts (docs/API.md "Clips in posts"): an upload checked and stored (services/
 * post-clips.ts), and the host's limit on a clip's size, noted in the audit list.
 */
import type { PostMediaItem } from '../../shared/api-types'
import { insertNewRow } from '../db/raw'
import { hostActions } from '../db/schema'
import { HttpError } from '../errors/http-error'
import { MESSAGES } from '../errors/messages'
import { LIMITS } from '../../shared/limits'
import { readClipUpload } from '../services/media/clip-checks'
import {
  clipUploads,
  megabytes,
  processClip,
  setClipMaxBytes,
  storePostClip,
} from '../services/media/post-clips'
import { commit, type Actor, type Live } from './live'

/** The refusal of a clip past the host's limit. */
export const clipTooLarge = (maxBytes: number) =>
  new HttpError('TOO_LARGE', `The clip is too large (at most ${megabytes(maxBytes)}).`)

/**
 * A clip for a post, not attached to one yet, with its poster (the client's, or a plain one).
 * `receive` gives the upload's body once its turn came: few clips are held in memory at once
 * (clipUploads), the rest are answered 503. The body goes to the clip worker as it arrives, which
 * takes it apart and checks the clip (services/media/clip-checks.ts); its bytes count against the uploader's allowance
 * (`countBytes`) before the clip is refused or stored.
 */
export async function uploadPostClip(
  live: Live,
  actor: Actor,
  upload: {
    maxBytes: number
    receive: () => { body: AsyncIterable<Uint8Array>; contentType: string }
    countBytes: (bytes: number) => Promise<void>
  },
): Promise<PostMediaItem> {
  return clipUploads.run(async () => {
    const { body, contentType } = upload.receive()
    const read = await readClipUpload(body, contentType, {
      maxBytes: upload.maxBytes,
      posterMaxBytes: LIMITS.imageBytes,
    })
    if (read.kind === 'missing') throw new HttpError('VALIDATION', MESSAGES.missingClip)
    if (read.kind === 'tooLarge') throw clipTooLarge(upload.maxBytes)
    await upload.countBytes(read.fileSize + read.posterSize)
    const clip = await processClip(read.clip, read.poster)
    return storePostClip(live.db, live.media, actor.id, clip)
  })
}

/** The host sets the largest clip the server takes; the audit list says who and to what. */
export async function setClipLimit(live: Live, host: Actor, maxBytes: number): Promise<void> {
  await commit(live, async (tx) => {
    await setClipMaxBytes(tx, maxBytes)
    await insertNewRow(tx, hostActions, {
      hostId: host.id,
      hostName: host.username,
      action: 'set-clip-limit',
      targetUserId: null,
      targetName: megabytes(maxBytes),
      createdAt: Date.now(),
    })
  })
}
