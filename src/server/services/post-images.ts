/**
 * Images in posts (docs/API.md "Images in posts"): an upload is re-encoded with sharp, which drops
 * its metadata (EXIF, GPS, camera), turned upright first from its EXIF orientation, and given a
 * thumbnail. Both land in `media`; a `post_media` row ties them together and, once the post is
 * created, to the post.
 */
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import type { PostMediaItem } from '../../shared/api-types'
import { LIMITS } from '../../shared/limits'
import type { Db } from '../db/client'
import { idList, selectAll } from '../db/raw'
import { media, postMedia } from '../db/schema'
import { HttpError } from '../errors'
import { MESSAGES } from '../messages'
import { sniffImageType, type ImageType } from './media'

/** The longest side of a thumbnail, in pixels: two columns of a phone-sized card, sharp. */
const THUMB_SIDE = 640
/** Decoding bombs: a small file that claims to be a huge picture is refused. */
const MAX_INPUT_PIXELS = 50_000_000

export interface ProcessedImage {
  contentType: ImageType
  bytes: Buffer
  width: number
  height: number
  thumb: Buffer
}

/** Re-encodes an image without its metadata and makes its thumbnail (WebP). */
export async function processPostImage(input: Buffer): Promise<ProcessedImage> {
  const contentType = sniffImageType(input)
  if (!contentType) throw new HttpError('INVALID_IMAGE', MESSAGES.notAnImage)
  const animated = contentType === 'image/gif' || contentType === 'image/webp'
  try {
    // rotate() with no angle applies the EXIF orientation, so dropping the EXIF keeps it upright.
    const pipeline = sharp(input, { animated, limitInputPixels: MAX_INPUT_PIXELS }).rotate()
    const encoded =
      contentType === 'image/png'
        ? pipeline.png()
        : contentType === 'image/jpeg'
          ? pipeline.jpeg({ quality: 90 })
          : contentType === 'image/webp'
            ? pipeline.webp({ quality: 90 })
            : pipeline.gif()
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
    const thumb = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
      .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer()
    // An animation's height counts every frame; one frame's is what a reader sees.
    const height = info.pageHeight ?? info.height
    return { contentType, bytes: data, width: info.width, height, thumb }
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new HttpError('INVALID_IMAGE', MESSAGES.imageTooManyPixels)
    }
    throw new HttpError('INVALID_IMAGE', MESSAGES.imageUnreadable)
  }
}

const newMediaId = () => randomBytes(12).toString('base64url')

/** Stores a processed image, not attached to any post yet; answers it as a post shows it. */
export function storePostImage(
  db: Db,
  ownerId: number,
  image: ProcessedImage,
  now = Date.now(),
): PostMediaItem {
  const mediaId = newMediaId()
  const thumbId = newMediaId()
  db.transaction(() => {
    db.insert(media)
      .values({
        id: mediaId,
        ownerId,
        contentType: image.contentType,
        bytes: image.bytes,
        createdAt: now,
      })
      .run()
    db.insert(media)
      .values({
        id: thumbId,
        ownerId,
        contentType: 'image/webp',
        bytes: image.thumb,
        createdAt: now,
      })
      .run()
    db.insert(postMedia)
      .values({
        mediaId,
        thumbId,
        ownerId,
        width: image.width,
        height: image.height,
        createdAt: now,
      })
      .run()
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
export function attachPostImages(
  db: Db,
  ownerId: number,
  postId: number,
  images: AttachRequest[],
): void {
  if (images.length > LIMITS.postImagesMax)
    throw new HttpError('VALIDATION', MESSAGES.tooManyImages)
  images.forEach((image, position) => {
    const changed = selectAll<{ mediaId: string }>(
      db,
      `UPDATE post_media SET post_id = ?, position = ?, alt = ?
       WHERE media_id = ? AND owner_id = ? AND post_id IS NULL RETURNING media_id AS mediaId`,
      postId,
      position,
      image.alt,
      image.id,
      ownerId,
    )
    if (changed.length !== 1) throw new HttpError('VALIDATION', MESSAGES.imageToAttachNotFound)
  })
}

/** Deletes the image files of these posts (full images and thumbnails). */
export function deletePostImages(db: Db, postIds: number[]): void {
  if (postIds.length === 0) return
  selectAll(
    db,
    `DELETE FROM media WHERE id IN (
       SELECT media_id FROM post_media WHERE post_id IN (SELECT value FROM json_each(?))
       UNION ALL
       SELECT thumb_id FROM post_media WHERE post_id IN (SELECT value FROM json_each(?))
     ) RETURNING id`,
    idList(postIds),
    idList(postIds),
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
export function loadPostImages(db: Db, postIds: number[]): Map<number, PostMediaItem[]> {
  const byPost = new Map<number, PostMediaItem[]>()
  if (postIds.length === 0) return byPost
  const rows = selectAll<MediaRow>(
    db,
    `SELECT post_id AS postId, media_id AS mediaId, thumb_id AS thumbId, width, height, alt
     FROM post_media WHERE post_id IN (SELECT value FROM json_each(?))
     ORDER BY post_id, position`,
    idList(postIds),
  )
  for (const row of rows) {
    const list = byPost.get(row.postId)
    if (list) list.push(toItem(row))
    else byPost.set(row.postId, [toItem(row)])
  }
  return byPost
}

/** Whether a post has images (an edit may then leave its text empty). */
export function postHasImages(db: Db, postId: number): boolean {
  return selectAll(db, `SELECT 1 FROM post_media WHERE post_id = ? LIMIT 1`, postId).length > 0
}
