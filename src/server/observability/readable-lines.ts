/**
 * The readable log's destination (observability/log.ts, `--log-format pretty`): pino's JSON
 * lines made readable in this process, as pino-pretty makes them.
 *
 * Nearly every line is a request's (one a request: http/kept-answer-door.ts, request-log.ts),
 * flat, its values strings, numbers, booleans or null. Through pino-pretty's stream such a line
 * cost some 17 µs (splitting, a safe parse, a deep copy, its prettifiers; a sixth of a kept
 * answer's whole CPU: docs/PERFORMANCE.md, "The readable log line"). Without colours,
 * those lines are written here in pino-pretty's very layout (`plainLine`; the test compares both
 * on every kind of value); any other line (an error with its stack, nested objects, colours for a
 * terminal) goes through pino-pretty's own formatter.
 */
import { prettyFactory, type PrettyOptions } from 'pino-pretty'
import { logOutput, type LogOutput } from './log-output'

/** pino's level numbers, as pino-pretty names them. */
const LEVEL_NAMES = new Map([
  [10, 'TRACE'],
  [20, 'DEBUG'],
  [30, 'INFO'],
  [40, 'WARN'],
  [50, 'ERROR'],
  [60, 'FATAL'],
])

/** What a plain line needs of the options: the keys left out and how the time is written. */
export interface PlainLineOptions {
  ignore: ReadonlySet<string>
  time: (epochMs: number) => string
}

/**
 * `line` (pino's JSON) as pino-pretty writes it without colours, or undefined when it holds
 * anything but a level, a time, a message and flat values.
 */
export function plainLine(line: string, options: PlainLineOptions): string | undefined {
  let entry: unknown
  try {
    entry = JSON.parse(line)
  } catch {
    return undefined
  }
  if (typeof entry !== 'object' || entry === null) return undefined
  const { level, time, msg, ...rest } = entry as Record<string, unknown>
  const name = typeof level === 'number' ? LEVEL_NAMES.get(level) : undefined
  if (name === undefined || typeof time !== 'number') return undefined
  if (msg !== undefined && typeof msg !== 'string') return undefined
  return plainText(name, time, msg, rest, options)
}

/** A line's text in pino-pretty's layout, or undefined where pino-pretty writes it its own way. */
function plainText(
  levelName: string,
  time: number,
  msg: string | undefined,
  fields: Readonly<Record<string, unknown>>,
  options: PlainLineOptions,
): string | undefined {
  if (msg !== undefined && CONTROL.test(msg)) return undefined
  let text = `${options.time(time)} ${levelName}:${msg === undefined ? '' : ` ${msg}`}\n`
  for (const key in fields) {
    if (options.ignore.has(key)) continue
    // pino-pretty writes errors its own way, and strips control characters from keys.
    if (ERROR_KEYS.has(key) || CONTROL.test(key)) return undefined
    const value = fields[key]
    if (value === undefined) continue
    if (value !== null && typeof value === 'object') return undefined
    // As pino-pretty: the value's JSON, its escaped backslashes written as one.
    const json = JSON.stringify(value)
    text += `    ${key}: ${json.includes('\\') ? json.replaceAll('\\\\', '\\') : json}\n`
  }
  return text
}

/** Keys pino-pretty writes as errors. */
const ERROR_KEYS = new Set(['err', 'error'])

/** Characters pino-pretty takes out of messages and keys (it keeps tabs and new lines there). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/

/** Keys a readable line leaves out: the instance is the process writing it. */
const IGNORED = ['pid', 'hostname', 'instance']

/** How a readable line looks: `[14:05:01.123] INFO: request`, then its fields one a line. */
export function prettyOptions(colorize: boolean): PrettyOptions {
  return {
    colorize,
    ignore: IGNORED.join(','),
    // pino-pretty's own `translateTime: 'SYS:HH:MM:ss.l'` went through a date-formatting
    // library: a sixth of a request's log line (docs/PERFORMANCE.md, "kept answers at the door").
    translateTime: false,
    customPrettifiers: { time: (time) => clockTime(Number(time)) },
  }
}

const twoDigits = (value: number) => String(value).padStart(2, '0')

/** The last time written, and its text: a busy server writes many lines in one millisecond. */
let lastClock = { epochMs: NaN, text: '' }

/** `[HH:MM:ss.mmm]` of an epoch time in milliseconds, in this computer's time zone. */
export function clockTime(epochMs: number): string {
  if (epochMs === lastClock.epochMs) return lastClock.text
  const text = clockTimeOf(epochMs)
  lastClock = { epochMs, text }
  return text
}

function clockTimeOf(epochMs: number): string {
  const at = new Date(epochMs)
  const ms = String(at.getMilliseconds()).padStart(3, '0')
  return `[${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}:${twoDigits(at.getSeconds())}.${ms}]`
}

/** Readable lines to standard output (observability/log-output.ts), coloured for a terminal. */
export function readableLines(colorize: boolean): LogOutput {
  const pretty = prettyFactory(prettyOptions(colorize))
  const plain: PlainLineOptions | null = colorize
    ? null
    : { ignore: new Set(IGNORED), time: clockTime }
  return logOutput(
    (line) => (plain && plainLine(line, plain)) ?? pretty(line),
    // A request's line from its fields, not parsed back from its JSON.
    (line) =>
      (plain && plainText('INFO', line.time, 'request', line.fields, plain)) ?? pretty(line.json()),
  )
}
