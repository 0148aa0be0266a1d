import type { PostMediaItem } from '../../../shared/api-types'
import type { DraftBody } from '../../../shared/drafts'
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

/** The slot a key names (`newPost`, `comment:<postId>`): the server keeps drafts by slot. */
export function slotOfKey(key: string): string {
  return key.slice(key.lastIndexOf('|') + 1)
}

/** The keys of one user's drafts on one server, kept on this device. */
export function localDraftKeys(userId: string, server = serverOrigin()): string[] {
  const prefix = draftKey(userId, '', server)
  const keys: string[] = []
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index)
      if (key?.startsWith(prefix) && !key.slice(prefix.length).includes('|')) keys.push(key)
    }
  } catch {
    // No storage: no drafts.
  }
  return keys
}

// --- when a draft was written, for drafts kept on the server (state/draft-sync.ts) ---

const atKeyOf = (key: string) => `${key}|at`
const syncedKeyOf = (key: string) => `${key}|synced`

type DraftListener = (key: string) => void
const listeners = new Set<DraftListener>()
const downloadListeners = new Set<DraftListener>()

/** How many times each draft was taken from the server in this window's life. */
const downloadCounts = new Map<string, number>()

/**
 * Told the key of every draft taken from the server (written on another device): a composer
 * already open on it, untouched since, shows it (lib/use-downloaded-draft.ts).
 */
export function onDraftDownloaded(listener: DraftListener): () => void {
  downloadListeners.add(listener)
  return () => downloadListeners.delete(listener)
}

/** How many times the draft `key` was taken from the server: a composer tells a missed one. */
export function draftDownloadCount(key: string): number {
  return downloadCounts.get(key) ?? 0
}

/** Told the key of every draft changed on this device (typed, uploaded, polled, cleared). */
export function onDraftChange(listener: DraftListener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function readNumber(key: string): number | null {
  try {
    const value = Number(localStorage.getItem(key) ?? Number.NaN)
    return Number.isFinite(value) ? value : null
  } catch {
    return null
  }
}

function writeNumber(key: string, value: number | null): void {
  try {
    if (value === null) localStorage.removeItem(key)
    else localStorage.setItem(key, String(value))
  } catch {
    // As for the text.
  }
}

/** When this device last changed the draft, or took it from the server (0: never said). */
export function draftUpdatedAt(key: string): number {
  return readNumber(atKeyOf(key)) ?? 0
}

/** The write time this device and the server last agreed on for the draft, if ever. */
export function draftSyncedAt(key: string): number | null {
  return readNumber(syncedKeyOf(key))
}

export function markDraftSynced(key: string, at: number): void {
  writeNumber(syncedKeyOf(key), at)
}

function changed(key: string): void {
  writeNumber(atKeyOf(key), Date.now())
  for (const listener of listeners) listener(key)
}

/** The draft as the server keeps it: text, uploads and poll together. */
export function readDraftBody(key: string): DraftBody {
  // The server keeps the uploads as the app describes them (it checks only their outline).
  const media = readDraftMedia(key) as unknown as DraftBody['media']
  return { text: readDraft(key), media, poll: readDraftPoll(key) }
}

/**
 * Puts a draft written on another device in this one's storage, as of `updatedAt`, without
 * telling the listeners (it came from the server). Its uploads and poll are checked as any read.
 */
export function storeDownloadedDraft(key: string, body: DraftBody, updatedAt: number): void {
  quietly(() => {
    writeDraft(key, body.text)
    writeDraftMedia(key, (body.media as unknown[]).filter(isDraftMedia))
    writeDraftPoll(key, draftPollOf(body.poll))
  })
  writeNumber(atKeyOf(key), updatedAt)
  markDraftSynced(key, updatedAt)
  tellTaken(key)
}

/** A draft's state taken from the server: counted, and told to the composers open on it. */
function tellTaken(key: string): void {
  downloadCounts.set(key, draftDownloadCount(key) + 1)
  for (const listener of downloadListeners) listener(key)
}

/**
 * Forgets a draft sent or thrown away on another device, without telling the change listeners
 * (nothing to save); a composer open on it and untouched empties, as it shows a download (a
 * window reloaded after its draft was posted elsewhere kept showing it when opened first).
 */
export function removeLocalDraft(key: string): void {
  quietly(() => clearDraft(key))
  writeNumber(atKeyOf(key), null)
  writeNumber(syncedKeyOf(key), null)
  tellTaken(key)
}

let muted = false
function quietly(write: () => void): void {
  muted = true
  try {
    write()
  } finally {
    muted = false
  }
}
// --- end of the server's drafts ---

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
  if (!muted) changed(key)
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
  if (!muted) changed(key)
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
  if (!muted) changed(key)
}
// --- end polls ---
