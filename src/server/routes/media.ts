import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { LIMITS } from '../../shared/limits'
import { requireUser, type AppDeps, type AppEnv } from '../http/context'
import { imageUploadGuards, MULTIPART_OVERHEAD } from '../http/image-upload'
import { HttpError } from '../errors/http-error'
import { MESSAGES } from '../errors/messages'
import { liveOf } from '../actions/live'
import { uploadAvatar, uploadPostImage } from '../actions/media'
import { clipTooLarge, uploadPostClip } from '../actions/clips'
import { getClipLimit } from '../services/reads/clip-limit'
import { getClipMaxBytes } from '../services/reads/clip-limit'
import { DEFAULT_AVATAR_SVG } from '../services/reads/media'
import { getMediaRange } from '../services/reads/media'
import { parseRange } from '../services/reads/media'
import { getImage } from '../services/reads/media'
import { mediaIdParam } from '../http/validate'
import type {
  ClipLimitResponse,
  MediaResponse,
  PostClipResponse,
  PostImageResponse,
} from '../../shared/api-types'

/**
 * A request body's chunks as they arrive; a body that cannot be read (the client went away) is
 * a missing clip, and a refusal while reading (past the size limit) stays what it is.
 */
async function* chunksOf(body: ReadableStream<Uint8Array> | null): AsyncIterable<Uint8Array> {
  if (!body) throw new HttpError('VALIDATION', MESSAGES.missingClip)
  const reader = body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      yield value
    }
  } catch (error) {
    if (error instanceof HttpError) throw error
    throw new HttpError('VALIDATION', MESSAGES.missingClip)
  } finally {
    reader.releaseLock()
  }
}

/** Media ids are random, so an image never changes under its address. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

export function mediaRoutes(deps: AppDeps) {
  const { db } = deps
  const live = liveOf(deps)
  const { sizeLimit, uploadLimit, uploadedBytes } = imageUploadGuards(deps)
  /**
   * A clip's upload: one of few at once (post-clips.ts, clipUploads), its body
   * within the host's limit plus a poster image, read only once its turn came and taken apart on
   * the clip worker with the clip's check (so that a large form costs this thread nothing).
   */
  const clipUpload = async (c: Context<AppEnv>): Promise<PostClipResponse> => {
    const maxBytes = await getClipMaxBytes(db)
    const declared = Number(c.req.header('content-length'))
    if (declared > maxBytes + LIMITS.imageBytes + MULTIPART_OVERHEAD) throw clipTooLarge(maxBytes)
    const media = await uploadPostClip(live, c.get('user'), {
      maxBytes,
      receive: () => ({
        body: chunksOf(c.req.raw.body),
        contentType: c.req.header('content-type') ?? '',
      }),
      countBytes: async (bytes) => {
        await deps.rateLimits?.consumeUploadBytes(c.get('user').id, bytes)
      },
    })
    return { media }
  }
  /** Bytes past the host's limit are refused while they arrive, not once all are read. */
  const clipSizeLimit = async (c: Context<AppEnv>, next: () => Promise<void>) => {
    const maxBytes = await getClipMaxBytes(db)
    return bodyLimit({
      maxSize: maxBytes + LIMITS.imageBytes + MULTIPART_OVERHEAD,
      onError: () => {
        throw clipTooLarge(maxBytes)
      },
    })(c, next)
  }
  return (
    new Hono<AppEnv>()
      // A profile picture (docs/security.md): re-encoded without metadata, at most AVATAR_SIDE.
      .post('/', sizeLimit, requireUser(deps), uploadLimit, async (c) => {
        const id = await uploadAvatar(live, c.get('user'), await uploadedBytes(c))
        return c.json({ url: `/api/media/${id}` } satisfies MediaResponse, 201)
      })
      // An image for a post (docs/API.md "Images in posts"): metadata stripped, with a thumbnail.
      .post('/post-images', sizeLimit, requireUser(deps), uploadLimit, async (c) => {
        const media = await uploadPostImage(live, c.get('user'), await uploadedBytes(c))
        const answer: PostImageResponse = { media }
        return c.json(answer, 201)
      })
      // A clip for a post (docs/API.md "Clips in posts"): checked by its bytes, metadata blanked.
      .post('/clips', requireUser(deps), uploadLimit, clipSizeLimit, async (c) =>
        c.json(await clipUpload(c), 201),
      )
      // The host's clip limit for any member: the composer refuses a larger
      // clip at once, by its name, instead of after sending it all.
      .get('/clip-limit', requireUser(deps), async (c) =>
        c.json((await getClipLimit(db)) satisfies ClipLimitResponse),
      )
      .get('/default-avatar.svg', (c) => {
        c.header('Cache-Control', 'public, max-age=86400')
        return c.body(DEFAULT_AVATAR_SVG, 200, { 'Content-Type': 'image/svg+xml' })
      })
      .get('/:mediaId', mediaIdParam, async (c) => {
        const id = c.req.valid('param').mediaId
        // Clips: a player asks for parts of a video to start and to seek.
        const rangeHeader = c.req.header('range')
        if (rangeHeader) {
          const part = await getMediaRange(db, live.media, id, (size) =>
            parseRange(rangeHeader, size),
          )
          c.header('Cache-Control', IMMUTABLE)
          c.header('Accept-Ranges', 'bytes')
          if (part.kind === 'unsatisfiable') {
            throw new HttpError('BAD_RANGE', MESSAGES.rangeNotSatisfiable, {
              'Content-Range': `bytes */${part.size}`,
              'Accept-Ranges': 'bytes',
            })
          }
          if (part.kind === 'part') {
            c.header('Content-Range', `bytes ${part.start}-${part.end}/${part.size}`)
            return c.body(part.body, 206, {
              'Content-Type': part.contentType,
              'Content-Length': String(part.end - part.start + 1),
            })
          }
        }
        const image = await getImage(db, live.media, id)
        c.header('Cache-Control', IMMUTABLE)
        c.header('Accept-Ranges', 'bytes')
        return c.body(image.body, 200, { 'Content-Type': image.contentType })
      })
  )
}
