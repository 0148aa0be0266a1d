/**
 * Live streams for the tests of docs/API.md "Live events": `liveStreams()` at the top of a test
 * file answers `connect`, which opens a user's stream and waits past its first `ready`; every
 * stream it opened is closed after each test, even a failed one.
 */
import { afterEach, expect } from 'vitest'
import type { TestApp } from './server-app'
import { readEvents, type EventReader } from './sse'

export type Connect = (
  app: TestApp,
  who: { token: string },
  lastEventId?: string,
) => Promise<EventReader>

export function liveStreams(): Connect {
  const readers: EventReader[] = []
  afterEach(async () => {
    await Promise.all(readers.splice(0).map((reader) => reader.close()))
  })
  return async (app, who, lastEventId) => {
    const response = await app.request('/api/events', {
      headers: {
        authorization: who.token,
        ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
      },
    })
    expect(response.status).toBe(200)
    const reader = readEvents(response)
    readers.push(reader)
    await reader.next('ready')
    return reader
  }
}
