/**
 * The emoji this server takes as reactions: Emojibase's set, the data the app's picker shows
 * (frimousse draws from the same package's files; vite.web.config.ts ships them), each with its
 * skin tones. Read from the package on the first reaction that is not a quick one, then kept:
 * a server that never sees one never loads it.
 */
import { createRequire } from 'node:module'

interface CompactEmoji {
  unicode: string
  /** Absent for the loose parts of sequences (regional indicators, skin tone swatches). */
  group?: number
  skins?: { unicode: string }[]
}

/** Emojibase's group of bare components (hair styles, skin tone swatches): not emoji to send. */
const COMPONENT_GROUP = 2

/** An emoji without its "draw as emoji" selectors (U+FE0F), which senders add or leave out. */
const bare = (emoji: string) => emoji.replaceAll('\uFE0F', '')

/** Each emoji of the set by its bare form, to its form in the data. */
let known: ReadonlyMap<string, string> | undefined

function loadKnownEmoji(): ReadonlyMap<string, string> {
  const require = createRequire(import.meta.url)
  const entries = require('emojibase-data/en/compact.json') as CompactEmoji[]
  const forms = new Map<string, string>()
  for (const entry of entries) {
    if (entry.group === undefined || entry.group === COMPONENT_GROUP) continue
    for (const emoji of [entry.unicode, ...(entry.skins ?? []).map((skin) => skin.unicode)]) {
      forms.set(bare(emoji), emoji)
    }
  }
  return forms
}

/**
 * `value` as the set writes it when it is one whole emoji of the set (with or without its
 * selectors), so that "❤" and "❤️" count as one reaction; null for anything else.
 */
export function knownEmoji(value: string): string | null {
  known ??= loadKnownEmoji()
  return known.get(bare(value)) ?? null
}
