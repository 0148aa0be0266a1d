/**
 * The server's own emoji, uploaded by its hosts (docs/API.md, "Custom emoji"): each is named by
 * a shortcode, written `:shortcode:` in posts, comments and messages and as a reaction.
 *
 * At most 30 characters, so that `:shortcode:` stays within MAX_REACTION_LENGTH, the longest
 * reaction every version of the app takes in an answer.
 */
export const SHORTCODE_LENGTH = { min: 2, max: 30 } as const

export const SHORTCODE_PATTERN = /^[a-z0-9_]{2,30}$/

/** The most custom emoji a server holds. */
export const MAX_CUSTOM_EMOJI = 500

/** The side of the box an uploaded emoji is fit in, in pixels (shown about 20 pixels high). */
export const CUSTOM_EMOJI_SIDE = 128

export function isShortcode(value: unknown): value is string {
  return typeof value === 'string' && SHORTCODE_PATTERN.test(value)
}

/** The shortcode of a reaction written `:shortcode:`, or null for any other reaction. */
export function shortcodeOf(reaction: string): string | null {
  const match = /^:([a-z0-9_]{2,30}):$/.exec(reaction)
  return match ? (match[1] ?? null) : null
}
