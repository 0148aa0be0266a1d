/**
 * Finds `@username` mentions and `#tag` hashtags in a post or comment. One parser for both sides:
 * the server stores tags and notifies mentioned users from what it finds, and the renderer
 * links the same spans, so what is linked is always what was indexed.
 */
import { LIMITS } from './limits'

/** A span of a text: plain, a mention (`@name`, without the `@` in `username`) or a tag. */
export type RichTextSegment =
  | { kind: 'text'; text: string }
  | { kind: 'mention'; text: string; username: string }
  | { kind: 'tag'; text: string; tag: string }

/** At most this many distinct mentions and tags count per text: bounds the writes one post causes. */
export const MAX_MENTIONS_PER_TEXT = 20
export const MAX_TAGS_PER_TEXT = 20
/** Characters of a tag after the `#`. */
export const TAG_MAX_LENGTH = 50

/**
 * A mention is `@` then a username (letters, digits, `_`, `.`, `-`) that starts and ends with a
 * letter, digit or `_`, so that "thanks @alice." does not take the full stop. It must not follow
 * a character that could be part of a word, an e-mail address or a path (`bob@example.com`).
 *
 * A tag is `#` then letters (any script, with their combining marks), digits and `_`, with at least one letter or `_`, so
 * "issue #1" is no tag. It must not follow a word character, `&` (HTML entities) or `/` (URL
 * fragments such as `example.com/#top`).
 */
const TOKEN =
  /(?<![\p{L}\p{N}_.@/&#-])(?:@([A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?)|#([\p{L}\p{M}\p{N}_]*[\p{L}_][\p{L}\p{M}\p{N}_]*))/gu

/** The stored, compared form of a tag: without `#`, NFC, lowercase. */
export function normalizeTag(tag: string): string {
  return tag.replace(/^#/, '').normalize('NFC').toLowerCase()
}

/** True for a tag (with or without its `#`) that the parser would find. */
export function isValidTag(tag: string): boolean {
  const bare = tag.replace(/^#/, '')
  return (
    bare.length > 0 &&
    bare.length <= TAG_MAX_LENGTH &&
    /^[\p{L}\p{M}\p{N}_]*[\p{L}_][\p{L}\p{M}\p{N}_]*$/u.test(bare)
  )
}

/** Splits a text into plain spans, mentions and tags, in order; the spans join back to the text. */
export function parseRichText(text: string): RichTextSegment[] {
  const segments: RichTextSegment[] = []
  let plainFrom = 0
  for (const match of text.matchAll(TOKEN)) {
    const [whole, username, tag] = match
    const valid =
      username !== undefined
        ? username.length >= LIMITS.usernameMin && username.length <= LIMITS.usernameMax
        : tag !== undefined && tag.length <= TAG_MAX_LENGTH
    if (!valid) continue
    if (match.index > plainFrom) {
      segments.push({ kind: 'text', text: text.slice(plainFrom, match.index) })
    }
    segments.push(
      username !== undefined
        ? { kind: 'mention', text: whole, username }
        : { kind: 'tag', text: whole, tag: normalizeTag(tag ?? '') },
    )
    plainFrom = match.index + whole.length
  }
  if (plainFrom < text.length) segments.push({ kind: 'text', text: text.slice(plainFrom) })
  return segments
}

/** The usernames mentioned, each once (compared without case, first spelling kept), at most 20. */
export function extractMentions(text: string): string[] {
  // Most texts have none: every page of posts and comments asks, so skip the scan.
  if (!text.includes('@')) return []
  const found = new Map<string, string>()
  for (const segment of parseRichText(text)) {
    if (segment.kind !== 'mention') continue
    const key = segment.username.toLowerCase()
    if (!found.has(key)) found.set(key, segment.username)
    if (found.size === MAX_MENTIONS_PER_TEXT) break
  }
  return [...found.values()]
}

/** The tags, normalized, each once, at most 20. */
export function extractTags(text: string): string[] {
  if (!text.includes('#')) return []
  const found = new Set<string>()
  for (const segment of parseRichText(text)) {
    if (segment.kind !== 'tag') continue
    found.add(segment.tag)
    if (found.size === MAX_TAGS_PER_TEXT) break
  }
  return [...found]
}
