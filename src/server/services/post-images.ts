/**
 * Images in posts (docs/API.md "Images in posts"): an upload is checked and re-encoded with sharp
 * (uploaded-images.ts), which drops its metadata (EXIF, GPS, camera), turned upright first from
 * its EXIF orientation, and given a thumbnail. Both land in `media`; a `post_media` row ties them
 * together and, once the post is created, to the post.
 */
import { randomBytes } from 'node:crypto'
import type { PostMediaItem } from '../../shared/api-types'
import { LIMITS } from '../../shared/limits'
import type { Store } from '../db/store'
import { insertRows } from '../db/raw'
import { media, postMedia } from '../db/schema'
import { HttpError } from '../errors/http-error'
import { MESSAGES } from '../errors/messages'
import { reencode, withCheckedImage, type ReencodedImage } from './uploaded-images'

/** The longest side of a thumbnail, in pixels: two columns of a phone-sized card, sharp. */
const THUMB_SIDE = 640

export interface ProcessedImage extends ReencodedImage {
  thumb: Buffer
}

/**
 * Re-encodes an image at its own size without its metadata (uploaded-images.ts, the same checks
 * as a profile picture's) and makes its thumbnail (WebP, the first frame of an animation).
 */
export function processPostImage(input: Buffer): Promise<ProcessedImage> {
  return withCheckedImage(input, async (image) => {
    const full = await reencode(image)
    const thumb = await image
      .decode({ firstFrameOnly: true })
      .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer()
    return { ...full, thumb }
  })
}

const newMediaId = () => randomBytes(12).toString('base64url')

/** Stores a processed image, not attached to any post yet; answers it as a post shows it. */
export async function storePostImage(
  db: Store,
  ownerId: number,
  image: ProcessedImage,
  now = Date.now(),
): Promise<PostMediaItem> {
  const mediaId = newMediaId()
  const thumbId = newMediaId()
  await db.transaction(async (tx) => {
    await insertRows(tx, media, [
      { id: mediaId, ownerId, contentType: image.contentType, bytes: image.bytes, createdAt: now },
      { id: thumbId, ownerId, contentType: 'image/webp', bytes: image.thumb, createdAt: now },
    ])
    await insertRows(tx, postMedia, [
      {
        mediaId,
        thumbId,
        ownerId,
        width: image.width,
        height: image.height,
        createdAt: now,
      },
    ])
  })
  return toItem({ mediaId, thumbId, width: image.width, height: image.height, alt: '' })
}

export interface AttachRequest {
  id: string
  alt: string
}

/**
 * Ties uploaded images to a new post, in order, with their alt texts. Each must be the author's
 * own and not on another post yet. Runs inside the post's creating transaction.
 */
export async function attachPostImages(
  db: Store,
  ownerId: number,
  postId: number,
  images: AttachRequest[],
): Promise<void> {
  if (images.length > LIMITS.postImagesMax)
    throw new HttpError('VALIDATION', MESSAGES.tooManyImages)
  // One after another: this runs on the post's transaction.
  for (const [position, image] of images.entries()) {
    const changed = await db.run(
      `UPDATE post_media SET post_id = ?, position = ?, alt = ?
       WHERE media_id = ? AND owner_id = ? AND post_id IS NULL`,
      postId,
      position,
      image.alt,
      image.id,
      ownerId,
    )
    if (changed !== 1) throw new HttpError('VALIDATION', MESSAGES.imageToAttachNotFound)
  }
}

/** Deletes the image files of these posts (full images and thumbnails). */
export async function deletePostImages(db: Store, postIds: number[]): Promise<void> {
  if (postIds.length === 0) return
  await db.run(
    `DELETE FROM media WHERE id IN (
       SELECT media_id FROM post_media WHERE post_id IN ${db.sql.idSet}
       UNION ALL
       SELECT thumb_id FROM post_media WHERE post_id IN ${db.sql.idSet}
     )`,
    db.sql.ids(postIds),
    db.sql.ids(postIds),
  )
}

interface MediaRow {
  postId: number
  mediaId: string
  thumbId: string
  width: number
  height: number
  alt: string
}

function toItem(row: Omit<MediaRow, 'postId'>): PostMediaItem {
  return {
    id: row.mediaId,
    url: `/api/media/${row.mediaId}`,
    thumbUrl: `/api/media/${row.thumbId}`,
    width: row.width,
    height: row.height,
    alt: row.alt,
  }
}

/**
 * The images of a batch of posts, by post id, in order: one query for the whole batch (pages and
 * each batch of a whole list call it once), never one per post.
 */
export async function loadPostImages(
  db: Store,
  postIds: number[],
): Promise<Map<number, PostMediaItem[]>> {
  const byPost = new Map<number, PostMediaItem[]>()
  if (postIds.length === 0) return byPost
  const rows = await db.all<MediaRow>(
    `SELECT post_id AS "postId", media_id AS "mediaId", thumb_id AS "thumbId", width, height, alt
     FROM post_media WHERE post_id IN ${db.sql.idSet}
     ORDER BY post_id, position`,
    db.sql.ids(postIds),
  )
  for (const row of rows) {
    const list = byPost.get(row.postId)
    if (list) list.push(toItem(row))
    else byPost.set(row.postId, [toItem(row)])
  }
  return byPost
}

/** Whether a post has images (an edit may then leave its text empty). */
export async function postHasImages(db: Store, postId: number): Promise<boolean> {
  return (await db.get('SELECT 1 FROM post_media WHERE post_id = ? LIMIT 1', postId)) !== undefined
}
