/**
 * Live event ids (docs/API.md, "Live events"). One server process makes `<server run>-<number>`
 * (the run: 8 hex digits): within one run the numbers grow, so two ids of the same run tell which
 * came first; ids of different runs cannot be compared (the older run's events are gone). A
 * cluster (`--redis`) uses its Redis Stream's ids, `<milliseconds>-<number>`, which all compare.
 */

/** The header of every API answer naming the latest event when the answer was read. */
export const LIVE_EVENT_ID_HEADER = 'X-Live-Event-Id'

export interface LiveEventMark {
  id: string
  /** The server run, or STREAM_RUN for a cluster's stream ids. */
  run: string
  /** A stream id's milliseconds; 0 for a server run's ids. */
  major: number
  seq: number
}

/** The run of every stream id: they all belong to one ordered stream. */
export const STREAM_RUN = 'stream'

/** A server run is 8 hex digits; a stream id starts with its milliseconds (or is `0-0`). */
const SERVER_RUN_LENGTH = 8

export function parseLiveEventId(id: string | null | undefined): LiveEventMark | null {
  const match = id ? /^([0-9a-f]{1,32})-(\d{1,15})$/.exec(id) : null
  if (!match) return null
  const run = match[1] ?? ''
  const seq = Number(match[2])
  if (run.length !== SERVER_RUN_LENGTH && /^\d{1,15}$/.test(run)) {
    return { id: match[0], run: STREAM_RUN, major: Number(run), seq }
  }
  return { id: match[0], run, major: 0, seq }
}

/** True when `a` is an earlier event of the same run (or stream) as `b`. */
export function isEarlierMark(a: LiveEventMark, b: LiveEventMark): boolean {
  return a.run === b.run && (a.major < b.major || (a.major === b.major && a.seq < b.seq))
}
