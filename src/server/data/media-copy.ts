/**
 * The images and clips of a backup (the `media` rows) and the bucket a server may keep their bytes
 * in (storage/media-storage.ts). A backup holds every one's bytes in its row, wherever the server
 * kept them, so that one file is the whole community: a backup of a bucket-backed server fills
 * the rows from the bucket (`fillMediaFromStorage`), and a restore into one puts the bytes back
 * into the bucket and out of the rows (`moveMediaIntoStorage`), as the server's own uploads are.
 */
import Database from 'better-sqlite3'
import { StartError } from '../start-error'
import type { MediaStorage, StoredObject } from '../storage/media-storage'

/** Objects read or written at once: a bucket answers several requests in parallel. */
const AT_ONCE = 8

export interface MediaCopied {
  /** Images and clips whose bytes were copied, and their bytes. */
  count: number
  bytes: number
  /** Rows whose object was not in the bucket (deleted while the backup ran). */
  missing: number
}

interface MediaRow {
  id: string
  size: number
}

/**
 * An object's bytes, read no further than one byte past `expected` (its row's size): an object
 * that grew in the bucket is refused by the size check without being held whole in memory.
 */
async function bytesOf(object: StoredObject, expected: number): Promise<Buffer> {
  if (object.body instanceof Uint8Array) return Buffer.from(object.body)
  const chunks: Uint8Array[] = []
  let read = 0
  const reader = object.body.getReader()
  while (read <= expected) {
    const { done, value } = await reader.read()
    if (done) return Buffer.concat(chunks)
    chunks.push(value)
    read += value.length
  }
  await reader.cancel()
  return Buffer.concat(chunks)
}

/** Runs `work` on each row, AT_ONCE at a time, in pages of the rows `page(after)` answers. */
async function eachPage(
  page: (after: string) => MediaRow[],
  work: (rows: MediaRow[]) => Promise<void>,
): Promise<void> {
  let after = ''
  for (;;) {
    const rows = page(after)
    if (rows.length === 0) return
    await work(rows)
    after = rows[rows.length - 1]?.id ?? after
  }
}

/**
 * Puts into the backup `file` the bytes of every image and clip whose row has none (the server
 * keeps them in `storage`'s bucket). The backup's rows are one moment of the database, and an
 * object goes only after its row's deletion committed: an object missing now belonged to a row
 * deleted after that moment, which stays without bytes (counted in `missing`). Refuses a backup
 * whose rows have no bytes when `storage` is the database's: they are in a bucket nobody named.
 */
export async function fillMediaFromStorage(
  file: string,
  /** The bucket the server keeps them in; null: the database does. */
  storage: MediaStorage | null,
): Promise<MediaCopied> {
  const db = new Database(file, { fileMustExist: true })
  const copied: MediaCopied = { count: 0, bytes: 0, missing: 0 }
  try {
    const pending = Number(
      db.prepare('SELECT count(*) FROM media WHERE bytes IS NULL').pluck().get(),
    )
    if (pending === 0) return copied
    if (!storage || storage.kind === 'database') {
      throw new StartError(
        `${pending} images and clips of this community are kept in an S3 bucket: give the backup the server's --s3-endpoint and --s3-bucket (and its keys), so that it holds them too. Nothing was written.`,
      )
    }
    const select = db.prepare(
      'SELECT id, size FROM media WHERE bytes IS NULL AND id > ? ORDER BY id LIMIT ?',
    )
    const update = db.prepare('UPDATE media SET bytes = ? WHERE id = ?')
    // Rows already filled drop out of the next page (bytes IS NULL); missing ones are passed by id.
    await eachPage(
      (after) => select.all(after, AT_ONCE) as MediaRow[],
      async (rows) => {
        const objects = await Promise.all(rows.map((row) => storage.get(row.id)))
        const found = await Promise.all(
          objects.map((object, index) => object && bytesOf(object, rows[index]?.size ?? 0)),
        )
        db.transaction(() => {
          rows.forEach((row, index) => {
            const bytes = found[index]
            if (!bytes) {
              copied.missing += 1
              return
            }
            if (bytes.length !== row.size) {
              throw new StartError(
                `The image ${row.id} in ${storage.description} is not the ${row.size} bytes its row says: the bucket does not hold what the database says. Nothing was written.`,
              )
            }
            update.run(bytes, row.id)
            copied.count += 1
            copied.bytes += bytes.length
          })
        })()
      },
    )
    return copied
  } finally {
    db.close()
  }
}

/**
 * Writes the bytes of every image and clip of the prepared restore `file` into `storage`'s
 * bucket, then takes them out of the rows. The objects are written before the rows that point at
 * them commit, as the server's own uploads are; should the restore then fail, those no row
 * points at are removed by the hourly sweep (storage/media-storage.ts, ORPHAN_GRACE_MS).
 */
export async function moveMediaIntoStorage(
  file: string,
  storage: MediaStorage,
): Promise<MediaCopied> {
  const db = new Database(file, { fileMustExist: true })
  const copied: MediaCopied = { count: 0, bytes: 0, missing: 0 }
  try {
    const select = db.prepare(
      'SELECT id, size FROM media WHERE bytes IS NOT NULL AND id > ? ORDER BY id LIMIT ?',
    )
    const read = db.prepare('SELECT content_type AS type, bytes FROM media WHERE id = ?')
    await eachPage(
      (after) => select.all(after, AT_ONCE) as MediaRow[],
      async (rows) => {
        await Promise.all(
          rows.map(async (row) => {
            const { type, bytes } = read.get(row.id) as { type: string; bytes: Buffer }
            await storage.put(row.id, bytes, type)
            copied.count += 1
            copied.bytes += bytes.length
          }),
        )
      },
    )
    db.prepare('UPDATE media SET bytes = NULL').run()
    db.pragma('wal_checkpoint(TRUNCATE)')
    return copied
  } catch (error) {
    if (error instanceof StartError) throw error
    throw new StartError(`${(error as Error).message} Nothing was restored.`)
  } finally {
    db.close()
  }
}
