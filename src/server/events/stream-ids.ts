/** Redis Stream ids (`<milliseconds>-<number>`), the event ids of a cluster (`--redis`). */

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
