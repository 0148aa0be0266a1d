import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { LIMITS } from '../../shared/limits'
import { perUserLimit, requireUser, type AppDeps, type AppEnv } from '../http/context'
import { HttpError } from '../errors/http-error'
import { MESSAGES } from '../errors/messages'
import { liveOf } from '../actions/live'
import { uploadAvatar, uploadPostImage } from '../actions/media'
import { DEFAULT_AVATAR_SVG, getImage } from '../services/media'
import { mediaIdParam } from '../http/validate'
import type { MediaResponse, PostImageResponse } from '../../shared/api-types'

/** Room for the multipart envelope around an image of the largest allowed size. */
const MULTIPART_OVERHEAD = 64 * 1024

/** Media ids are random, so an image never changes under its address. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

export function mediaRoutes(deps: AppDeps) {
  const { db } = deps
  const live = liveOf(deps)
  const sizeLimit = bodyLimit({
    maxSize: LIMITS.imageBytes + MULTIPART_OVERHEAD,
    onError: () => {
      throw new HttpError('TOO_LARGE', MESSAGES.imageTooLarge)
    },
  })
  /** Uploads per user and hour, by count here and by bytes in uploadedBytes (README, Options). */
  const uploadLimit = perUserLimit(deps, 'uploads')
  /** The bytes of the multipart field "file", within the size limit and the user's hourly bytes. */
  const uploadedBytes = async (c: Context<AppEnv>): Promise<Buffer> => {
    let body: Record<string, unknown>
    try {
      body = await c.req.parseBody()
    } catch {
      throw new HttpError('VALIDATION', MESSAGES.missingFile)
    }
    const file = body.file
    if (!(file instanceof File)) throw new HttpError('VALIDATION', MESSAGES.missingFile)
    if (file.size > LIMITS.imageBytes) throw new HttpError('TOO_LARGE', MESSAGES.imageTooLarge)
    await deps.rateLimits?.consumeUploadBytes(c.get('user').id, file.size)
    return Buffer.from(await file.arrayBuffer())
  }
  return (
    new Hono<AppEnv>()
      // A profile picture (README, "Security"): re-encoded without metadata, at most AVATAR_SIDE.
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
      .get('/default-avatar.svg', (c) => {
        c.header('Cache-Control', 'public, max-age=86400')
        return c.body(DEFAULT_AVATAR_SVG, 200, { 'Content-Type': 'image/svg+xml' })
      })
      .get('/:mediaId', mediaIdParam, async (c) => {
        const image = await getImage(db, live.media, c.req.valid('param').mediaId)
        c.header('Cache-Control', IMMUTABLE)
        return c.body(image.body, 200, { 'Content-Type': image.contentType })
      })
  )
}
