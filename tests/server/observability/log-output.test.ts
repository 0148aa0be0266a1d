/**
 * The log's output (observability/log-output.ts), in a process of its own writing to its standard
 * output: requests' lines wait for their batch, any other line goes out at once with the batch
 * before it, a batch goes out within 200 ms on a quiet server, and what is batched when the
 * process exits is written. `MARK` lines are written straight to the output, around the log's.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const dir = mkdtempSync(join(tmpdir(), 'gamerstage-log-output-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const MODULE = fileURLToPath(
  new URL('../../../src/server/observability/log-output.ts', import.meta.url),
)

/** What a process running `body` (with `out`, `line(msg)`, `mark(text)` and `wait(ms)`) printed. */
function printed(body: string): string[] {
  const file = join(dir, `child-${Math.random().toString(36).slice(2)}.mts`)
  writeFileSync(
    file,
    `import { writeSync } from 'node:fs'
import { logOutput } from ${JSON.stringify(MODULE)}
const out = logOutput()
const line = (msg) => out.write(JSON.stringify({ level: 30, msg }) + '\\n')
const mark = (text) => writeSync(1, text + '\\n')
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
${body}
`,
  )
  const run = spawnSync(process.execPath, ['--import', 'tsx', file], {
    encoding: 'utf8',
    timeout: 20_000,
  })
  expect(run.stderr).toBe('')
  return run.stdout
    .trimEnd()
    .split('\n')
    .map((text) => (text.startsWith('{') ? (JSON.parse(text) as { msg: string }).msg : text))
}

describe("the log's output", () => {
  // A line goes out through pino's asynchronous destination: "at once" is within a few ms, where a
  // batch waits 200 ms for more.
  it('batches requests’ lines, and writes any other line at once, after them', () => {
    expect(
      printed(
        `line('request'); mark('MARK 1'); await wait(20); line('listening'); await wait(100); mark('MARK 2')`,
      ),
    ).toEqual(['MARK 1', 'request', 'listening', 'MARK 2'])
  })

  it('writes a batch within 200 ms on a quiet server', () => {
    expect(printed(`line('request'); await wait(400); mark('MARK')`)).toEqual(['request', 'MARK'])
  })

  it('writes what is batched when the process exits or runs out of work', () => {
    expect(printed(`line('request'); mark('MARK'); process.exit(0)`)).toEqual(['MARK', 'request'])
    expect(printed(`line('request'); mark('MARK')`)).toEqual(['MARK', 'request'])
  })
})
