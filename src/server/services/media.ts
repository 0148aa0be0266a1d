import { randomBytes } from 'node:crypto'
import type { Store } from '../db/store'
import { insertRows } from '../db/raw'
import { media } from '../db/schema'
import { HttpError } from '../errors/http-error'
import { MESSAGES } from '../errors/messages'
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
export async function storeImage(
  db: Store,
  ownerId: number,
  bytes: Buffer,
  now = Date.now(),
): Promise<string> {
  // Read from the re-encoded bytes, which are always one of ours.
  const contentType = sniffImageType(bytes)
  if (!contentType) throw new HttpError('INVALID_IMAGE', MESSAGES.notAnImage)
  const id = randomBytes(12).toString('base64url')
  await insertRows(db, media, [{ id, ownerId, contentType, bytes, createdAt: now }])
  return id
}

/** An image by its id, which the route checked (http/validate.ts, mediaIdParam). */
export async function getImage(
  db: Store,
  id: string,
): Promise<{ contentType: string; bytes: Buffer }> {
  const row = await db.get<{ contentType: string; bytes: Buffer }>(
    'SELECT content_type AS "contentType", bytes FROM media WHERE id = ?',
    id,
  )
  if (!row) throw new HttpError('MEDIA_NOT_FOUND', MESSAGES.mediaNotFound)
  return row
}

/** An upload that nothing uses is removed once it is this old (README, "Security"). */
export const UNUSED_MEDIA_TTL_MS = 24 * 60 * 60_000
/**
 * A post image uploaded but not posted yet belongs to a draft in the composer: it is kept this
 * long after its upload, so a draft left overnight (or over a weekend) still posts whole.
 */
export const DRAFT_UPLOAD_TTL_MS = 7 * 24 * 60 * 60_000
const MEDIA_PREFIX = '/api/media/'
const MEDIA_URL = /\/api\/media\/([A-Za-z0-9_-]{16})/g

/** A post's image rows count once posted, and a draft's while the draft lives. */
const POSTED_OR_DRAFT_LIVES = 'post_id IS NOT NULL OR created_at >= ?'

/**
 * Every place a media id can be named. `column` holds the id itself (`kind: 'id'`, a foreign key
 * to `media`) or text that can contain its address (`kind: 'url'`); `while` limits which rows
 * count, in SQL over the table's columns, where `?` is the upload time since which a draft's
 * images are kept. tests/server/services/media-references.test.ts fails
 * when a table refers to `media` and is missing here, so the sweep cannot delete what it uses.
 */
export const MEDIA_REFERENCES: readonly {
  table: string
  column: string
  kind: 'id' | 'url'
  while?: string
}[] = [
  {
    table: 'post_media',
    column: 'media_id',
    kind: 'id',
    while: POSTED_OR_DRAFT_LIVES,
  },
  {
    table: 'post_media',
    column: 'thumb_id',
    kind: 'id',
    while: POSTED_OR_DRAFT_LIVES,
  },
  { table: 'users', column: 'profile_img', kind: 'url' },
  { table: 'users', column: 'bio', kind: 'url' },
  { table: 'posts', column: 'content', kind: 'url' },
  { table: 'comments', column: 'text', kind: 'url' },
]

/**
 * Which of these media ids something uses, read from every reference in MEDIA_REFERENCES: the one
 * answer to "is this media used?". `now` decides which drafts' uploads still live.
 */
export async function findUsedMedia(
  db: Store,
  ids: readonly string[],
  now = Date.now(),
): Promise<Set<string>> {
  const used = new Set<string>()
  if (ids.length === 0) return used
  const candidates = new Set(ids)
  const draftsSince = now - DRAFT_UPLOAD_TTL_MS
  for (const reference of MEDIA_REFERENCES) {
    const rowsThatCount = reference.while ? ` AND (${reference.while})` : ''
    const whileParams = reference.while ? [draftsSince] : []
    if (reference.kind === 'id') {
      const rows = await db.all<{ id: string }>(
        `SELECT ${reference.column} AS id FROM ${reference.table}
         WHERE ${reference.column} IN ${db.sql.textSet}${rowsThatCount}`,
        db.sql.texts([...candidates]),
        ...whileParams,
      )
      for (const { id } of rows) used.add(id)
    } else {
      // Only rows that mention an address are read; the ids are then picked out of the text.
      const rows = await db.all<{ text: string }>(
        `SELECT ${reference.column} AS text FROM ${reference.table}
         WHERE ${reference.column} LIKE ?${rowsThatCount}`,
        `%${MEDIA_PREFIX}%`,
        ...whileParams,
      )
      for (const { text } of rows) {
        for (const [, id] of text.matchAll(MEDIA_URL)) if (id && candidates.has(id)) used.add(id)
      }
    }
  }
  return used
}

/**
 * Deletes uploads older than a day that nothing uses (findUsedMedia): a picture uploaded and
 * never saved, or replaced since; a draft's image once its draft is a week old. Answers how many
 * went. Run by a timer of the server, off the request path.
 */
export async function sweepUnusedMedia(db: Store, now = Date.now()): Promise<number> {
  return db.transaction(async (tx) => {
    const old = (
      await tx.all<{ id: string }>(
        'SELECT id FROM media WHERE created_at < ?',
        now - UNUSED_MEDIA_TTL_MS,
      )
    ).map((row) => row.id)
    const used = await findUsedMedia(tx, old, now)
    const unused = old.filter((id) => !used.has(id))
    if (unused.length === 0) return 0
    // One statement, the ids as one parameter: a sweep may find thousands.
    return tx.run(`DELETE FROM media WHERE id IN ${tx.sql.textSet}`, tx.sql.texts(unused))
  })
}

/** The blank avatar every user starts with (SPEC section 3), served at DEFAULT_PROFILE_IMG. */
export const DEFAULT_AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128">
<rect width="128" height="128" fill="#2a2d3e"/>
<circle cx="64" cy="50" r="24" fill="#8b8fa8"/>
<path d="M20 118c4-26 22-40 44-40s40 14 44 40z" fill="#8b8fa8"/>
</svg>
`
