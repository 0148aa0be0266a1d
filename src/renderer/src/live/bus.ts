import type { LiveEventMap, LiveEventType } from '../../../shared/api-types'

type Handler<Type extends LiveEventType> = (data: LiveEventMap[Type], id: string | null) => void

/**
 * The renderer's one fan-out point for the server's live events (docs/API.md, "Live events"):
 * the stream reader publishes each parsed event here, and each kind of state (posts, comments,
 * profiles, notifications) subscribes to the events it owns. Keeps the reader ignorant of the
 * state and the state modules ignorant of one another.
 */
const handlers = new Map<LiveEventType, Set<Handler<LiveEventType>>>()

/** Calls `handler` for every event of `type` from now on; the answer unsubscribes. */
export function onLiveEvent<Type extends LiveEventType>(
  type: Type,
  handler: Handler<Type>,
): () => void {
  let set = handlers.get(type)
  if (!set) {
    set = new Set()
    handlers.set(type, set)
  }
  const stored = handler as unknown as Handler<LiveEventType>
  set.add(stored)
  return () => {
    set.delete(stored)
  }
}

/**
 * Hands one event to its subscribers. A subscriber that throws is reported and skipped, so one
 * broken screen cannot stop the others from updating.
 */
export function publishLiveEvent<Type extends LiveEventType>(
  type: Type,
  data: LiveEventMap[Type],
  id: string | null = null,
): void {
  for (const handler of handlers.get(type) ?? []) {
    try {
      handler(data, id)
    } catch (error) {
      console.error(`Live event "${type}" handler failed`, error)
    }
  }
}
