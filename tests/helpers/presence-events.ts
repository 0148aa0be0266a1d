/**
 * Presence as a stream is told it (docs/API.md, "Presence and now playing"): a `presence` event
 * about one user, or a batch (`presences`) naming several, each user with their own state.
 */
import type { PresenceState } from '../../src/shared/api-types'
import type { EventReader } from './sse'

/** How far into each stream's events the presence read so far goes. */
const read = new WeakMap<EventReader, number>()

/**
 * The next presence told about `userId`, passing over what the stream was told of others; from a
 * `presence` event or a `presences` batch alike.
 */
export async function nextPresence(
  stream: EventReader,
  userId: string,
  timeoutMs = 2000,
): Promise<{ userId: string; presence: PresenceState }> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const events = stream.events
    for (let index = read.get(stream) ?? 0; index < events.length; index++) {
      const event = events[index]
      read.set(stream, index + 1)
      if (event?.type === 'presence') {
        const data = event.data as { userId: string; presence: PresenceState }
        if (data.userId === userId) return data
      } else if (event?.type === 'presences') {
        const presence = (event.data as { users: Record<string, PresenceState> }).users[userId]
        if (presence) return { userId, presence }
      }
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `No presence of ${userId} within ${timeoutMs} ms (received: ${events.map((event) => event.type).join(', ')})`,
      )
    }
    await stream.settle(20)
  }
}
