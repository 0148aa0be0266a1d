/**
 * Clips in posts (docs/API.md "Clips in posts"): an upload checked and stored (services/
 * post-clips.ts), and the host's limit on a clip's size, noted in the audit list.
 */
import type { PostMediaItem } from '../../shared/api-types'
import { insertNewRow } from '../db/raw'
import { hostActions } from '../db/schema'
import { megabytes, processClip, setClipMaxBytes, storePostClip } from '../services/post-clips'
import { commit, type Actor, type Live } from './live'

/** A clip for a post, not attached to one yet, with its poster (the client's, or a plain one). */
export async function uploadPostClip(
  live: Live,
  actor: Actor,
  bytes: Buffer,
  poster: Buffer | null,
): Promise<PostMediaItem> {
  const clip = await processClip(bytes, poster)
  return storePostClip(live.db, live.media, actor.id, clip)
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
