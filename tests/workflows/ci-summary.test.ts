/**
 * scripts/ci-summary.ts, which closes .ci/run: per-file durations from the runners' JSON reports,
 * the time budget (docs/testing.md) and the reasons of skipped browser tests.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  FILE_BUDGET_MS,
  SOAK_BUDGET_MS,
  overBudget,
  readPlaywright,
  readVitest,
} from '../../scripts/ci-summary'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

function reportFile(report: unknown): string {
  const folder = mkdtempSync(join(tmpdir(), 'gamerstage-ci-summary-'))
  folders.push(folder)
  const file = join(folder, 'report.json')
  writeFileSync(file, JSON.stringify(report))
  return file
}

const vitestReport = (files: [string, number][]) => ({
  numPassedTests: 3,
  numFailedTests: 0,
  numPendingTests: 1,
  numTodoTests: 0,
  startTime: 1000,
  testResults: files.map(([name, took], index) => ({
    name: join(process.cwd(), name),
    startTime: 1000 + index,
    endTime: 1000 + index + took,
  })),
})

describe('ci-summary', () => {
  it('names a vitest file over the budget, and only that one', () => {
    const reading = readVitest(
      reportFile(
        vitestReport([
          ['tests/server/quick.test.ts', 2_000],
          ['tests/server/slow.test.ts', FILE_BUDGET_MS + 1],
        ]),
      ),
    )
    expect(reading.counts).toEqual({ passed: 3, failed: 0, skipped: 1 })
    expect(overBudget('vitest', { file: '', kind: 'vitest' }, reading)).toEqual([
      'vitest: tests/server/slow.test.ts took 2.0 min, over the 2.0 min a file may take: split it or make it faster',
    ])
  })

  it('holds the soak run to its whole budget, not to one per file', () => {
    const soak = { file: '', kind: 'vitest', soak: true } as const
    const long = readVitest(reportFile(vitestReport([['a.soak.test.ts', 5 * 60_000]])))
    expect(overBudget('vitest (soak)', soak, long)).toEqual([])
    const tooLong = readVitest(
      reportFile(
        vitestReport([
          ['a.soak.test.ts', 5 * 60_000],
          ['b.soak.test.ts', SOAK_BUDGET_MS],
        ]),
      ),
    )
    expect(overBudget('vitest (soak)', soak, tooLong)).toHaveLength(1)
  })

  it('adds up the tests of a Playwright file and lists the reasons of its skips', () => {
    const test = (duration: number, status = 'expected', reason?: string) => ({
      status,
      annotations: reason ? [{ type: 'skip', description: reason }] : [],
      results: [{ duration }],
    })
    const reading = readPlaywright(
      reportFile({
        stats: { expected: 2, unexpected: 0, flaky: 0, skipped: 2 },
        suites: [
          {
            title: 'a11y.spec.ts',
            file: 'a11y.spec.ts',
            specs: [{ title: 'one', tests: [test(70_000)] }],
            suites: [{ title: 'inner', specs: [{ title: 'two', tests: [test(60_000)] }] }],
          },
          {
            title: 'shots.spec.ts',
            file: 'shots.spec.ts',
            specs: [
              { title: 'a', tests: [test(0, 'skipped', 'on demand')] },
              { title: 'b', tests: [test(0, 'skipped', 'on demand')] },
            ],
          },
        ],
      }),
    )
    expect(reading.fileDurations.get('a11y.spec.ts')).toBe(130_000)
    expect([...reading.skipReasons]).toEqual([
      ['on demand', { count: 2, files: new Set(['shots.spec.ts']) }],
    ])
    expect(overBudget('playwright', { file: '', kind: 'playwright' }, reading)).toEqual([
      'playwright: a11y.spec.ts took 2.2 min, over the 2.0 min a file may take: split it or make it faster',
    ])
  })

  describe('the closing line and exit code of a whole run', () => {
    const playwrightReport = (failed: number) => ({
      stats: { expected: 1, unexpected: failed, flaky: 0, skipped: 0 },
      suites: [
        {
          title: 'a.spec.ts',
          file: 'a.spec.ts',
          specs: [
            {
              title: 'one',
              tests: [{ status: 'expected', annotations: [], results: [{ duration: 1_000 }] }],
            },
          ],
        },
      ],
    })
    /** Runs the script in a folder holding every runner's results, as .ci/run leaves them. */
    function summarise({
      slowVitestFile,
      failedBrowserTests,
    }: {
      slowVitestFile: boolean
      failedBrowserTests: number
    }) {
      const folder = mkdtempSync(join(tmpdir(), 'gamerstage-ci-run-'))
      folders.push(folder)
      mkdirSync(join(folder, 'test-results'))
      const write = (name: string, report: unknown) =>
        writeFileSync(join(folder, 'test-results', name), JSON.stringify(report))
      write(
        'vitest.json',
        vitestReport([
          ['tests/server/slow.test.ts', slowVitestFile ? FILE_BUDGET_MS + 60_000 : 1_000],
        ]),
      )
      write('vitest-pg.json', vitestReport([['tests/server/quick.test.ts', 1_000]]))
      write('vitest-soak.json', vitestReport([['a.soak.test.ts', 60_000]]))
      write('playwright.json', playwrightReport(failedBrowserTests))
      write('playwright-electron.json', playwrightReport(0))
      // tsx from this checkout: the folder the script runs in has no node_modules.
      return spawnSync(resolve('node_modules/.bin/tsx'), [resolve('scripts/ci-summary.ts')], {
        cwd: folder,
        encoding: 'utf8',
      })
    }

    it('reports a file over its budget without failing the run', () => {
      const run = summarise({ slowVitestFile: true, failedBrowserTests: 0 })
      expect(run.stdout).toContain('Over budget (reported, not failed): vitest: ')
      expect(run.stdout.trim().split('\n').at(-1)).toBe('11 passed, 0 failed, 3 skipped')
      expect(run.status).toBe(0)
    })

    it('fails the run on a failed test', () => {
      const run = summarise({ slowVitestFile: false, failedBrowserTests: 1 })
      expect(run.stdout).not.toContain('Over budget')
      expect(run.stdout.trim().split('\n').at(-1)).toBe('11 passed, 1 failed, 3 skipped')
      expect(run.status).toBe(1)
    })
  })
})
