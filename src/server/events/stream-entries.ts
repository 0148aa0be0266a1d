/**
 * The entries of the live events' stream in Redis (redis-transport.ts): what one carries, and how
 * its fields (epoch, number, text) are read back.
 */
import { isEpoch } from './stream-ids'

/** What one stream entry carries: an event with its audience, or a control between instances. */
export type StreamEntry =
  | {
      kind: 'event'
      type: string
      data: unknown
      to?: number
      /** Only these users (hub.ts Audience): one audience class of an event. */
      only?: number[]
      exclude?: number[]
    }
  /** Ends one user's streams on every instance (their sessions ended). */
  | { kind: 'disconnect'; userId: number; origin: string }
  /**
   * What a command touched (caches/touched.ts), for the other instances' caches: appended before
   * the command's events, so each instance changes its caches before it hears of them. No client
   * is ever sent one, live or in a replay (only `event` entries are).
   */
  | { kind: 'touched'; touched: object; origin: string }

/** Why a client refetches instead of being replayed (docs/API.md, the `reset` event). */
export type ResetReason = 'too-old' | 'unknown-id'

export type ReplayAnswer =
  /** What came after the id, with event ids (`<epoch>-<stream id>`). */
  | { ok: true; entries: [eventId: string, entry: StreamEntry][] }
  | { ok: false; reason: ResetReason }

/** The text of an epoch's first entry (field `e`), which carries no event. */
export const EPOCH_MARKER = '{"kind":"epoch"}'

export type RawEntry = [id: string, fields: string[]]

/** An entry's epoch, number and text (null text: the epoch's marker). */
export interface EntryFields {
  epoch: string
  number: number
  text: string | null
}

export function fieldsOf(fields: string[]): EntryFields | null {
  const named = new Map<string, string>()
  for (let i = 0; i + 1 < fields.length; i += 2) named.set(String(fields[i]), String(fields[i + 1]))
  const epoch = named.get('r') ?? ''
  const number = Number(named.get('n'))
  const text = named.get('e') ?? ''
  // An entry without an epoch (a server from before epochs) belongs to none.
  if (!isEpoch(epoch) || !Number.isSafeInteger(number)) return null
  return { epoch, number, text: text === EPOCH_MARKER ? null : text }
}

export function decode(text: string | null): StreamEntry | null {
  if (!text) return null
  try {
    return JSON.parse(text) as StreamEntry
  } catch {
    return null
  }
}
