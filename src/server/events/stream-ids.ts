/**
 * Redis Stream ids (`<milliseconds>-<number>`) and the event ids a cluster (`--redis`) gives its
 * clients: `<epoch>-<stream id>`, the stream's epoch (8 hex digits, redis-transport.ts) first, so
 * that an id from an earlier life of the stream is recognised as unknown by every instance.
 */

/** A stream id's two numbers; null for anything else. */
export function parseStreamId(id: string): [number, number] | null {
  const match = /^(\d{1,15})-(\d{1,15})$/.exec(id)
  return match ? [Number(match[1]), Number(match[2])] : null
}

/** Negative when `a` comes before `b` in the stream, 0 when equal, positive after. */
export function compareStreamIds(a: string, b: string): number {
  const [aMs, aSeq] = parseStreamId(a) ?? [0, 0]
  const [bMs, bSeq] = parseStreamId(b) ?? [0, 0]
  return aMs - bMs || aSeq - bSeq
}

/** Where a cluster's event stands: the stream's epoch and the entry's stream id. */
export interface StreamPosition {
  epoch: string
  streamId: string
}

const EPOCH = /^[0-9a-f]{8}$/

export function isEpoch(text: string): boolean {
  return EPOCH.test(text)
}

/** The event id clients see, e.g. `5f1c09ab-1718000000000-0`. */
export function formatEventId({ epoch, streamId }: StreamPosition): string {
  return `${epoch}-${streamId}`
}

/** A cluster's event id as epoch and stream id; null for anything else. */
export function parseEventId(id: string): StreamPosition | null {
  const match = /^([0-9a-f]{8})-(\d{1,15}-\d{1,15})$/.exec(id)
  return match?.[1] && match[2] ? { epoch: match[1], streamId: match[2] } : null
}

/** Whether event id `a` comes after `b` in the same epoch (ids of two epochs never compare). */
export function isLaterEventId(a: string, b: string): boolean {
  const first = parseEventId(a)
  const second = parseEventId(b)
  return (
    first !== null &&
    second !== null &&
    first.epoch === second.epoch &&
    compareStreamIds(first.streamId, second.streamId) > 0
  )
}
