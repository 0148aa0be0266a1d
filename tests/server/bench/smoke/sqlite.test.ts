import { describe, expect, it } from 'vitest'
import { formatTable } from '../../../../bench/run-bench'
import { SMOKE_TIMEOUT_MS, smokeRun } from './smoke-run'

describe('bench smoke run on SQLite', () => {
  it(
    'loads every endpoint on a tiny dataset with only 2xx answers',
    async () => {
      const report = await smokeRun('sqlite')
      expect(formatTable(report)).toContain(
        '| endpoint | sqlite req/s | sqlite p50 ms | sqlite p99 ms | sqlite CPU µs/req | vs bare',
      )
      // The databases side by side, as `npm run bench -- --db sqlite,postgres` prints them: the
      // same run under a second name stands for the other database's column and rows.
      const [run] = report.runs
      if (!run) throw new Error('No SQLite run')
      const table = formatTable({ ...report, runs: [run, { ...run, database: 'postgres' }] })
      expect(table).toContain(
        '| endpoint | sqlite req/s | sqlite p50 ms | sqlite p99 ms | sqlite CPU µs/req | postgres req/s',
      )
      expect(table).toContain('| login |')
      expect(table).toContain('postgres: Live stream: 25 clients')
      expect(table).toContain('postgres: Logins during 4 uploads')
    },
    SMOKE_TIMEOUT_MS,
  )
})
