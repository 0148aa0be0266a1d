/**
 * A request's log line (observability/log.ts `logRequestLine`), written without pino's
 * serializer: the very line pino writes for `info(fields, 'request')`, in both formats, through
 * the real output (a process of its own writing to its standard output), and none below the level.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { pino } from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { createLogger, logRequestLine, useLogger } from '../../../src/server/observability/log'

const dir = mkdtempSync(join(tmpdir(), 'gamerstage-request-line-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const LOG_MODULE = fileURLToPath(
  new URL('../../../src/server/observability/log.ts', import.meta.url),
)

/** Fields of every kind a request's line holds, and strings JSON escapes. */
const FIELD_SETS = [
  {
    requestId: 'ab12cd34ef56ab78',
    method: 'GET',
    route: '/api/feed',
    status: 200,
    ms: 0.4,
    user: 7,
  },
  { requestId: '00ff', method: 'POST', route: '(other)', status: 503, ms: 1250.5, user: null },
  {
    requestId: 'x',
    method: 'GET',
    route: '/api/a "quoted" \\ path\n',
    status: 404,
    ms: 0,
    user: 0,
  },
  {
    requestId: 'é🎮',
    method: 'DELETE',
    route: '/api/posts/:id',
    status: 204,
    ms: 12,
    shared: true,
  },
]

/** Each line a process logs first through pino's `info`, then through `logRequestLine`. */
function printedPairs(format: 'json' | 'pretty'): [string, string][] {
  const file = join(dir, `child-${format}.mts`)
  writeFileSync(
    file,
    `import { createLogger, logRequestLine, useLogger } from ${JSON.stringify(LOG_MODULE)}
const logger = createLogger({ format: ${JSON.stringify(format)}, instance: 'here:7' })
useLogger(logger)
for (const fields of ${JSON.stringify(FIELD_SETS)}) {
  logger.info(fields, 'request')
  logRequestLine(fields)
}
`,
  )
  const run = spawnSync(process.execPath, ['--import', 'tsx', file], {
    encoding: 'utf8',
    timeout: 20_000,
  })
  expect(run.stderr).toBe('')
  // One line a request in JSON; a readable one starts with its time and goes on with its fields.
  const lines =
    format === 'json' ? run.stdout.trimEnd().split('\n') : run.stdout.split(/(?=^\[\d)/m)
  const pairs: [string, string][] = []
  for (let index = 0; index < lines.length; index += 2) {
    pairs.push([withoutTime(lines[index] ?? ''), withoutTime(lines[index + 1] ?? '')])
  }
  return pairs
}

/** The line with its time masked (the two lines of a pair are written a moment apart). */
const withoutTime = (line: string) =>
  line.replace(/"time":\d+/, '"time":T').replace(/^\[[\d:.]+\]/, '[T]')

/** A destination that keeps what is written to it. */
function capturing(): { written: string[]; destination: Writable } {
  const written: string[] = []
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk.toString())
      done()
    },
  })
  return { written, destination }
}

describe("a request's log line", () => {
  it('is the line pino writes, as JSON', () => {
    const pairs = printedPairs('json')
    expect(pairs).toHaveLength(FIELD_SETS.length)
    for (const [viaPino, direct] of pairs) expect(direct).toBe(viaPino)
    expect(JSON.parse(pairs[0]?.[1].replace('"time":T', '"time":1') ?? '')).toMatchObject({
      level: 30,
      instance: 'here:7',
      msg: 'request',
      route: '/api/feed',
    })
  })

  it('is the line pino-pretty writes, in the readable layout', () => {
    const pairs = printedPairs('pretty')
    expect(pairs).toHaveLength(FIELD_SETS.length)
    for (const [viaPino, direct] of pairs) expect(direct).toBe(viaPino)
    expect(pairs[0]?.[1]).toMatch(/^\[T\] INFO: request\n {4}requestId: "ab12cd34ef56ab78"\n/)
  })

  it('is written to a destination given, and not at all below the level', () => {
    const { written, destination } = capturing()
    const fields = FIELD_SETS[0] ?? {}
    const previous = useLogger(createLogger({ format: 'json', level: 'warn', destination }))
    try {
      logRequestLine(fields)
      expect(written).toEqual([])
      useLogger(createLogger({ format: 'json', level: 'info', destination, instance: 'i:1' }))
      logRequestLine(fields)
      expect(written).toHaveLength(1)
      expect(JSON.parse(written[0] ?? '')).toMatchObject({ ...fields, instance: 'i:1' })
    } finally {
      useLogger(previous)
    }
  })

  it('goes through info on a logger made elsewhere', () => {
    const { written, destination } = capturing()
    const previous = useLogger(pino({ base: { elsewhere: true } }, destination))
    try {
      logRequestLine({ route: '/api/feed' })
    } finally {
      useLogger(previous)
    }
    expect(JSON.parse(written[0] ?? '')).toMatchObject({
      elsewhere: true,
      route: '/api/feed',
      msg: 'request',
    })
  })
})
