import { describe, expect, it } from 'vitest'
import { formatTable } from '../../../../bench/run-bench'
import { SMOKE_TIMEOUT_MS, smokeRun } from './smoke-run'

describe('bench smoke run on PostgreSQL', () => {
  it(
    'loads every endpoint on a tiny dataset with only 2xx answers',
    async () => {
      const report = await smokeRun('postgres')
      // PostgreSQL got its data copied from the generated SQLite file.
      expect(report.runs[0]?.loadSeconds).toBeGreaterThan(0)
      const table = formatTable(report)
      expect(table).toContain('| endpoint | postgres req/s | postgres p50 ms')
      expect(table).toContain('| login |')
      expect(table).toContain('Live stream: 25 clients')
      expect(table).toContain('Logins during 4 uploads')
    },
    SMOKE_TIMEOUT_MS,
  )
})
