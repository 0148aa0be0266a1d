/**
 * The emoji reactions a post can get beside like and dislike (docs/API.md, "Emoji reactions").
 *
 * Six quick ones sit in every post's picker: the API names each by its `key` (plain ASCII, as
 * servers before the full picker did), the app shows its `emoji` and names it with `label`
 * ("React with fire"). Any other emoji of the server's set (Emojibase's, the picker's data) is
 * named by the emoji itself. A quick one's emoji picked from the full picker is its key
 * (`canonicalReaction`), so that both count as one.
 */
export const REACTIONS = [
  { key: 'fire', emoji: '🔥', label: 'fire' },
  { key: 'laugh', emoji: '😂', label: 'laughing' },
  { key: 'wow', emoji: '😮', label: 'surprised' },
  { key: 'sad', emoji: '😢', label: 'sad' },
  { key: 'clap', emoji: '👏', label: 'applause' },
  { key: 'gg', emoji: '🎮', label: 'good game' },
] as const

export type ReactionKey = (typeof REACTIONS)[number]['key']

/** A reaction as the API names it: a quick one's key, or any other emoji as itself. */
export type Reaction = string

export const REACTION_KEYS: readonly ReactionKey[] = REACTIONS.map((reaction) => reaction.key)

/**
 * The most different emoji one post carries. Past it a new emoji is refused; adding one of
 * those already there still works. Keeps a post's row of chips (and its answer) small.
 */
export const MAX_POST_REACTIONS = 20

/** The longest emoji the API takes, in UTF-16 units (the longest family sequences are 15). */
export const MAX_REACTION_LENGTH = 32

export function isReactionKey(value: unknown): value is ReactionKey {
  return typeof value === 'string' && (REACTION_KEYS as readonly string[]).includes(value)
}

/** How the API names an emoji: a quick one's key, any other emoji as given. */
export function canonicalReaction(emojiOrKey: string): Reaction {
  // An emoji may come with or without its "draw as emoji" selector (U+FE0F): the same emoji.
  const bare = emojiOrKey.replaceAll('\uFE0F', '')
  return REACTIONS.find((reaction) => reaction.emoji === bare)?.key ?? emojiOrKey
}

/** What to draw for a reaction, and a name for it (an emoji without a label is its own name). */
export function reactionOf(reaction: Reaction): { emoji: string; label: string } {
  const quick = REACTIONS.find((entry) => entry.key === reaction)
  return quick ?? { emoji: reaction, label: reaction }
}

/**
 * The order reactions are listed in: the quick ones as REACTIONS has them, then the others by
 * code point, the same on every device whatever order they were added in.
 */
export function compareReactions(a: Reaction, b: Reaction): number {
  const rank = (reaction: Reaction) => {
    const at = (REACTION_KEYS as readonly string[]).indexOf(reaction)
    return at === -1 ? REACTION_KEYS.length : at
  }
  return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0)
}
