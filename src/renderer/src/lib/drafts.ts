import type { PostMediaItem } from '../../../shared/api-types'
import {
  LIMITS,
  POLL_DURATIONS_HOURS,
  POLL_DURATIONS_MINUTES,
  type PollDurationMinutes,
} from '../../../shared/limits'
import { serverOrigin } from './addresses'

/**
 * Unsent text kept in localStorage, so that a draft survives closing its box, navigating and
 * reloading. A draft belongs to one user on one server: the key holds the server's origin and the
 * user's id, so switching either never shows someone else's text.
 */
const PREFIX = 'gamerstage:draft'

/** The storage key of one draft slot, e.g. `newPost` or `comment:<postId>`. */
export function draftKey(userId: string, slot: string, server = serverOrigin()): string {
  return `${PREFIX}|${server}|${userId}|${slot}`
}

export function readDraft(key: string): string {
  try {
    return localStorage.getItem(key) ?? ''
  } catch {
    return ''
  }
}

/** Saves the text; an empty or blank text removes the draft. */
export function writeDraft(key: string, text: string): void {
  try {
    if (text.trim()) localStorage.setItem(key, text)
    else localStorage.removeItem(key)
  } catch {
    // Storage full or unavailable: the text stays on screen, it just does not outlive the page.
  }
}

/** Throws the draft away: its text, its uploaded images and clips, and its poll. */
export function clearDraft(key: string): void {
  writeDraft(key, '')
  writeDraftMedia(key, [])
  writeDraftPoll(key, null)
}

// --- screenshots and clips: a draft keeps what it had uploaded ---

/** An image or clip of a draft, uploaded already: the server keeps it a week (DRAFT_UPLOAD_TTL_MS). */
export interface DraftMedia {
  name: string
  alt: string
  media: PostMediaItem
  /** Gone from the server (swept, or refused by a post as MEDIA_GONE): shown as lost, not sent. */
  lost?: boolean
}

const mediaKeyOf = (key: string) => `${key}|media`

const isDraftMedia = (value: unknown): value is DraftMedia => {
  if (!value || typeof value !== 'object') return false
  const item = value as Partial<DraftMedia>
  const media = item.media as Partial<PostMediaItem> | undefined
  return (
    typeof item.name === 'string' &&
    typeof item.alt === 'string' &&
    (item.lost === undefined || typeof item.lost === 'boolean') &&
    typeof media?.id === 'string' &&
    typeof media.url === 'string' &&
    typeof media.thumbUrl === 'string'
  )
}

export function readDraftMedia(key: string): DraftMedia[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(mediaKeyOf(key)) ?? '[]')
    return Array.isArray(value) ? value.filter(isDraftMedia) : []
  } catch {
    return []
  }
}

/** Saves the draft's uploaded media; none removes the entry. */
export function writeDraftMedia(key: string, items: DraftMedia[]): void {
  try {
    if (items.length > 0) localStorage.setItem(mediaKeyOf(key), JSON.stringify(items))
    else localStorage.removeItem(mediaKeyOf(key))
  } catch {
    // As for the text: it stays on screen.
  }
}
// --- end screenshots and clips ---

// --- polls: a draft keeps the poll being written ---

/** A poll being written, as the composer holds it (PollEditor's PollDraft). */
export interface DraftPoll {
  options: string[]
  durationMinutes: PollDurationMinutes
}

const pollKeyOf = (key: string) => `${key}|poll`

/**
 * A kept poll, or null: its length in minutes, or in hours as the app kept it before issue 44
 * (read as the same minutes).
 */
const draftPollOf = (value: unknown): DraftPoll | null => {
  if (!value || typeof value !== 'object') return null
  const poll = value as { options?: unknown; durationMinutes?: unknown; durationHours?: unknown }
  const options = poll.options
  if (
    !Array.isArray(options) ||
    options.length < LIMITS.pollOptionsMin ||
    options.length > LIMITS.pollOptionsMax ||
    !options.every((option) => typeof option === 'string')
  ) {
    return null
  }
  const minutes = (POLL_DURATIONS_HOURS as readonly unknown[]).includes(poll.durationHours)
    ? Number(poll.durationHours) * 60
    : poll.durationMinutes
  if (!(POLL_DURATIONS_MINUTES as readonly unknown[]).includes(minutes)) return null
  return { options: options as string[], durationMinutes: minutes as PollDurationMinutes }
}

/** The draft's poll, options as typed (even empty ones), or null. */
export function readDraftPoll(key: string): DraftPoll | null {
  try {
    return draftPollOf(JSON.parse(localStorage.getItem(pollKeyOf(key)) ?? 'null'))
  } catch {
    return null
  }
}

/** Saves the poll being written; null removes it. */
export function writeDraftPoll(key: string, poll: DraftPoll | null): void {
  try {
    if (poll) localStorage.setItem(pollKeyOf(key), JSON.stringify(poll))
    else localStorage.removeItem(pollKeyOf(key))
  } catch {
    // As for the text: it stays on screen.
  }
}
// --- end polls ---
