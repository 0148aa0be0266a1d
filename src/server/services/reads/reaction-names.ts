/**
 * The one check of a reaction the API is given (posts' emoji reactions now; messages' reactions
 * may take the same): a quick one's key, an emoji of the server's set, or `:shortcode:` of one of
 * its custom emoji, answered as the API names it; anything else is refused with a clear sentence.
 */
import {
  canonicalReaction,
  isReactionKey,
  MAX_REACTION_LENGTH,
  type Reaction,
} from '../../../shared/reactions'
import { shortcodeOf } from '../../../shared/custom-emoji'
import type { Store } from '../../db/store'
import { HttpError } from '../../errors/http-error'
import { EMOJI_MESSAGES, SHARE_MESSAGES } from '../../errors/messages'
import { knownCustomReaction } from './custom-emoji'
import { knownEmoji } from './known-emoji'

/**
 * `raw` as the API names it. `forRemoval`: a custom emoji deleted since is still named, so that
 * taking back a reaction never fails (deleting the emoji took its reactions anyway).
 */
export async function checkedReaction(
  db: Store,
  raw: string,
  forRemoval = false,
): Promise<Reaction> {
  if (isReactionKey(raw)) return raw
  const shortcode = shortcodeOf(raw)
  if (shortcode !== null) {
    if (forRemoval) return raw
    const known = await knownCustomReaction(db, raw)
    if (known === null) throw new HttpError('VALIDATION', EMOJI_MESSAGES.notFound(shortcode))
    return known
  }
  const emoji = raw.length <= MAX_REACTION_LENGTH ? knownEmoji(raw) : null
  if (emoji === null) throw new HttpError('VALIDATION', SHARE_MESSAGES.unknownReaction)
  return canonicalReaction(emoji)
}
