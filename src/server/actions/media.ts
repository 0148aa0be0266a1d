/** Uploaded images (docs/security.md, docs/API.md "Images in posts"), re-encoded, then stored. */
import type { PostMediaItem } from '../../shared/api-types'
import { processAvatar, storeImage } from '../services/media/media'
import { processPostImage, storePostImage } from '../services/media/post-images'
import type { Actor, Live } from './live'

/** A profile picture: answers its media id. */
export async function uploadAvatar(live: Live, actor: Actor, bytes: Buffer): Promise<string> {
  const avatar = await processAvatar(bytes)
  return storeImage(live.db, actor.id, avatar.bytes, Date.now(), live.media)
}

/** An image for a post, not attached to one yet, with its thumbnail. */
export async function uploadPostImage(
  live: Live,
  actor: Actor,
  bytes: Buffer,
): Promise<PostMediaItem> {
  const image = await processPostImage(bytes)
  return storePostImage(live.db, live.media, actor.id, image)
}
