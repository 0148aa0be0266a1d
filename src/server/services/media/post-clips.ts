/**
 * Clips in posts (docs/API.md "Clips in posts"): a short video checked by its bytes on a worker
 * thread (clip-checks.ts, clip-reader.ts), stored as it was sent without its metadata, beside a poster image. A clip
 * is a `post_media` row like an image's: `media_id` the video, `thumb_id` its poster, `width` and
 * `height` the video's. A post's four slots are shared by images and clips.
 *
 * The poster is the client's: the app draws a frame of the video on a canvas and sends it with
 * the clip (form field `poster`). The server checks and re-encodes it as any image
 * (uploaded-images.ts) at thumbnail size. Without one, or when it cannot be read, the server
 * makes a neutral poster of the clip's shape (a plain dark picture): a poster is never missing.
 */
import { loadSharp } from './sharp'
import type { PostMediaItem } from '../../../shared/api-types'
import type { Store } from '../../db/store'
import { insertRows } from '../../db/raw'
import { media, postMedia } from '../../db/schema'
import { HttpError } from '../../errors/http-error'
import { MESSAGES } from '../../errors/messages'
import type { MediaStorage } from '../../storage/media-storage'
import { ClipError, type CheckedClip, type ClipInfo } from './clip-containers'
import { newMediaId, putThenInsert } from './media'
import { setSetting } from '../writes/settings'
import { withCheckedImage } from './uploaded-images'
import { serverBusy, WorkQueue } from '../../queues/work-queue'

/** The longest side of a poster, as of an image's thumbnail (post-images.ts). */
const POSTER_SIDE = 640
/** A neutral poster's colour: the dark of a card, whatever the theme. */
const NEUTRAL_POSTER = '#1b1d29'

/** The host's limit on a clip's bytes (the Server page): its key in `settings`, and its bounds. */
export const CLIP_MAX_BYTES_KEY = 'clipMaxBytes'
export const CLIP_BYTES = {
  default: 50 * 1024 * 1024,
  min: 1024 * 1024,
  max: 500 * 1024 * 1024,
} as const

export async function setClipMaxBytes(db: Store, bytes: number): Promise<void> {
  await setSetting(db, CLIP_MAX_BYTES_KEY, String(bytes))
}

/** "50 MB": a limit as the messages say it. */
export const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`

/**
 * Clip uploads at once, and waiting: each holds its whole body in memory (up to the host's
 * limit), so few run together; the rest are answered 503 at once rather than piling up.
 */
export const CLIP_UPLOADS_AT_ONCE = 2
export const MAX_WAITING_CLIP_UPLOADS = 2
export const clipUploads = new WorkQueue(CLIP_UPLOADS_AT_ONCE, MAX_WAITING_CLIP_UPLOADS, () =>
  serverBusy(MESSAGES.clipQueueFull),
)

export interface ProcessedClip {
  info: ClipInfo
  bytes: Buffer
  poster: Buffer
}

/**
 * A clip checked on the worker (clip-checks.ts, readClipUpload), or its refusal (INVALID_CLIP
 * with the sentence), and its poster made.
 */
export async function processClip(
  checked: CheckedClip | ClipError,
  poster: Buffer | null,
): Promise<ProcessedClip> {
  if (checked instanceof ClipError) throw new HttpError('INVALID_CLIP', checked.message)
  const { info } = checked
  let posterBytes: Buffer | null = null
  if (poster && poster.length > 0) {
    try {
      posterBytes = await withCheckedImage(poster, (image) =>
        image
          .decode({ firstFrameOnly: true })
          .resize({
            width: POSTER_SIDE,
            height: POSTER_SIDE,
            fit: 'inside',
            withoutEnlargement: true,
          })
          .webp({ quality: 80 })
          .toBuffer(),
      )
    } catch (error) {
      // A busy image queue is the server's state, not the poster's: say so.
      if (error instanceof HttpError && error.code === 'SERVER_BUSY') throw error
      posterBytes = null
    }
  }
  posterBytes ??= await neutralPoster(info.width, info.height)
  return { info, bytes: checked.bytes, poster: posterBytes }
}

/** A plain poster of the clip's shape, at most POSTER_SIDE a side. */
async function neutralPoster(width: number, height: number): Promise<Buffer> {
  const scale = Math.min(1, POSTER_SIDE / Math.max(width, height))
  const sharp = await loadSharp()
  return await sharp({
    create: {
      width: Math.max(1, Math.round(width * scale)),
      height: Math.max(1, Math.round(height * scale)),
      channels: 3,
      background: NEUTRAL_POSTER,
    },
  })
    .webp({ quality: 60 })
    .toBuffer()
}

/** Stores a processed clip and its poster, not attached to a post yet (as storePostImage). */
export async function storePostClip(
  db: Store,
  storage: MediaStorage,
  ownerId: number,
  clip: ProcessedClip,
  now = Date.now(),
): Promise<PostMediaItem> {
  const mediaId = newMediaId()
  const thumbId = newMediaId()
  const video = { id: mediaId, contentType: clip.info.contentType, bytes: clip.bytes }
  const poster = { id: thumbId, contentType: 'image/webp', bytes: clip.poster }
  await putThenInsert(storage, [video, poster], ([videoBytes = null, posterBytes = null]) =>
    db.transaction(async (tx) => {
      await insertRows(tx, media, [
        { ...video, ownerId, bytes: videoBytes, size: video.bytes.length, createdAt: now },
        { ...poster, ownerId, bytes: posterBytes, size: poster.bytes.length, createdAt: now },
      ])
      await insertRows(tx, postMedia, [
        {
          mediaId,
          thumbId,
          ownerId,
          width: clip.info.width,
          height: clip.info.height,
          createdAt: now,
        },
      ])
    }),
  )
  return {
    id: mediaId,
    url: `/api/media/${mediaId}`,
    thumbUrl: `/api/media/${thumbId}`,
    width: clip.info.width,
    height: clip.info.height,
    alt: '',
    kind: 'clip',
  }
}
