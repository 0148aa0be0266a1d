/**
 * Reads a server-sent event stream the way the renderer does (fetch, not EventSource): parses
 * `id:`, `event:` and `data:` lines into events, and waits for them with a bounded timeout.
 */
import type { LiveEventMap, LiveEventType } from '../../src/shared/api-types'

export interface ReceivedEvent {
  id: string | undefined
  type: string
  data: unknown
}

export interface EventReader {
  /** Every event received so far (pings aside), in order. */
  events: ReceivedEvent[]
  /** Count of `: ping` comments received. */
  pings(): number
  /** The `id:` of the latest event, as a reconnecting client sends it in Last-Event-ID. */
  lastEventId(): string | undefined
  /** Waits for the next event of this type not taken before (default 2 s). */
  next<Type extends LiveEventType>(
    type: Type,
    timeoutMs?: number,
  ): Promise<{ id: string | undefined; data: LiveEventMap[Type] }>
  /** Lets a little time pass and answers the types received meanwhile (for "nothing came"). */
  settle(ms?: number): Promise<string[]>
  /** Resolves when the server ends the stream. */
  ended: Promise<void>
  close(): Promise<void>
}

export function readEvents(response: Response): EventReader {
  if (!response.body) throw new Error('The response has no body')
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  const events: ReceivedEvent[] = []
  const taken = new Set<ReceivedEvent>()
  let pings = 0
  let buffer = ''
  let lastId: string | undefined
  let wake: (() => void) | undefined

  const ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        buffer += decoder.decode(value, { stream: true })
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          if (block.startsWith(': ping')) pings += 1
          const event: Partial<ReceivedEvent> & { dataText?: string } = {}
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':')
            if (colon <= 0) continue
            const field = line.slice(0, colon)
            const value = line.slice(colon + 1).replace(/^ /, '')
            if (field === 'id') event.id = value
            else if (field === 'event') event.type = value
            else if (field === 'data') event.dataText = value
          }
          if (event.id !== undefined) lastId = event.id
          if (event.type !== undefined) {
            events.push({
              id: event.id,
              type: event.type,
              data: event.dataText === undefined ? undefined : JSON.parse(event.dataText),
            })
          }
        }
        wake?.()
      }
    } catch {
      // Cancelled or cut: the stream has ended either way.
    } finally {
      wake?.()
    }
  })()

  const changed = (timeoutMs: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs)
      wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })

  return {
    events,
    pings: () => pings,
    lastEventId: () => lastId,
    async next(type, timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = events.find((event) => event.type === type && !taken.has(event))
        if (found) {
          taken.add(found)
          return { id: found.id, data: found.data as LiveEventMap[typeof type] }
        }
        const left = deadline - Date.now()
        if (left <= 0) {
          const seen = events.map((event) => event.type).join(', ')
          throw new Error(`No "${type}" event within ${timeoutMs} ms (received: ${seen})`)
        }
        await changed(left)
      }
    },
    async settle(ms = 100) {
      const before = events.length
      await new Promise((resolve) => setTimeout(resolve, ms))
      return events.slice(before).map((event) => event.type)
    },
    ended,
    async close() {
      await reader.cancel().catch(() => undefined)
      await ended
    },
  }
}
