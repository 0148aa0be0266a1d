/**
 * The host's custom emoji (docs/API.md, "Custom emoji"): adding one (its image checked,
 * re-encoded and stored first) and deleting one with its reactions. Either tells every open app
 * the list's new version (`custom-emoji`, through the hub: every instance hears it).
 */
import { processCustomEmoji, storeImage } from '../services/media/media'
import {
  customEmojiVersion,
  listCustomEmoji,
  type CustomEmojiRow,
} from '../services/reads/custom-emoji'
import * as emoji from '../services/writes/custom-emoji'
import { commit, type Actor, type Live } from './live'

async function publishList(live: Live): Promise<void> {
  live.hub.publish(
    'custom-emoji',
    { version: customEmojiVersion(await listCustomEmoji(live.db)) },
    {},
  )
}

/** Adds `:shortcode:` with the image of `bytes` (hosts); the shortcode is checked already. */
export async function addCustomEmoji(
  live: Live,
  host: Actor,
  shortcode: string,
  bytes: Buffer,
): Promise<CustomEmojiRow> {
  const image = await processCustomEmoji(bytes)
  const mediaId = await storeImage(live.db, host.id, image.bytes, Date.now(), live.media)
  return commit(
    live,
    (tx) =>
      emoji.addCustomEmoji(tx, { shortcode, mediaId, addedBy: host.id, createdAt: Date.now() }),
    () => publishList(live),
  )
}

/** Deletes `:shortcode:` and every reaction with it (hosts). */
export async function removeCustomEmoji(live: Live, shortcode: string): Promise<void> {
  await commit(
    live,
    (tx) => emoji.removeCustomEmoji(tx, shortcode),
    () => publishList(live),
    (removal) => ({ posts: removal.posts, viewers: removal.reactors }),
  )
}
