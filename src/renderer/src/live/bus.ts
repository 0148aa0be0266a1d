import type { WritableAtom, createStore } from 'jotai'
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

/** For each event type it names, the atom that applies such an event to a store (given its data). */
export type LiveAppliers = {
  [Type in LiveEventType]?: WritableAtom<unknown, [LiveEventMap[Type]], unknown>
}

/**
 * Applies the events `appliers` names to `store`, each through its atom; the answer unsubscribes.
 * The one place where live events are written into a store. Each state module registers its own
 * appliers: live/merge.ts those of the posts, comments, profiles and one's own user, which it
 * patches together (a follow changes both users, their profiles and the suggestions), and the
 * notification modules theirs, for as long as their screen follows them. A registry rather than
 * one module applying everything: merge.ts would otherwise import the notification list, which
 * loads with its page, and tie the unread count and the list to the stream's lifetime instead of
 * the layout's and the page's.
 */
export function applyLiveEvents(store: ReturnType<typeof createStore>, appliers: LiveAppliers) {
  const subscriptions = Object.entries(appliers).map(([type, applier]) => {
    // The map's type pairs each event's data with its applier; entries lose the pairing.
    const apply = applier as WritableAtom<unknown, [LiveEventMap[LiveEventType]], unknown>
    return onLiveEvent(type as LiveEventType, (data) => void store.set(apply, data))
  })
  return () => {
    for (const unsubscribe of subscriptions) unsubscribe()
  }
}
