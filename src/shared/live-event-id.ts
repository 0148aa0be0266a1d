/**
 * Live event ids (docs/API.md, "Live events"). One server process makes `<server run>-<number>`
 * (the run: 8 hex digits): within one run the numbers grow, so two ids of the same run tell which
 * came first; ids of different runs cannot be compared (the older run's events are gone). A
 * cluster (`--redis`) makes `<stream epoch>-<milliseconds>-<number>`: the epoch (8 hex digits)
 * is the run, and ids of one epoch compare by both numbers, whichever instance sent them.
 */

/** The header of every API answer naming the latest event when the answer was read. */
export const LIVE_EVENT_ID_HEADER = 'X-Live-Event-Id'

export interface LiveEventMark {
  id: string
  /** The server run or the cluster stream's epoch (STREAM_RUN: a stream id without one). */
  run: string
  /** A cluster id's milliseconds; 0 for a server run's ids. */
  major: number
  seq: number
}

/**
 * The run of a bare stream id (`<milliseconds>-<number>`, as clusters sent before their ids had
 * an epoch): they compare among themselves only.
 */
export const STREAM_RUN = 'stream'

/** A server run is 8 hex digits; a bare stream id starts with its milliseconds (or is `0-0`). */
const SERVER_RUN_LENGTH = 8

export function parseLiveEventId(id: string | null | undefined): LiveEventMark | null {
  const cluster = id ? /^([0-9a-f]{8})-(\d{1,15})-(\d{1,15})$/.exec(id) : null
  if (cluster) {
    return {
      id: cluster[0],
      run: cluster[1] ?? '',
      major: Number(cluster[2]),
      seq: Number(cluster[3]),
    }
  }
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
