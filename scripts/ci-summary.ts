/**
 * Prints `N passed, N failed, N skipped` from the JSON results vitest and Playwright write into
 * test-results/, and exits non-zero if any test failed or a runner left no results.
 */
import { existsSync, readFileSync } from 'node:fs'

interface Counts {
  passed: number
  failed: number
  skipped: number
}

const RESULTS = {
  vitest: 'test-results/vitest.json',
  'vitest (soak)': 'test-results/vitest-soak.json',
  playwright: 'test-results/playwright.json',
  'playwright (electron)': 'test-results/playwright-electron.json',
}

function vitestCounts(file: string): Counts {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number
    numFailedTests: number
    numPendingTests: number
    numTodoTests: number
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  }
}

function playwrightCounts(file: string): Counts {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number }
    errors?: unknown[]
  }
  const { expected, unexpected, flaky, skipped } = report.stats
  // A setup error (e.g. the web server did not start) fails the run without failing a test.
  return { passed: expected + flaky, failed: unexpected + (report.errors?.length ?? 0), skipped }
}

const total: Counts = { passed: 0, failed: 0, skipped: 0 }
let missing = false
for (const [runner, file] of Object.entries(RESULTS)) {
  if (!existsSync(file)) {
    console.log(`${runner}: no results in ${file} (it did not run, or an earlier step failed)`)
    missing = true
    continue
  }
  const counts = runner.startsWith('vitest') ? vitestCounts(file) : playwrightCounts(file)
  console.log(
    `${runner}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
  )
  total.passed += counts.passed
  total.failed += counts.failed
  total.skipped += counts.skipped
}
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
process.exitCode = total.failed > 0 || missing ? 1 : 0
