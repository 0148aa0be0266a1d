import { randomBytes } from 'node:crypto'
import { eq, like, lt, sql } from 'drizzle-orm'
import { perDatabase, type Db } from '../db/client'
import { media, posts, users } from '../db/schema'
import { HttpError } from '../errors'
import { MESSAGES } from '../messages'
import { reencode, sniffImageType, withCheckedImage, type ReencodedImage } from './uploaded-images'

/** Profile pictures are shown at most a few hundred pixels wide: twice that stays sharp. */
export const AVATAR_SIDE = 512

/**
 * An uploaded profile picture, checked and re-encoded like a post's image (uploaded-images.ts):
 * nothing but its pixels, upright, at most AVATAR_SIDE a side; an animation stays animated.
 */
export function processAvatar(input: Buffer): Promise<ReencodedImage> {
  return withCheckedImage(input, (image) => reencode(image, { fitWithin: AVATAR_SIDE }))
}

/** Stores an image that processAvatar re-encoded and answers its id. */
export function storeImage(db: Db, ownerId: number, bytes: Buffer, now = Date.now()): string {
  // Read from the re-encoded bytes, which are always one of ours.
  const contentType = sniffImageType(bytes)
  if (!contentType) throw new HttpError('INVALID_IMAGE', MESSAGES.notAnImage)
  const id = randomBytes(12).toString('base64url')
  db.insert(media).values({ id, ownerId, contentType, bytes, createdAt: now }).run()
  return id
}

/** Every picture a page shows is one request for it: prepared once per database. */
const imageById = perDatabase((db) =>
  db
    .select({ contentType: media.contentType, bytes: media.bytes })
    .from(media)
    .where(eq(media.id, sql.placeholder('id')))
    .prepare(),
)

/** An image by its id, which the route checked (validate.ts, mediaIdParam). */
export function getImage(db: Db, id: string): { contentType: string; bytes: Buffer } {
  const row = imageById(db).get({ id })
  if (!row) throw new HttpError('MEDIA_NOT_FOUND', MESSAGES.mediaNotFound)
  return row
}

/** An upload that no profile or post uses is removed once it is this old (README, "Security"). */
export const UNUSED_MEDIA_TTL_MS = 24 * 60 * 60_000
const MEDIA_PREFIX = '/api/media/'
const MEDIA_URL = /\/api\/media\/([A-Za-z0-9_-]{16})/g

/**
 * Deletes uploads older than a day that no profile picture and no post refers to: a picture
 * uploaded and never saved, or replaced since. Answers how many went. Run by a timer of the
 * server, off the request path; one scan of the users and of the posts that mention media.
 */
export function sweepUnusedMedia(db: Db, now = Date.now()): number {
  return db.transaction(() => {
    const old = db
      .select({ id: media.id })
      .from(media)
      .where(lt(media.createdAt, now - UNUSED_MEDIA_TTL_MS))
      .all()
    if (old.length === 0) return 0
    const used = new Set<string>()
    const pictures = db
      .select({ url: users.profileImg })
      .from(users)
      .where(like(users.profileImg, `${MEDIA_PREFIX}%`))
      .all()
    for (const { url } of pictures) used.add(url.slice(MEDIA_PREFIX.length))
    const mentions = db
      .select({ content: posts.content })
      .from(posts)
      .where(like(posts.content, `%${MEDIA_PREFIX}%`))
      .all()
    for (const { content } of mentions) {
      for (const [, id] of content.matchAll(MEDIA_URL)) if (id) used.add(id)
    }
    let removed = 0
    for (const { id } of old) {
      if (!used.has(id)) removed += db.delete(media).where(eq(media.id, id)).run().changes
    }
    return removed
  })
}

/** The blank avatar every user starts with (SPEC section 3), served at DEFAULT_PROFILE_IMG. */
export const DEFAULT_AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128">
<rect width="128" height="128" fill="#2a2d3e"/>
<circle cx="64" cy="50" r="24" fill="#8b8fa8"/>
<path d="M20 118c4-26 22-40 44-40s40 14 44 40z" fill="#8b8fa8"/>
</svg>
`
