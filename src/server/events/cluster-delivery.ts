/**
 * The hub's delivery from Redis in a cluster (hub.ts delivers on its own without one).
 *
 * In a cluster (`--redis`), what a client is told rests on Redis alone, so that it is the same on
 * every instance (redis-transport.ts): a client resuming with Last-Event-ID gets everything it
 * missed (in order, nothing twice, nothing from before its id), or `reset` when that is not all
 * in the stream any more: an id of an earlier epoch (Redis restarted without its data, or an
 * event never reached it), an entry trimmed away, a gap. A client that stays connected gets the
 * same `reset` in its stream, at the first entry its instance's reader cannot follow on from. No
 * instance sends an event before Redis has it (no local ring in a cluster), so none replays what
 * another could not.
 *
 * Here: a client's cursor in the shared stream, a resuming client's replay read from the stream
 * then what came meanwhile then `ready`, and a `reset` where the stream cannot follow on. The
 * hub's own writes (its counts, its cap on a client's buffer) come in as a StreamWriter.
 */
import type { RedisEventTransport, ReplayAnswer, ResetReason, StreamEntry } from './redis-transport'
import { isLaterEventId } from './stream-ids'
import { log } from '../observability/log'
import { audienceOf, deliverable, encodeEvent, type Client, type PendingItem } from './hub-types'

/** How the hub writes to a client: counted, and cut off past its buffer (hub.ts send, encode). */
export interface StreamWriter {
  send(client: Client, chunk: Uint8Array): void
  encode(id: string, type: string, data: unknown): Uint8Array
  clientBufferBytes(): number
  /**
   * The id up to which the reader's entries are written to every stream they are for: an entry
   * after it may still be on its way (written a slice at a time, hub.ts), so no cursor passes it.
   */
  handedOver(): string
}

export function sendAfterCursor(
  hub: StreamWriter,
  client: Client,
  id: string,
  chunk: Uint8Array,
): void {
  if (!isLaterEventId(id, client.cursor)) return
  client.cursor = id
  hub.send(client, chunk)
}

/**
 * Tells the client to refetch, from `id` on; not when it is there already (a replay from the
 * same epoch went past it).
 */
export function resetAt(hub: StreamWriter, client: Client, id: string, reason: ResetReason): void {
  if (id === client.cursor || isLaterEventId(client.cursor, id)) return
  client.cursor = id
  hub.send(client, encodeEvent(id, 'reset', { reason }))
}

export function flushPending(hub: StreamWriter, client: Client, pending: PendingItem[]): void {
  for (const item of pending) {
    if ('reset' in item) resetAt(hub, client, item.id, item.reset)
    else sendAfterCursor(hub, client, item.id, item.chunk)
  }
}

/**
 * With Redis: replays what the client missed from the stream (from any instance), then the
 * live events that came meanwhile, then \`ready\`. Without an id it starts at the stream's end.
 */
export async function startFromStream(
  hub: StreamWriter,
  transport: RedisEventTransport,
  client: Client,
  lastEventId: string | undefined,
): Promise<void> {
  if (lastEventId) {
    let answer: ReplayAnswer
    try {
      answer = await transport.replay(lastEventId)
    } catch (error) {
      log().error({ reason: (error as Error).message }, 'could not replay live events from Redis')
      answer = { ok: false, reason: 'too-old' }
    }
    if (client.closed) return
    const missed = answer.ok ? missedChunks(hub, client, answer.entries) : null
    if (!answer.ok || !missed) {
      // What came up to here is in what the client fetches again, the reader's meanwhile too.
      client.cursor = transport.lastId
      client.pending = []
      const reason = answer.ok ? 'too-old' : answer.reason
      hub.send(client, encodeEvent(client.cursor, 'reset', { reason }))
    } else {
      client.cursor = lastEventId
      for (const { id, chunk } of missed) sendAfterCursor(hub, client, id, chunk)
      // Entries passed over (for others, or controls) were seen too.
      const last = answer.entries.at(-1)?.[0]
      if (last && isLaterEventId(last, client.cursor)) client.cursor = last
    }
  }
  const pending = client.pending ?? []
  client.pending = null
  flushPending(hub, client, pending)
  // Entries the reader passed over (for others, or controls) were seen too; those still being
  // written come to it after `ready`. An epoch the client is not in yet comes with a reset, in
  // the pending items above.
  const handedOver = hub.handedOver()
  if (isLaterEventId(handedOver, client.cursor)) client.cursor = handedOver
  hub.send(client, encodeEvent(client.cursor, 'ready', {}))
}

/** The replayed events the client may see; null when they are more than its buffer takes. */
function missedChunks(
  hub: StreamWriter,
  client: Client,
  entries: [string, StreamEntry][],
): { id: string; chunk: Uint8Array }[] | null {
  const missed: { id: string; chunk: Uint8Array }[] = []
  let bytes = 0
  for (const [id, entry] of entries) {
    if (entry.kind !== 'event') continue
    // Encoded only when it is theirs: a replay walks others' events too.
    if (!deliverable(audienceOf(entry), client.userId)) continue
    const chunk = hub.encode(id, entry.type, entry.data)
    missed.push({ id, chunk })
    bytes += chunk.byteLength
  }
  return bytes > hub.clientBufferBytes() / 2 ? null : missed
}

/** An event the reader handed over: sent, or held while the client's replay is read. */
export function sendOrHold(hub: StreamWriter, client: Client, id: string, chunk: Uint8Array): void {
  if (client.pending) client.pending.push({ id, chunk })
  else sendAfterCursor(hub, client, id, chunk)
}

/** The reader cannot follow on before `id` (TransportSink.reset): every client refetches. */
export function resetAll(
  hub: StreamWriter,
  clients: Iterable<Client>,
  id: string,
  reason: ResetReason,
): void {
  for (const client of clients) {
    if (client.pending) client.pending.push({ id, reset: reason })
    else resetAt(hub, client, id, reason)
  }
}
