import { randomBytes } from 'node:crypto'
import { CUSTOM_EMOJI_SIDE } from '../../../shared/custom-emoji'
import type { Store } from '../../db/store'
import { insertRows } from '../../db/raw'
import { media } from '../../db/schema'
import {
  ORPHAN_GRACE_MS,
  databaseMediaStorage,
  type MediaStorage,
} from '../../storage/media-storage'
import { HttpError } from '../../errors/http-error'
import { MESSAGES } from '../../errors/messages'
import { reencode, sniffImageType, withCheckedImage, type ReencodedImage } from './uploaded-images'
import { log } from '../../observability/log'
import { dependencyErrors } from '../../observability/metrics'

/** Profile pictures are shown at most a few hundred pixels wide: twice that stays sharp. */
export const AVATAR_SIDE = 512

/**
 * An uploaded profile picture, checked and re-encoded like a post's image (uploaded-images.ts):
 * nothing but its pixels, upright, at most AVATAR_SIDE a side; an animation stays animated.
 */
export function processAvatar(input: Buffer): Promise<ReencodedImage> {
  return withCheckedImage(input, (image) => reencode(image, { fitWithin: AVATAR_SIDE }))
}

/** A game's cover is shown at most about 300×400 pixels: twice that stays sharp. */
export const GAME_COVER_BOX = { width: 600, height: 800 } as const

/** An uploaded game cover, checked and re-encoded as a profile picture is, within GAME_COVER_BOX. */
export function processGameCover(input: Buffer): Promise<ReencodedImage> {
  return withCheckedImage(input, (image) => reencode(image, { fitWithin: GAME_COVER_BOX }))
}

/**
 * An uploaded custom emoji, checked and re-encoded as a profile picture is, within
 * CUSTOM_EMOJI_SIDE a side; an animated GIF or WebP stays animated.
 */
export function processCustomEmoji(input: Buffer): Promise<ReencodedImage> {
  return withCheckedImage(input, (image) => reencode(image, { fitWithin: CUSTOM_EMOJI_SIDE }))
}

/** A new image's bytes and what they are. */
export interface NewMedia {
  id: string
  contentType: string
  bytes: Buffer
}

/** A new media id: random, 16 characters of base64url (http/validate.ts, mediaIdParam). */
export const newMediaId = () => randomBytes(12).toString('base64url')

/**
 * Stores new images' bytes (storage/media-storage.ts), then runs `insert` with what each row's
 * `bytes` column holds, in order: the bytes (database) or null (the bucket). An object is thus
 * written before the row that points at it commits. When a write or the insert fails, the
 * objects written are deleted again; should that fail too, the sweep removes them later
 * (sweepOrphanObjects).
 */
export async function putThenInsert<Result>(
  storage: MediaStorage,
  items: readonly NewMedia[],
  insert: (rowBytes: (Buffer | null)[]) => Promise<Result>,
): Promise<Result> {
  const written = await Promise.allSettled(
    items.map((item) => storage.put(item.id, item.bytes, item.contentType)),
  )
  try {
    const failed = written.find((result) => result.status === 'rejected')
    if (failed) throw failed.reason
    return await insert(
      written.map((result) => (result as PromiseFulfilledResult<Buffer | null>).value),
    )
  } catch (error) {
    await removeStoredObjects(
      storage,
      items.map((item) => item.id),
    )
    throw error
  }
}

/**
 * Deletes the stored objects of media rows whose deletion committed. A failure does not undo
 * what committed: it is logged, and the sweep removes the objects later (sweepOrphanObjects).
 */
export async function removeStoredObjects(
  storage: MediaStorage,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0 || storage.kind === 'database') return
  try {
    await storage.delete(ids)
  } catch (error) {
    dependencyErrors.inc({ dependency: 'bucket' })
    log().error(`${(error as Error).message} The hourly sweep removes ${ids.length} left behind.`)
  }
}

/** Stores an image that processAvatar re-encoded and answers its id. */
export async function storeImage(
  db: Store,
  ownerId: number,
  bytes: Buffer,
  now = Date.now(),
  storage: MediaStorage = databaseMediaStorage(db),
): Promise<string> {
  // Read from the re-encoded bytes, which are always one of ours.
  const contentType = sniffImageType(bytes)
  if (!contentType) throw new HttpError('INVALID_IMAGE', MESSAGES.notAnImage)
  const id = newMediaId()
  await putThenInsert(storage, [{ id, contentType, bytes }], ([rowBytes = null]) =>
    insertRows(db, media, [
      { id, ownerId, contentType, bytes: rowBytes, size: bytes.length, createdAt: now },
    ]),
  )
  return id
}

// --- end clips ---

/** An upload that nothing uses is removed once it is this old (docs/security.md). */
export const UNUSED_MEDIA_TTL_MS = 24 * 60 * 60_000
/**
 * A post image uploaded but not posted yet belongs to a draft in the composer: it is kept this
 * long after its upload, so a draft left overnight (or over a weekend) still posts whole.
 */
export const DRAFT_UPLOAD_TTL_MS = 7 * 24 * 60 * 60_000
const MEDIA_PREFIX = '/api/media/'
const MEDIA_URL = /\/api\/media\/([A-Za-z0-9_-]{16})/g

/** A post's or message's image rows count once sent, and a draft's while the draft lives. */
const POSTED_OR_DRAFT_LIVES = 'post_id IS NOT NULL OR message_id IS NOT NULL OR created_at >= ?'

/**
 * Every place a media id can be named. `column` holds the id itself (`kind: 'id'`, a foreign key
 * to `media`) or text that can contain its address (`kind: 'url'`); `while` limits which rows
 * count, in SQL over the table's columns, where `?` is the upload time since which a draft's
 * images are kept. tests/server/services/media/media-references.test.ts fails
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
  { table: 'games', column: 'cover_media_id', kind: 'id' },
  { table: 'custom_emoji', column: 'media_id', kind: 'id' },
  { table: 'conversations', column: 'picture_media_id', kind: 'id' },
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
 * never saved, or replaced since; a draft's image once its draft is a week old. Their stored
 * objects go after the commit, then objects left without a row (sweepOrphanObjects). Answers how
 * many rows went. Run by a timer of the server, off the request path.
 */
export async function sweepUnusedMedia(
  db: Store,
  now = Date.now(),
  storage: MediaStorage = databaseMediaStorage(db),
): Promise<number> {
  const unused = await db.transaction(async (tx) => {
    const old = (
      await tx.all<{ id: string }>(
        'SELECT id FROM media WHERE created_at < ?',
        now - UNUSED_MEDIA_TTL_MS,
      )
    ).map((row) => row.id)
    const used = await findUsedMedia(tx, old, now)
    const unused = old.filter((id) => !used.has(id))
    if (unused.length === 0) return []
    // One statement, the ids as one parameter: a sweep may find thousands.
    await tx.run(`DELETE FROM media WHERE id IN ${tx.sql.textSet}`, tx.sql.texts(unused))
    return unused
  })
  await removeStoredObjects(storage, unused)
  await sweepOrphanObjects(db, storage, now)
  return unused.length
}

/**
 * Deletes stored objects older than ORPHAN_GRACE_MS that no row points at: an upload whose row
 * never committed (a crash between the two, a failed insert whose clean-up failed too), or a
 * deletion whose object could not be removed after its commit. The grace period spares an
 * upload between its object's write and its row's commit. Answers how many went.
 */
export async function sweepOrphanObjects(
  db: Store,
  storage: MediaStorage,
  now = Date.now(),
): Promise<number> {
  let removed = 0
  for await (const ids of storage.list(new Date(now - ORPHAN_GRACE_MS))) {
    const rows = await db.all<{ id: string }>(
      `SELECT id FROM media WHERE id IN ${db.sql.textSet}`,
      db.sql.texts(ids),
    )
    const known = new Set(rows.map((row) => row.id))
    const orphans = ids.filter((id) => !known.has(id))
    if (orphans.length === 0) continue
    await storage.delete(orphans)
    removed += orphans.length
  }
  return removed
}
