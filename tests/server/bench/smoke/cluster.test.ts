import { describe, it } from 'vitest'
import { SMOKE_TIMEOUT_MS, smokeRun } from './smoke-run'

describe('bench smoke run on three instances behind a proxy', () => {
  it(
    'loads every endpoint on a tiny dataset with only 2xx answers',
    async () => {
      await smokeRun('cluster')
    },
    SMOKE_TIMEOUT_MS,
  )
})
