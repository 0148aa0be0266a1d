/** The readable log line (observability/log.ts `prettyOptions`), as a host reads it. */
import { Writable } from 'node:stream'
import { pino } from 'pino'
import pretty from 'pino-pretty'
import { describe, expect, it } from 'vitest'
import { clockTime, prettyOptions } from '../../../src/server/observability/log'

/** The lines a logger with these pretty options writes for `write`. */
async function linesOf(write: (logger: pino.Logger) => void): Promise<string> {
  let text = ''
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString()
      done()
    },
  })
  const stream = pretty({ ...prettyOptions(false), destination, sync: true })
  const logger = pino({ base: { instance: 'here:1' } }, stream)
  write(logger)
  await new Promise((resolve) => setImmediate(resolve))
  return text
}

describe('the readable log', () => {
  it('writes the time as pino-pretty’s SYS:HH:MM:ss.l did, then the level and message', async () => {
    const text = await linesOf((logger) => logger.info({ route: '/api/feed' }, 'request'))
    expect(text).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: request\n {4}route: "\/api\/feed"\n$/)
    expect(text).not.toContain('here:1')
  })

  it('shows the local clock, to the millisecond', () => {
    const at = new Date(2026, 10, 30, 7, 5, 9, 42).getTime()
    expect(clockTime(at)).toBe('[07:05:09.042]')
    expect(clockTime(new Date(2026, 10, 30, 23, 59, 59, 999).getTime())).toBe('[23:59:59.999]')
  })
})
