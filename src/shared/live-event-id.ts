/**
 * Live event ids (docs/API.md, "Live events"): `<server run>-<number>`. Within one run of a
 * server the numbers grow, so two ids of the same run tell which came first; ids of different
 * runs cannot be compared (the older run's events are gone).
 */

/** The header of every API answer naming the latest event when the answer was read. */
export const LIVE_EVENT_ID_HEADER = 'X-Live-Event-Id'

export interface LiveEventMark {
  id: string
  run: string
  seq: number
}

export function parseLiveEventId(id: string | null | undefined): LiveEventMark | null {
  const match = id ? /^([0-9a-f]{1,32})-(\d{1,15})$/.exec(id) : null
  return match ? { id: match[0], run: match[1] ?? '', seq: Number(match[2]) } : null
}

/** True when `a` is an earlier event of the same run as `b`. */
export function isEarlierMark(a: LiveEventMark, b: LiveEventMark): boolean {
  return a.run === b.run && a.seq < b.seq
}
