/**
 * The server's custom emoji added and deleted (docs/API.md, "Custom emoji"): the row changes of
 * actions/custom-emoji.ts.
 */
import { MAX_CUSTOM_EMOJI } from '../../../shared/custom-emoji'
import type { Store } from '../../db/store'
import { HttpError } from '../../errors/http-error'
import { EMOJI_MESSAGES } from '../../errors/messages'
import { countCustomEmoji, getCustomEmoji, type CustomEmojiRow } from '../reads/custom-emoji'

/**
 * Adds an emoji whose image is stored already. Refused when the shortcode is taken
 * (EMOJI_TAKEN) or the server holds MAX_CUSTOM_EMOJI (STATE_CONFLICT); the image is then left to
 * the sweep of unused media.
 */
export async function addCustomEmoji(tx: Store, row: CustomEmojiRow): Promise<CustomEmojiRow> {
  if (await getCustomEmoji(tx, row.shortcode)) {
    throw new HttpError('EMOJI_TAKEN', EMOJI_MESSAGES.taken(row.shortcode))
  }
  if ((await countCustomEmoji(tx)) >= MAX_CUSTOM_EMOJI) {
    throw new HttpError('STATE_CONFLICT', EMOJI_MESSAGES.tooMany(MAX_CUSTOM_EMOJI))
  }
  // Two hosts adding the same shortcode at once: the primary key refuses the second.
  const added = await tx.get<{ shortcode: string }>(
    `INSERT INTO custom_emoji (shortcode, media_id, added_by, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (shortcode) DO NOTHING RETURNING shortcode`,
    row.shortcode,
    row.mediaId,
    row.addedBy,
    row.createdAt,
  )
  if (!added) throw new HttpError('EMOJI_TAKEN', EMOJI_MESSAGES.taken(row.shortcode))
  return row
}

/** What deleting an emoji took with it: the posts and the people whose reactions went. */
export interface EmojiRemoval {
  posts: number[]
  reactors: number[]
}

/**
 * Deletes the emoji of `shortcode` (EMOJI_NOT_FOUND when there is none) and every reaction with
 * it: a reaction must stay something the server can draw. Text that names it keeps
 * `:shortcode:`, shown as written. Its image is left to the sweep of unused media.
 */
export async function removeCustomEmoji(tx: Store, shortcode: string): Promise<EmojiRemoval> {
  if (!(await getCustomEmoji(tx, shortcode))) {
    throw new HttpError('EMOJI_NOT_FOUND', EMOJI_MESSAGES.notFound(shortcode))
  }
  const reaction = `:${shortcode}:`
  const reactions = await tx.all<{ postId: number; userId: number }>(
    `SELECT post_id AS "postId", user_id AS "userId" FROM post_emoji_reactions WHERE reaction = ?`,
    reaction,
  )
  await tx.run('DELETE FROM post_emoji_reactions WHERE reaction = ?', reaction)
  await tx.run('DELETE FROM post_emoji_counts WHERE reaction = ?', reaction)
  await tx.run('DELETE FROM custom_emoji WHERE shortcode = ?', shortcode)
  return {
    posts: [...new Set(reactions.map((row) => row.postId))],
    reactors: [...new Set(reactions.map((row) => row.userId))],
  }
}
