/**
 * The server's custom emoji as read (docs/API.md, "Custom emoji"): the whole list with its
 * version, and one by shortcode. Written in ../writes/custom-emoji.ts.
 */
import { createHash } from 'node:crypto'
import type { CustomEmoji } from '../../../shared/api-types'
import { shortcodeOf } from '../../../shared/custom-emoji'
import type { Store } from '../../db/store'

export interface CustomEmojiRow {
  shortcode: string
  mediaId: string
  addedBy: number | null
  createdAt: number
}

const COLUMNS = `shortcode, media_id AS "mediaId", added_by AS "addedBy", created_at AS "createdAt"`

export const toCustomEmoji = (row: Pick<CustomEmojiRow, 'shortcode' | 'mediaId'>): CustomEmoji => ({
  shortcode: row.shortcode,
  url: `/api/media/${row.mediaId}`,
})

/** Every custom emoji, by shortcode. */
export function listCustomEmoji(db: Store): Promise<CustomEmojiRow[]> {
  return db.all<CustomEmojiRow>(`SELECT ${COLUMNS} FROM custom_emoji ORDER BY shortcode`)
}

export async function getCustomEmoji(db: Store, shortcode: string): Promise<CustomEmojiRow | null> {
  return (
    (await db.get<CustomEmojiRow>(
      `SELECT ${COLUMNS} FROM custom_emoji WHERE shortcode = ?`,
      shortcode,
    )) ?? null
  )
}

export async function countCustomEmoji(db: Store): Promise<number> {
  const row = await db.get<{ count: number }>('SELECT COUNT(*) AS count FROM custom_emoji')
  return Number(row?.count ?? 0)
}

/**
 * The list's version: a hash of every shortcode and image, the same on every instance for the
 * same list, so a client's `If-None-Match` is answered with a 304 by any of them.
 */
export function customEmojiVersion(
  rows: readonly Pick<CustomEmojiRow, 'shortcode' | 'mediaId'>[],
): string {
  const hash = createHash('sha256')
  for (const row of rows) hash.update(`${row.shortcode}:${row.mediaId}\n`)
  return hash.digest('base64url').slice(0, 22)
}

/**
 * The one check of a reaction written `:shortcode:` (posts now; messages may take the same): the
 * shortcode of an emoji the server has, or null when it is not one or the server has none such.
 */
export async function knownCustomReaction(db: Store, reaction: string): Promise<string | null> {
  const shortcode = shortcodeOf(reaction)
  if (shortcode === null) return null
  return (await getCustomEmoji(db, shortcode)) ? `:${shortcode}:` : null
}
