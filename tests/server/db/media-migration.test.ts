/**
 * Migration 0005 (media.bytes nullable, media.size) rebuilds SQLite's `media` table, which
 * `post_media` points at with ON DELETE CASCADE: with foreign keys on, dropping the old table
 * would take every post's images with it. The store runs migrations with them off
 * (src/server/db/sqlite.ts); a data folder from before keeps every image, now with its size.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DEFAULT_MIGRATIONS_DIR, openSqliteStore } from '../../../src/server/db/sqlite'
import { describe, expect, it } from '../../helpers/fixtures'

interface Journal {
  entries: { tag: string }[]
}

describe('the media storage migration on SQLite', () => {
  it("keeps a data folder's images and their posts, and fills in their sizes", async ({
    tempDir,
  }) => {
    const before = join(tempDir, 'migrations-before')
    cpSync(DEFAULT_MIGRATIONS_DIR, before, { recursive: true })
    const journalFile = join(before, 'meta', '_journal.json')
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal
    // A data folder from before 0005: neither it nor any later migration has run on it.
    const at = journal.entries.findIndex((entry) => entry.tag === '0005_media_storage')
    expect(at).toBeGreaterThan(0)
    journal.entries = journal.entries.slice(0, at)
    writeFileSync(journalFile, JSON.stringify(journal))

    const file = join(tempDir, 'gamerstage.db')
    const old = openSqliteStore({ file, migrationsDir: before })
    const image = Buffer.from('an image of twelve bytes')
    // Written by hand: the services' INSERTs and RETURNINGs name today's columns, which this old
    // schema lacks.
    const user = (await old.get<{ id: number }>(
      `INSERT INTO users (username, username_key, password_hash, profile_img, created_at, updated_at)
       VALUES ('keeper', 'keeper', 'x', '', 1, 1) RETURNING id`,
    )) ?? { id: 0 }
    const post = (await old.get<{ id: number }>(
      `INSERT INTO posts (author_id, content, created_at, updated_at) VALUES (?, 'gg', 1, 1)
       RETURNING id`,
      user.id,
    )) ?? { id: 0 }
    for (const id of ['fullfullfullfull', 'thumbthumbthumbt']) {
      await old.run(
        `INSERT INTO media (id, owner_id, content_type, bytes, created_at)
         VALUES (?, ?, 'image/png', ?, 1)`,
        id,
        user.id,
        image,
      )
    }
    await old.run(
      `INSERT INTO post_media (media_id, post_id, owner_id, thumb_id, width, height, created_at)
       VALUES ('fullfullfullfull', ?, ?, 'thumbthumbthumbt', 1, 1, 1)`,
      post.id,
      user.id,
    )
    await old.close()

    const store = openSqliteStore({ file })
    try {
      expect(await store.all('SELECT media_id AS "mediaId" FROM post_media')).toEqual([
        { mediaId: 'fullfullfullfull' },
      ])
      const rows = await store.all<{ size: number; bytes: Buffer }>(
        'SELECT size, bytes FROM media ORDER BY id',
      )
      expect(rows.map((row) => row.size)).toEqual([image.length, image.length])
      expect(rows.every((row) => row.bytes.equals(image))).toBe(true)
      // The keys hold again once the migrations are done.
      await expect(store.run("DELETE FROM media WHERE id = 'thumbthumbthumbt'")).resolves.toBe(1)
      expect(await store.ids('SELECT count(*) FROM post_media')).toEqual([0])
    } finally {
      await store.close()
    }
  })
})
