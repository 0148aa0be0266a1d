/**
 * Prints `N passed, N failed, N skipped` from the JSON results vitest and Playwright write into
 * test-results/, and exits non-zero if any test failed or a runner left no results. A test file
 * over its time budget (docs/testing.md) is named, slowest first, but never fails the run: a
 * timing on a shared machine is a reading to act on, not a verdict on the code. Skipped browser
 * tests are listed with the reason they give.
 */
import { existsSync, readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'

interface Counts {
  passed: number
  failed: number
  skipped: number
}

/** How long one file of `npm test` may take, so that one slow file cannot eat the budget. */
export const FILE_BUDGET_MS = 2 * 60_000
/** The whole soak run, whose files are long by design (vitest.soak.config.ts). */
export const SOAK_BUDGET_MS = 10 * 60_000

export interface Runner {
  file: string
  kind: 'vitest' | 'playwright'
  /** The soak run is held to SOAK_BUDGET_MS as a whole instead of a budget per file. */
  soak?: boolean
}

const RUNNERS: Record<string, Runner> = {
  vitest: { file: 'test-results/vitest.json', kind: 'vitest' },
  // The server tests again on PostgreSQL (`npm run test:pg`, vitest.pg.config.ts).
  'vitest (postgres)': { file: 'test-results/vitest-pg.json', kind: 'vitest' },
  'vitest (soak)': { file: 'test-results/vitest-soak.json', kind: 'vitest', soak: true },
  playwright: { file: 'test-results/playwright.json', kind: 'playwright' },
  'playwright (electron)': { file: 'test-results/playwright-electron.json', kind: 'playwright' },
}

interface VitestReport {
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  numTodoTests: number
  startTime: number
  testResults: { name: string; startTime: number; endTime: number }[]
}

interface PlaywrightResult {
  duration: number
}
interface PlaywrightTest {
  annotations?: { type: string; description?: string }[]
  status?: string
  results: PlaywrightResult[]
}
interface PlaywrightSuite {
  title: string
  file?: string
  specs?: { title: string; tests: PlaywrightTest[] }[]
  suites?: PlaywrightSuite[]
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number }
  errors?: unknown[]
  suites: PlaywrightSuite[]
}

/** What one runner's report says: its counts, how long each file took, and skip reasons. */
export interface Reading {
  counts: Counts
  fileDurations: Map<string, number>
  /** The whole run, from its start to the end of its last file. */
  totalMs: number
  /** For each reason skipped tests give: how many gave it, and in which files. */
  skipReasons: Map<string, { count: number; files: Set<string> }>
}

export function readVitest(file: string): Reading {
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport
  const fileDurations = new Map(
    report.testResults.map((result) => [
      relative(process.cwd(), result.name),
      result.endTime - result.startTime,
    ]),
  )
  const lastEnd = Math.max(report.startTime, ...report.testResults.map((result) => result.endTime))
  return {
    counts: {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    },
    fileDurations,
    totalMs: lastEnd - report.startTime,
    skipReasons: new Map(),
  }
}

export function readPlaywright(file: string): Reading {
  const report = JSON.parse(readFileSync(file, 'utf8')) as PlaywrightReport
  const fileDurations = new Map<string, number>()
  const skipReasons: Reading['skipReasons'] = new Map()
  const walk = (suite: PlaywrightSuite, file: string) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        // The tests of one file run one after another in one worker (fullyParallel: false).
        const took = test.results.reduce((sum, result) => sum + result.duration, 0)
        fileDurations.set(file, (fileDurations.get(file) ?? 0) + took)
        if (test.status !== 'skipped') continue
        for (const annotation of test.annotations ?? []) {
          if (annotation.type !== 'skip' || !annotation.description) continue
          const seen = skipReasons.get(annotation.description) ?? { count: 0, files: new Set() }
          seen.count += 1
          seen.files.add(file)
          skipReasons.set(annotation.description, seen)
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, file)
  }
  for (const suite of report.suites) walk(suite, suite.file ?? suite.title)
  const { expected, unexpected, flaky, skipped } = report.stats
  return {
    // A setup error (e.g. a server did not start) fails the run without failing a test.
    counts: {
      passed: expected + flaky,
      failed: unexpected + (report.errors?.length ?? 0),
      skipped,
    },
    fileDurations,
    totalMs: [...fileDurations.values()].reduce((sum, took) => sum + took, 0),
    skipReasons,
  }
}

const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`

/** The sentences of every budget the reading goes over. */
export function overBudget(runner: string, { soak }: Runner, reading: Reading): string[] {
  if (soak) {
    return reading.totalMs > SOAK_BUDGET_MS
      ? [`${runner} took ${minutes(reading.totalMs)}, over its ${minutes(SOAK_BUDGET_MS)}`]
      : []
  }
  return [...reading.fileDurations]
    .filter(([, took]) => took > FILE_BUDGET_MS)
    .sort(([, a], [, b]) => b - a)
    .map(
      ([file, took]) =>
        `${runner}: ${file} took ${minutes(took)}, over the ${minutes(FILE_BUDGET_MS)} a file may take: split it or make it faster`,
    )
}

function main(): void {
  const total: Counts = { passed: 0, failed: 0, skipped: 0 }
  let missing = false
  const problems: string[] = []
  for (const [runner, config] of Object.entries(RUNNERS)) {
    if (!existsSync(config.file)) {
      console.log(
        `${runner}: no results in ${config.file} (it did not run, or an earlier step failed)`,
      )
      missing = true
      continue
    }
    const reading = config.kind === 'vitest' ? readVitest(config.file) : readPlaywright(config.file)
    const { counts } = reading
    console.log(
      `${runner}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
    )
    for (const [reason, { count, files }] of reading.skipReasons) {
      console.log(`  skipped ${count} (${[...files].join(', ')}): ${reason}`)
    }
    problems.push(...overBudget(runner, config, reading))
    total.passed += counts.passed
    total.failed += counts.failed
    total.skipped += counts.skipped
  }
  for (const problem of problems) console.log(`Over budget (reported, not failed): ${problem}`)
  console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
  process.exitCode = total.failed > 0 || missing ? 1 : 0
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main()
