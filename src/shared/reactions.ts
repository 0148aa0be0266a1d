/**
 * The emoji reactions a post can get beside like and dislike (docs/API.md, "Emoji reactions"):
 * a small fixed list, the same on every server of this version. The API names a reaction by its
 * `key` (plain ASCII, safe in a path); the app shows its `emoji` and names it with `label`
 * ("React with fire").
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

export const REACTION_KEYS: readonly ReactionKey[] = REACTIONS.map((reaction) => reaction.key)

export function isReactionKey(value: unknown): value is ReactionKey {
  return typeof value === 'string' && (REACTION_KEYS as readonly string[]).includes(value)
}

/** The list's entry for a key. */
export function reactionOf(key: ReactionKey): (typeof REACTIONS)[number] {
  const found = REACTIONS.find((reaction) => reaction.key === key)
  if (!found) throw new Error(`Unknown reaction ${key}`)
  return found
}
