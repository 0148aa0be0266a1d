/**
 * Which live event each API answer was read at (its `X-Live-Event-Id` header, docs/API.md "Live
 * events"). The stream starts from the earliest of them, or goes back to it (live/stream.ts), so
 * a change made between a screen's first load and the stream's first `ready` is still replayed.
 * Kept per server and token: another server, user or token starts over.
 */
import { isEarlierMark, parseLiveEventId, type LiveEventMark } from '../../../shared/live-event-id'

export type LiveMarkListener = (scope: string, mark: LiveEventMark) => void

let currentScope: string | null = null
let earliest: LiveEventMark | null = null
const listeners = new Set<LiveMarkListener>()

/** The scope of a mark: the server and the token the answer was read with. */
export function liveMarkScope(baseUrl: string, token: string | null): string {
  return `${baseUrl}\n${token ?? ''}`
}

/** Notes an answer's header (a missing or malformed one is ignored: an older server). */
export function noteLiveEventMark(scope: string, header: string | null): void {
  const mark = parseLiveEventId(header)
  if (!mark) return
  if (scope !== currentScope) {
    currentScope = scope
    earliest = null
  }
  // A mark from another run of the server replaces the older run's: those can no longer replay.
  if (!earliest || earliest.run !== mark.run || isEarlierMark(mark, earliest)) earliest = mark
  for (const listener of listeners) listener(scope, mark)
}

/** The earliest mark read in this scope, if any. */
export function earliestLiveEventMark(scope: string): LiveEventMark | null {
  return scope === currentScope ? earliest : null
}

/** Calls `listener` with every mark noted from now on; the answer unsubscribes. */
export function onLiveEventMark(listener: LiveMarkListener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Forgets every mark (tests). */
export function resetLiveEventMarks(): void {
  currentScope = null
  earliest = null
}
