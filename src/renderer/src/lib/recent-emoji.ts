/**
 * The emoji this device picked last, first in the picker (components/emoji/EmojiPanel.tsx), and
 * the skin tone chosen there. Kept in localStorage: a habit of this device's hand, not the account's.
 */
import type { SkinTone } from 'frimousse'

const RECENT_KEY = 'recentEmoji'
const SKIN_TONE_KEY = 'emojiSkinTone'

/** As many as fit one row of the picker. */
export const RECENT_KEPT = 8

const SKIN_TONES: readonly SkinTone[] = [
  'none',
  'light',
  'medium-light',
  'medium',
  'medium-dark',
  'dark',
]

export function readRecentEmoji(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]')
    if (!Array.isArray(stored)) return []
    return stored
      .filter((emoji): emoji is string => typeof emoji === 'string' && emoji.length <= 32)
      .slice(0, RECENT_KEPT)
  } catch {
    return []
  }
}

/** Puts `emoji` first, once, dropping the oldest past RECENT_KEPT; answers the new list. */
export function rememberEmoji(emoji: string): string[] {
  const recent = [emoji, ...readRecentEmoji().filter((other) => other !== emoji)].slice(
    0,
    RECENT_KEPT,
  )
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify(recent))
  } catch {
    // Storage full or refused: the list is a convenience, the pick itself went through.
  }
  return recent
}

export function readSkinTone(): SkinTone {
  const stored = localStorage.getItem(SKIN_TONE_KEY)
  return SKIN_TONES.find((tone) => tone === stored) ?? 'none'
}

export function storeSkinTone(tone: SkinTone): void {
  try {
    localStorage.setItem(SKIN_TONE_KEY, tone)
  } catch {
    // As above: only the next picker's default is lost.
  }
}

export { SKIN_TONES }
