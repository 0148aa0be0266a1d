/**
 * Where the log's lines go (observability/log.ts): standard output, through pino's asynchronous
 * destination. Requests' lines go out in batches, 4 KB or 200 ms at most: a system call and a
 * thread pool's turn for each request's line cost more than the line itself on a busy server
 * (docs/PERFORMANCE.md, "The readable log line"). Any other line (the address listened on, a
 * host's one-time password, a warning, an error) goes out at once, after the requests' lines
 * before it. What is batched when the process ends is written then.
 */
import { pino, type DestinationStream } from 'pino'

/** A request's line, as pino writes it (observability/request-log.ts logRequest). */
const REQUEST_LINE = '"msg":"request"'

/** A request's fields, as request-log.ts writes them: flat, no key a redacted one. */
export type RequestFields = Readonly<Record<string, string | number | boolean | null>>

/**
 * One request's line, written without pino's serializer (observability/log.ts
 * `logRequestLine`): what `info(fields, 'request')` writes, with its JSON made only for an
 * output that writes JSON.
 */
export interface RequestLine {
  /** pino's `time`: milliseconds since the epoch. */
  time: number
  fields: RequestFields
  /** The line as pino writes it. */
  json(): string
}

/** A destination that writes a request's line in its own layout, batched as every request's. */
export interface LogOutput extends DestinationStream {
  writeRequest(line: RequestLine): void
}
const BATCH_BYTES = 4096
const BATCH_MS = 200

/** Each output's batch and what it writes to, written out when the process ends. */
type Unsent = Set<{ send: () => void; out: ReturnType<typeof pino.destination> }>

/**
 * The outputs of this process, with one pair of listeners for them all: kept on the process
 * itself, since a test runner that loads this module afresh for each file would otherwise add a
 * pair each time.
 */
const UNSENT = Symbol.for('gamerstage.log-output.unsent')

function unsentOutputs(): Unsent {
  const holder = process as unknown as { [UNSENT]?: Unsent }
  const existing = holder[UNSENT]
  if (existing) return existing
  const unsent: Unsent = new Set()
  holder[UNSENT] = unsent
  // Once the event loop is empty, written as any batch; when the process exits, at once (as pino
  // writes out what its destinations still hold then).
  process.on('beforeExit', () => {
    for (const { send } of unsent) send()
  })
  process.on('exit', () => {
    for (const { send, out } of unsent) {
      send()
      try {
        out.flushSync()
      } catch {
        // Standard output closed: nothing can be written any more.
      }
    }
  })
  return unsent
}

/**
 * Standard output for pino's JSON lines, each made into what is written by `format` (the
 * readable layout: observability/readable-lines.ts), requests' lines in batches; a request's
 * line written by `writeRequest` is made by `formatRequest`.
 */
export function logOutput(
  format: (line: string) => string = (line) => line,
  formatRequest: (line: RequestLine) => string = (line) => format(line.json()),
): LogOutput {
  const unsent = unsentOutputs()
  const out = pino.destination({ dest: 1, sync: false })
  let batch = ''
  let timer: NodeJS.Timeout | undefined
  const send = () => {
    clearTimeout(timer)
    timer = undefined
    if (batch === '') return
    out.write(batch)
    batch = ''
  }
  unsent.add({ send, out })
  const batched = (text: string, request: boolean) => {
    batch += text
    if (!request || batch.length >= BATCH_BYTES) send()
    else timer ??= setTimeout(send, BATCH_MS).unref()
  }
  return {
    write: (line: string) => batched(format(line), line.includes(REQUEST_LINE)),
    writeRequest: (line: RequestLine) => batched(formatRequest(line), true),
  }
}
