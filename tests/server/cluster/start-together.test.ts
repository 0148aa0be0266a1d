/**
 * A cluster starts as one: three instances started at the same moment on an
 * empty PostgreSQL database all come up. Their migrations take turns under an advisory lock
 * (db/postgres.ts `migrateUnderLock`); without it two of them created the same types at once and
 * exited (`duplicate key value violates unique constraint "pg_type_typname_nsp_index"`).
 *
 * PostgreSQL only (vitest.pg.config.ts's CLUSTER_TESTS).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, inject, it } from 'vitest'
import { TEST_SCRYPT_PARAMS } from '../../../src/server/auth/password'
import { startServer, type RunningServer } from '../../../src/server/server'
import { databaseUrl, onCluster, testDatabaseName } from '../../helpers/postgres'

const clusterUrl = inject('gamerstagePgUrl')
const name = testDatabaseName(inject('gamerstagePgRun'), `empty_${randomBytes(4).toString('hex')}`)
const folders: string[] = []
const started: RunningServer[] = []

afterAll(async () => {
  await Promise.allSettled(started.map((instance) => instance.close()))
  await onCluster(clusterUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

it('three instances started at once on an empty database all come up and serve', async () => {
  // Not a copy of the migrated template: nothing of the schema is there yet.
  await onCluster(clusterUrl, `CREATE DATABASE ${name}`)
  const secret = new Uint8Array(randomBytes(32))
  const results = await Promise.allSettled(
    [0, 1, 2].map(() => {
      const dataDir = mkdtempSync(join(tmpdir(), 'gamerstage-together-'))
      folders.push(dataDir)
      return startServer({
        host: '127.0.0.1',
        port: 0,
        dataDir,
        demo: false,
        database: databaseUrl(clusterUrl, name),
        secret,
        passwordCost: TEST_SCRYPT_PARAMS,
      })
    }),
  )
  for (const result of results) if (result.status === 'fulfilled') started.push(result.value)
  const outcomes = results.map((result) =>
    result.status === 'rejected' ? String(result.reason) : 'up',
  )
  expect(outcomes).toEqual(['up', 'up', 'up'])
  // Each serves a write on the one schema.
  for (const [index, instance] of started.entries()) {
    const response = await fetch(`${instance.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `together${index}`, password: 'correct horse battery' }),
    })
    expect(response.status).toBe(201)
  }
})
