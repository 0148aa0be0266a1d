/**
 * Captures what the server logs (src/server/observability/log.ts) as parsed JSON lines, for
 * tests that check a line was written or that something never is: `const logged = captureLog()`
 * and `logged.restore()` after (an `afterEach`, or `using`).
 */
import { Writable } from 'node:stream'
import { createLogger, useLogger, type LogLevel } from '../../src/server/observability/log'

export interface LogLine {
  level: number
  msg: string
  instance: string
  [key: string]: unknown
}

export interface CapturedLog {
  lines: LogLine[]
  /** Every line as written, to search for what must never appear. */
  text(): string
  restore(): void
}

export function captureLog(
  options: { level?: LogLevel; clientAddresses?: boolean } = {},
): CapturedLog {
  const raw: string[] = []
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      raw.push(chunk.toString())
      done()
    },
  })
  const previous = useLogger(
    createLogger({ format: 'json', level: options.level ?? 'info', destination, ...options }),
  )
  return {
    get lines() {
      return raw
        .join('')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as LogLine)
    },
    text: () => raw.join(''),
    restore: () => void useLogger(previous),
  }
}
