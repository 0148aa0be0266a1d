/**
 * What every image upload shares (a profile picture, a post's image, a game's cover): a body
 * within the size limit, the uploads counted per user and hour, by count and by bytes
 * (docs/hosting.md, "Headless server"), and the bytes of the multipart field `file`.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { LIMITS } from '../../shared/limits'
import { HttpError } from '../errors/http-error'
import { MESSAGES } from '../errors/messages'
import { perUserLimit, type AppDeps, type AppEnv } from './context'

/** Room for the multipart envelope around an image of the largest allowed size. */
export const MULTIPART_OVERHEAD = 64 * 1024

export function imageUploadGuards(deps: AppDeps): {
  /** Before anything else: a larger body is refused while it arrives. */
  sizeLimit: MiddlewareHandler<AppEnv>
  /** After requireUser: one upload of the user's hourly count. */
  uploadLimit: MiddlewareHandler<AppEnv>
  /** The bytes of the field `file`, within the size limit and the user's hourly bytes. */
  uploadedBytes: (c: Context<AppEnv>) => Promise<Buffer>
} {
  return {
    sizeLimit: bodyLimit({
      maxSize: LIMITS.imageBytes + MULTIPART_OVERHEAD,
      onError: () => {
        throw new HttpError('TOO_LARGE', MESSAGES.imageTooLarge)
      },
    }),
    uploadLimit: perUserLimit(deps, 'uploads'),
    uploadedBytes: async (c) => {
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
    },
  }
}
