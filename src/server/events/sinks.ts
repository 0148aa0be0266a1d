/**
 * Where one live stream's bytes go (hub.ts): straight to its Node socket when the server runs
 * on Node's HTTP server, or into a web ReadableStream otherwise (in-process requests: the tests'
 * `app.request()`).
 *
 * The socket is written directly because at community scale the writes are the server's work
 * (docs/PERFORMANCE.md): 2,500 streams and 10 posts a second are 25,000 writes a
 * second, and each one through a ReadableStream and the adapter's response cost a read promise,
 * a corked write uncorked on the next tick and a chunk header and trailer (chunked encoding),
 * several times the write itself. Here each chunk is one `socket.write`, and the response has no
 * chunked encoding: its body ends when the connection does (`Connection: close`), which HTTP/1.1
 * allows and an event stream never needed otherwise.
 */
import type { ServerResponse } from 'node:http'

export interface StreamSink {
  write(chunk: Uint8Array): void
  /** Bytes handed over and not yet taken by the connection. */
  queuedBytes(): number
  /** Ends the stream after what was written (the server stops, the user's sessions ended). */
  end(): void
  /** Cuts the connection at once, what is queued dropped (a client that stopped reading). */
  cut(): void
  /**
   * Sends what was written since the sink opened, together: a new stream's head, `retry:`, its
   * replay and `ready` go in one write rather than one each (thousands connecting at once).
   */
  opened(): void
}

/**
 * Answers the request with the event stream's head and answers a sink writing to its socket;
 * `onClose` is called once the connection is gone, whoever ended it. Null when the response has
 * no socket any more (the client left before).
 */
export function socketSink(
  outgoing: ServerResponse,
  headers: Record<string, string>,
  onClose: () => void,
): StreamSink | null {
  const socket = outgoing.socket
  if (!socket || socket.destroyed) return null
  // Held until the hub has written the stream's first events (opened).
  socket.cork()
  // No chunked encoding and no keep-alive: the body is what the socket carries until it closes.
  outgoing.useChunkedEncodingByDefault = false
  outgoing.shouldKeepAlive = false
  outgoing.writeHead(200, headers)
  outgoing.flushHeaders()
  socket.once('close', onClose)
  return {
    write: (chunk) => {
      socket.write(chunk)
    },
    queuedBytes: () => socket.writableLength,
    end: () => {
      socket.end()
    },
    cut: () => {
      socket.destroy()
    },
    opened: () => {
      if (socket.writableCorked > 0) socket.uncork()
    },
  }
}

/**
 * A sink into a web ReadableStream, for a caller that hands the stream on (`stream`). Its queue
 * is measured in bytes, up to `bufferBytes`: past that the hub cuts the client.
 */
export function webStreamSink(
  bufferBytes: number,
  onCancel: () => void,
  disconnect: () => void,
): { sink: StreamSink; stream: ReadableStream<Uint8Array> } {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined
  const stream = new ReadableStream<Uint8Array>(
    {
      start: (started) => {
        controller = started
      },
      cancel: onCancel,
    },
    new ByteLengthQueuingStrategy({ highWaterMark: bufferBytes }),
  )
  if (!controller) throw new Error('ReadableStream did not start synchronously')
  const control = controller
  return {
    stream,
    sink: {
      write: (chunk) => control.enqueue(chunk),
      queuedBytes: () => bufferBytes - (control.desiredSize ?? 0),
      end: () => {
        try {
          control.close()
        } catch {
          // Already errored or cancelled.
        }
      },
      cut: () => {
        // Cutting the socket makes the adapter, which waits for a 'drain' that will never come,
        // cancel the stream (freeing its queue) on the socket's 'close'. Erroring the stream a
        // turn later frees it where there is no socket; after a cancel it does nothing (and so
        // the adapter has no error to log).
        disconnect()
        setImmediate(() => control.error(new Error('The client stopped reading the event stream.')))
      },
      opened: () => {},
    },
  }
}
