/**
 * Stored images and clips read back for `GET /api/media/…` (docs/API.md "Images in posts", "Clips
 * in posts"): whole or by a Range header, and the default avatar. Storing them is ../media/.
 */
import type { Store } from '../../db/store'
import { HttpError } from '../../errors/http-error'
import { MESSAGES } from '../../errors/messages'
import type { MediaStorage } from '../../storage/media-storage'

/**
 * An image by its id, which the route checked (http/validate.ts, mediaIdParam): the row says
 * whether it exists; its bytes are the row's, or the storage's when the row has none. A row
 * whose object is missing answers 404 too.
 */
export async function getImage(
  db: Store,
  storage: MediaStorage,
  id: string,
): Promise<{ contentType: string; body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer> }> {
  const row = await db.get<{ contentType: string; bytes: Buffer | null }>(
    'SELECT content_type AS "contentType", bytes FROM media WHERE id = ?',
    id,
  )
  if (!row) throw new HttpError('MEDIA_NOT_FOUND', MESSAGES.mediaNotFound)
  // Bytes in the row are served whatever the storage: images uploaded before a server moved to
  // a bucket stay where they were.
  if (row.bytes) return { contentType: row.contentType, body: new Uint8Array(row.bytes) }
  const object = storage.kind === 'database' ? null : await storage.get(id)
  if (!object) throw new HttpError('MEDIA_NOT_FOUND', MESSAGES.mediaNotFound)
  return { contentType: row.contentType, body: object.body }
}

// --- clips: parts of a media's bytes, for players that seek ---

export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null
/**
 * One range of a `Range` header against a size (RFC 9110 14.1.2): `bytes=a-b`, `bytes=a-` or
 * `bytes=-n`, `end` inclusive and clamped. Null (answer the whole) for anything else, several
 * ranges included; 'unsatisfiable' when it starts past the end.
 */
export function parseRange(header: string, size: number): ByteRange {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match) return null
  const [, from = '', to = ''] = match
  if (from === '' && to === '') return null
  if (from === '') {
    const suffix = Number(to)
    if (suffix === 0) return 'unsatisfiable'
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(from)
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1)
  if (to !== '' && Number(to) < start) return null
  if (start >= size) return 'unsatisfiable'
  return { start, end }
}

export type MediaPart =
  | { kind: 'whole' }
  | { kind: 'unsatisfiable'; size: number }
  | {
      kind: 'part'
      contentType: string
      size: number
      start: number
      end: number
      body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>
    }

/**
 * A part of a media's bytes: only that part is read, from the row (`substr`, the same SQL on
 * SQLite and PostgreSQL) or from the storage. `decide` turns the size into the range wanted.
 */
export async function getMediaRange(
  db: Store,
  storage: MediaStorage,
  id: string,
  decide: (size: number) => ByteRange,
): Promise<MediaPart> {
  const row = await db.get<{ contentType: string; rowLength: number | null }>(
    'SELECT content_type AS "contentType", length(bytes) AS "rowLength" FROM media WHERE id = ?',
    id,
  )
  if (!row) throw new HttpError('MEDIA_NOT_FOUND', MESSAGES.mediaNotFound)
  if (row.rowLength !== null) {
    const size = Number(row.rowLength)
    const range = decide(size)
    if (range === null) return { kind: 'whole' }
    if (range === 'unsatisfiable') return { kind: 'unsatisfiable', size }
    const part = await db.get<{ part: Buffer }>(
      'SELECT substr(bytes, ?, ?) AS part FROM media WHERE id = ?',
      range.start + 1,
      range.end - range.start + 1,
      id,
    )
    if (!part) throw new HttpError('MEDIA_NOT_FOUND', MESSAGES.mediaNotFound)
    return {
      kind: 'part',
      contentType: row.contentType,
      size,
      ...range,
      body: new Uint8Array(part.part),
    }
  }
  if (storage.kind === 'database') throw new HttpError('MEDIA_NOT_FOUND', MESSAGES.mediaNotFound)
  const info = await storage.head(id)
  if (!info) throw new HttpError('MEDIA_NOT_FOUND', MESSAGES.mediaNotFound)
  const range = decide(info.size)
  if (range === null) return { kind: 'whole' }
  if (range === 'unsatisfiable') return { kind: 'unsatisfiable', size: info.size }
  const object = await storage.get(id, range)
  if (!object) throw new HttpError('MEDIA_NOT_FOUND', MESSAGES.mediaNotFound)
  return {
    kind: 'part',
    contentType: row.contentType,
    size: info.size,
    ...range,
    body: object.body,
  }
}

/** The blank avatar every user starts with (SPEC section 3), served at DEFAULT_PROFILE_IMG. */
export const DEFAULT_AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128">
<rect width="128" height="128" fill="#2a2d3e"/>
<circle cx="64" cy="50" r="24" fill="#8b8fa8"/>
<path d="M20 118c4-26 22-40 44-40s40 14 44 40z" fill="#8b8fa8"/>
</svg>
`
