/**
 * Where the bytes of uploaded images live (docs/hosting.md, "Several instances (a cluster)"). Every image has a row in
 * `media` (owner, content type, size, created) wherever its bytes are:
 *
 * - the database (the default: the desktop app, one headless process): the bytes are the row's
 *   `bytes`, so a backup of the SQLite file holds everything, as it always did;
 * - an S3 bucket (`--s3-bucket`, s3.ts): the object `media/<id>`, and the row's `bytes` is null.
 *   Instances of a cluster share the bucket as they share the database.
 *
 * The order of writes keeps the two in step (services/media/media.ts, post-images.ts): an object is
 * written before the row that points at it commits, and deleted only after the row's deletion
 * commits. What a crash or an outage leaves between the two (an object whose row never
 * committed, or whose deletion failed) is an object without a row, which the hourly sweep finds
 * and removes once it is older than ORPHAN_GRACE_MS.
 */
import type { Store } from '../db/store'

/** An object's bytes, streamed from the storage, and its length. */
export interface StoredObject {
  body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>
  size: number
}

/** What `head` knows of an object. */
export interface ObjectInfo {
  size: number
  lastModified: Date
}

export interface MediaStorage {
  readonly kind: 'database' | 's3'
  /** Where the bytes are, for messages: never a secret. */
  readonly description: string
  /**
   * Stores the bytes of a new media id, before its row is written, and answers what the row's
   * `bytes` column holds: the bytes themselves (database), or null (they are elsewhere).
   */
  put(id: string, bytes: Buffer, contentType: string): Promise<Buffer | null>
  /**
   * The bytes of a media id, or null when there are none; with `range` (a clip's player seeking),
   * only the bytes from `start` to `end` included.
   */
  get(id: string, range?: { start: number; end: number }): Promise<StoredObject | null>
  /** The size and age of a media id's bytes, or null when there are none. */
  head(id: string): Promise<ObjectInfo | null>
  /**
   * Deletes the bytes of media ids whose rows are deleted and committed (missing ones are no
   * error). The database's go with their rows: nothing is left to do.
   */
  delete(ids: readonly string[]): Promise<void>
  /**
   * The ids of stored objects last written before `before`, a page at a time (the orphan sweep).
   * The database has none of its own: its bytes are rows.
   */
  list(before: Date): AsyncIterable<string[]>
  /** Lets go of connections once the server stops. */
  close(): void
}

/**
 * Today's storage: the bytes in the row. `put` hands them back for the row to hold; `get` and
 * `head` read the row (the media route reads it itself, in the one query it always made).
 */
export function databaseMediaStorage(db: Store): MediaStorage {
  return {
    kind: 'database',
    description: 'the database',
    put: (_id, bytes) => Promise.resolve(bytes),
    get: async (id, range) => {
      const row = await db.get<{ bytes: Buffer }>(
        'SELECT bytes FROM media WHERE id = ? AND bytes IS NOT NULL',
        id,
      )
      if (!row) return null
      const bytes = range ? row.bytes.subarray(range.start, range.end + 1) : row.bytes
      return { body: new Uint8Array(bytes), size: bytes.length }
    },
    head: async (id) => {
      const row = await db.get<{ size: number; createdAt: number }>(
        'SELECT size, created_at AS "createdAt" FROM media WHERE id = ? AND bytes IS NOT NULL',
        id,
      )
      return row ? { size: row.size, lastModified: new Date(row.createdAt) } : null
    },
    delete: () => Promise.resolve(),
    list: async function* () {},
    close: () => {},
  }
}

/**
 * The storage could not be used (unreachable, refused, misconfigured): an error with one line
 * that names where and why, never a secret. Routes answer it 503 (errors/handler).
 */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError'
}

/** How old an object without a row must be before the sweep removes it. */
export const ORPHAN_GRACE_MS = 60 * 60_000
