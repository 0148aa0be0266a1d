/** The readable log line (observability/log.ts `prettyOptions`), as a host reads it. */
import { Writable } from 'node:stream'
import { pino } from 'pino'
import pretty, { prettyFactory } from 'pino-pretty'
import { describe, expect, it } from 'vitest'
import {
  clockTime,
  plainLine,
  prettyOptions,
} from '../../../src/server/observability/readable-lines'

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

  it('writes a flat line as pino-pretty does, and leaves any other to it', () => {
    const viaPinoPretty = prettyFactory(prettyOptions(false))
    const plain = { ignore: new Set(['pid', 'hostname', 'instance']), time: clockTime }
    const base = { time: Date.now(), pid: 7, hostname: 'here', instance: 'here:7' }
    const flat = [
      { ...base, level: 30, msg: 'request', requestId: 'ab12', method: 'GET', route: '/api/feed' },
      { ...base, level: 30, msg: 'request', status: 200, ms: 1.25, user: null, shared: true },
      { ...base, level: 40, msg: 'slow', big: 1e21, negative: -3, zero: 0, no: false, empty: '' },
      { ...base, level: 50, msg: 'odd', text: 'a "quote", a \\ and a\nnew line, é, 🎮, \u0007' },
      { ...base, level: 20, note: 'no message at all' },
      { ...base, level: 60, msg: '' },
      { ...base, level: 10, msg: 'Gamerstage server listening on http://127.0.0.1:4000' },
    ]
    for (const entry of flat) {
      const line = `${JSON.stringify(entry)}\n`
      expect(plainLine(line, plain), line).toBe(viaPinoPretty(line))
    }
    const others = [
      {
        ...base,
        level: 50,
        msg: 'failed',
        err: { type: 'Error', message: 'x', stack: 'Error: x' },
      },
      { ...base, level: 30, msg: 'nested', counts: [1, 2] },
      { ...base, level: 35, msg: 'a level of its own' },
      { ...base, level: 30, msg: 42 },
      { ...base, level: 30, msg: 'a\ttab' },
      { ...base, level: 30, msg: 'key', ['a\u0007bell']: 1 },
      { ...base, level: 50, msg: 'said', error: 'a string under an error key' },
    ]
    for (const entry of others) expect(plainLine(JSON.stringify(entry), plain)).toBeUndefined()
    expect(plainLine('not json', plain)).toBeUndefined()
  })
})
