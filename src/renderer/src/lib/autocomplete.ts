/**
 * What the composer's autocomplete works on: the `@name` or `#tag` being typed
 * at the caret, and the text once a suggestion replaces it. The rules are rich-text.ts's, so a
 * suggestion is offered exactly where the finished word would be a mention or a tag.
 */
import { LIMITS } from '../../../shared/limits'
import { TAG_MAX_LENGTH } from '../../../shared/rich-text'

export interface ActiveToken {
  kind: 'mention' | 'tag'
  /** Where the `@` or `#` is. */
  start: number
  /** Where the word ends (the caret, or further when the caret is inside the word). */
  end: number
  /** What follows the `@` or `#` up to the caret. */
  query: string
}

const MENTION_CHAR = /[A-Za-z0-9_.-]/
const TAG_CHAR = /[\p{L}\p{M}\p{N}_]/u
/** A character that, right before `@` or `#`, makes it no mention or tag (rich-text.ts TOKEN). */
const BLOCKS_TOKEN = /[\p{L}\p{N}_.@/&#-]/u

/** The mention or tag being typed at `caret`, with at least one character after its sign. */
export function activeToken(text: string, caret: number): ActiveToken | null {
  for (const kind of ['mention', 'tag'] as const) {
    const sign = kind === 'mention' ? '@' : '#'
    const allowed = kind === 'mention' ? MENTION_CHAR : TAG_CHAR
    let start = caret
    while (start > 0 && allowed.test(text[start - 1] ?? '')) start -= 1
    if (text[start - 1] !== sign) continue
    const before = text[start - 2]
    if (before !== undefined && BLOCKS_TOKEN.test(before)) continue
    const query = text.slice(start, caret)
    const max = kind === 'mention' ? LIMITS.usernameMax : TAG_MAX_LENGTH
    if (query.length === 0 || query.length > max) return null
    // A mention starts with a letter, digit or `_`.
    if (kind === 'mention' && !/^[A-Za-z0-9_]/.test(query)) return null
    let end = caret
    while (end < text.length && allowed.test(text[end] ?? '')) end += 1
    return { kind, start: start - 1, end, query }
  }
  return null
}

/**
 * The text with `value` (a username or a tag, without its sign) in place of the token, and a
 * space after it (kept single when one follows already), and where the caret goes: after that
 * space.
 */
export function applySuggestion(
  text: string,
  token: ActiveToken,
  value: string,
): { text: string; caret: number } {
  const sign = token.kind === 'mention' ? '@' : '#'
  const after = text.slice(token.end)
  const inserted = `${sign}${value}${after.startsWith(' ') ? '' : ' '}`
  const caret = token.start + inserted.length + (after.startsWith(' ') ? 1 : 0)
  return { text: `${text.slice(0, token.start)}${inserted}${after}`, caret }
}
