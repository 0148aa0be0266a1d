/**
 * What a client resuming with `Last-Event-ID` missed on one instance (events/hub.ts keeps the
 * last `replaySize` events in a ring): the chunks it may receive, in order, or a `reset` when
 * the id is not one of this run's or is older than the ring, or when the missed events are
 * more than half its buffer holds (a refetch is cheaper than a flood).
 */
import { deliverable, encodeEvent, type StoredEvent } from './hub-types'
import type { ResetReason } from './redis-transport'

export interface ReplayRing {
  ring: readonly (StoredEvent | undefined)[]
  /** This run's id prefix, and the sequence number of the newest event. */
  epoch: string
  seq: number
  replaySize: number
  clientBufferBytes: number
}

export type Missed = { reset: ResetReason } | { chunks: Uint8Array[] }

export function missedSince(from: ReplayRing, lastEventId: string, userId: number): Missed {
  const match = /^([0-9a-f]+)-(\d{1,15})$/.exec(lastEventId)
  const seen = match && match[1] === from.epoch ? Number(match[2]) : null
  if (seen === null || seen > from.seq) return { reset: 'unknown-id' }
  const oldestKept = Math.max(1, from.seq - from.replaySize + 1)
  if (seen + 1 < oldestKept) return { reset: 'too-old' }
  const chunks: Uint8Array[] = []
  let bytes = 0
  for (let seq = seen + 1; seq <= from.seq; seq++) {
    const event = from.ring[seq % from.replaySize]
    if (!event || event.seq !== seq) continue
    if (!deliverable(event, userId)) continue
    chunks.push(event.chunk)
    bytes += event.chunk.byteLength
  }
  if (bytes > from.clientBufferBytes / 2) return { reset: 'too-old' }
  return { chunks }
}

/** What the ring sends a client resuming from `lastEventId` (none: nothing): its chunks, or `reset`. */
export function ringReplay(
  from: ReplayRing,
  lastEventId: string | undefined,
  userId: number,
  latestId: string,
): Uint8Array[] {
  if (lastEventId === undefined || lastEventId === '') return []
  const missed = missedSince(from, lastEventId, userId)
  if ('reset' in missed) return [encodeEvent(latestId, 'reset', { reason: missed.reset })]
  return missed.chunks
}
