/**
 * SQLite-only: reads the schema from SQLite's own catalog (sqlite_master, PRAGMA foreign_key_list
 * and table_info) to check that the sweep of unused uploads (services/media/media.ts) knows every
 * column that refers to media. The PostgreSQL schema has the same tables and columns
 * (tests/server/db/schema-parity.test.ts), so one check covers both.
 */
import { MEDIA_REFERENCES } from '../../../../src/server/services/media/media'
import { describe, expect, it } from '../../../helpers/fixtures'
import { sqliteConnectionOf } from '../../../helpers/sqlite-connection'

describe('the sweep of unused uploads', () => {
  it('knows every table that refers to media', async ({ app }) => {
    const client = sqliteConnectionOf(app.db)
    const tables = (
      client
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .all() as { name: string }[]
    ).map((row) => row.name)
    const listed = new Set(MEDIA_REFERENCES.map((ref) => `${ref.table}.${ref.column}`))
    const foreignKeys: string[] = []
    const mediaNamedColumns: string[] = []
    for (const table of tables) {
      const keys = client.prepare(`PRAGMA foreign_key_list(${table})`).all() as {
        table: string
        from: string
      }[]
      for (const key of keys) if (key.table === 'media') foreignKeys.push(`${table}.${key.from}`)
      const columns = client.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]
      for (const { name } of columns) {
        if (table !== 'media' && /img|image|media|url|avatar|banner/i.test(name)) {
          mediaNamedColumns.push(`${table}.${name}`)
        }
      }
    }
    // A new foreign key to media, or a column named for an image, must be listed in
    // MEDIA_REFERENCES: otherwise the sweep would delete what it points at.
    expect(foreignKeys.length).toBeGreaterThan(0)
    for (const column of [...foreignKeys, ...mediaNamedColumns]) {
      expect(listed, `${column} refers to media`).toContain(column)
    }
    // And each listed reference is a real column.
    for (const ref of MEDIA_REFERENCES) {
      const columns = client.prepare(`PRAGMA table_info(${ref.table})`).all() as { name: string }[]
      expect(
        columns.map((column) => column.name),
        `${ref.table}.${ref.column}`,
      ).toContain(ref.column)
    }
  })
})
