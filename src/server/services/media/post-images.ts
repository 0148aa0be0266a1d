/**
 * Images in posts (docs/API.md "Images in posts"): an upload is checked and re-encoded with sharp
 * (uploaded-images.ts), which drops its metadata (EXIF, GPS, camera), turned upright first from
 * its EXIF orientation, and given a thumbnail. Both land in `media` (their bytes in the row or in
 * the bucket: storage/media-storage.ts); a `post_media` row ties them together and, once the post
 * is created, to the post.
 */
import type { PostMediaItem, PostMediaKind } from '../../../shared/api-types'
import { LIMITS } from '../../../shared/limits'
import type { Store } from '../../db/store'
import { insertRows } from '../../db/raw'
import { media, postMedia } from '../../db/schema'
import { HttpError } from '../../errors/http-error'
import { MESSAGES } from '../../errors/messages'
import type { MediaStorage } from '../../storage/media-storage'
import { DRAFT_UPLOAD_TTL_MS, newMediaId, putThenInsert } from './media'
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

/**
 * Stores a processed image, not attached to any post yet; answers it as a post shows it. Both
 * objects are written before the rows that point at them commit (services/media/media.ts,
 * putThenInsert).
 */
export async function storePostImage(
  db: Store,
  storage: MediaStorage,
  ownerId: number,
  image: ProcessedImage,
  now = Date.now(),
): Promise<PostMediaItem> {
  const mediaId = newMediaId()
  const thumbId = newMediaId()
  const full = { id: mediaId, contentType: image.contentType, bytes: image.bytes }
  const thumb = { id: thumbId, contentType: 'image/webp', bytes: image.thumb }
  await putThenInsert(storage, [full, thumb], ([fullBytes = null, thumbBytes = null]) =>
    db.transaction(async (tx) => {
      await insertRows(tx, media, [
        { ...full, ownerId, bytes: fullBytes, size: full.bytes.length, createdAt: now },
        { ...thumb, ownerId, bytes: thumbBytes, size: thumb.bytes.length, createdAt: now },
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
    }),
  )
  return toItem({
    mediaId,
    thumbId,
    width: image.width,
    height: image.height,
    alt: '',
    contentType: image.contentType,
  })
}

export interface AttachRequest {
  id: string
  alt: string
}

/**
 * Ties uploaded images to a new post, in order, with their alt texts. Each must be the author's
 * own, not on another post yet, and uploaded within DRAFT_UPLOAD_TTL_MS (older, the sweep may
 * take it at any moment: services/media/media.ts). Those that are not are named all at once, by id
 * (`MEDIA_GONE`, `missingMedia`): a draft kept past a week, or opened after its uploads went,
 * learns which to remove. Runs inside the post's creating transaction.
 */
export async function attachPostImages(
  db: Store,
  ownerId: number,
  postId: number,
  images: AttachRequest[],
  now = Date.now(),
): Promise<void> {
  if (images.length > LIMITS.postImagesMax)
    throw new HttpError('VALIDATION', MESSAGES.tooManyImages)
  await attachUploads(db, ownerId, { column: 'post_id', id: postId }, images, now)
}

/**
 * Ties uploads to a post or to a conversation's message (message-media.ts), by the rules of
 * attachPostImages: an upload goes to one of them only, once.
 */
export async function attachUploads(
  db: Store,
  ownerId: number,
  target: { column: 'post_id' | 'message_id'; id: number },
  images: AttachRequest[],
  now = Date.now(),
): Promise<void> {
  if (images.length === 0) return
  const draftsSince = now - DRAFT_UPLOAD_TTL_MS
  const attachable = new Set(
    (
      await db.all<{ id: string }>(
        `SELECT media_id AS id FROM post_media
         WHERE media_id IN ${db.sql.textSet} AND owner_id = ? AND ${UNATTACHED}
           AND created_at >= ?`,
        db.sql.texts(images.map((image) => image.id)),
        ownerId,
        draftsSince,
      )
    ).map((row) => row.id),
  )
  const missing = images.map((image) => image.id).filter((id) => !attachable.has(id))
  if (missing.length > 0) throw mediaGone(missing)
  // One after another: this runs on the post's or message's transaction.
  for (const [position, image] of images.entries()) {
    const changed = await db.run(
      `UPDATE post_media SET ${target.column} = ?, position = ?, alt = ?
       WHERE media_id = ? AND owner_id = ? AND ${UNATTACHED}`,
      target.id,
      position,
      image.alt,
      image.id,
      ownerId,
    )
    // Taken by another post or message between the read and here (PostgreSQL: another transaction).
    if (changed !== 1) throw mediaGone([image.id])
  }
}

/** An upload on neither a post nor a message yet. */
const UNATTACHED = 'post_id IS NULL AND message_id IS NULL'

const mediaGone = (missingMedia: string[]) =>
  new HttpError('MEDIA_GONE', MESSAGES.mediaGone, {}, { missingMedia })

/**
 * Deletes the media rows attached to these posts or messages (`owner`: full files and
 * thumbnails or posters) and answers their ids: their stored objects are the command's to delete
 * once this commits (services/media/media.ts, removeStoredObjects).
 */
export async function deleteAttachedMedia(
  db: Store,
  owner: 'post_id' | 'message_id',
  ids: number[],
): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await db.all<{ id: string }>(
    `DELETE FROM media WHERE id IN (
       SELECT media_id FROM post_media WHERE ${owner} IN ${db.sql.idSet}
       UNION ALL
       SELECT thumb_id FROM post_media WHERE ${owner} IN ${db.sql.idSet}
     ) RETURNING id`,
    db.sql.ids(ids),
    db.sql.ids(ids),
  )
  return rows.map((row) => row.id)
}

/** The images and clips of these posts, as deleteAttachedMedia deletes them. */
export function deletePostImages(db: Store, postIds: number[]): Promise<string[]> {
  return deleteAttachedMedia(db, 'post_id', postIds)
}

export interface MediaRow {
  postId: number
  mediaId: string
  thumbId: string
  width: number
  height: number
  alt: string
  /** The full media's type: what `kind` says. */
  contentType: string
}

/** What a media item is, from its stored type: a clip is a video. */
export function mediaKindOf(contentType: string): PostMediaKind {
  if (contentType.startsWith('video/')) return 'clip'
  return contentType === 'image/gif' ? 'gif' : 'image'
}

export function toItem(row: Omit<MediaRow, 'postId'>): PostMediaItem {
  return {
    id: row.mediaId,
    url: `/api/media/${row.mediaId}`,
    thumbUrl: `/api/media/${row.thumbId}`,
    width: row.width,
    height: row.height,
    alt: row.alt,
    kind: mediaKindOf(row.contentType),
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
    `SELECT pm.post_id AS "postId", pm.media_id AS "mediaId", pm.thumb_id AS "thumbId",
       pm.width, pm.height, pm.alt, m.content_type AS "contentType"
     FROM post_media pm JOIN media m ON m.id = pm.media_id
     WHERE pm.post_id IN ${db.sql.idSet}
     ORDER BY pm.post_id, pm.position`,
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
