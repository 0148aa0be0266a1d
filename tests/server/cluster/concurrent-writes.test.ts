/**
 * Concurrent writes on PostgreSQL: three instances on one database, twenty
 * players signing up (two at once for each name), posting, liking and disliking, following and
 * unfollowing, commenting and voting on the same few posts and players at once. No answer is a
 * 5xx (a serialization failure was a 500), and afterwards every counter equals its rows and every
 * post's likeCount equals the likes minus the dislikes that were acknowledged. The 10,000-write
 * run is the bench's (bench/concurrent-writes.ts).
 *
 * PostgreSQL only (vitest.pg.config.ts's CLUSTER_TESTS).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { TEST_SCRYPT_PARAMS } from '../../../src/server/auth/password'
import { startServer, type RunningServer } from '../../../src/server/server'
import {
  countersAgainstRows,
  likeCounts,
  runConcurrentWriters,
} from '../../helpers/concurrent-writers'
import { createTestPostgresDatabase } from '../../helpers/test-store'

/**
 * Enough writes for the races to show (the SERIALIZABLE store answered 30 × 500 of 600), few
 * enough for seconds on a quiet machine.
 */
const WRITES = 400
/** A guard against a hang, not a timing: on a machine loaded by other runs 400 writes took 20 s. */
const TIMEOUT_MS = 120_000

let database: { url: string; drop(): Promise<void> }
const instances: RunningServer[] = []
const folders: string[] = []

beforeAll(async () => {
  database = await createTestPostgresDatabase()
  // One token secret: a player signed in on one instance is signed in on all.
  const secret = new Uint8Array(randomBytes(32))
  for (let index = 0; index < 3; index++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'gamerstage-writers-'))
    folders.push(dataDir)
    instances.push(
      await startServer({
        host: '127.0.0.1',
        port: 0,
        dataDir,
        demo: false,
        database: database.url,
        secret,
        passwordCost: TEST_SCRYPT_PARAMS,
        // The rate limits would refuse these writers long before they meet.
        limits: false,
      }),
    )
  }
}, TIMEOUT_MS)

afterAll(async () => {
  await Promise.allSettled(instances.map((instance) => instance.close()))
  await database?.drop()
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

it(
  'twenty writers on three instances: no 5xx, every counter equal to its rows',
  async () => {
    const result = await runConcurrentWriters({
      urls: instances.map((instance) => instance.url),
      writers: 20,
      writes: WRITES,
      password: 'correct horse battery',
      prefix: 'writer',
    })
    expect(result.serverErrors).toEqual([])
    // Every write was answered, most of them done (the others refused as already done).
    expect(result.writes).toBeGreaterThanOrEqual(WRITES * 0.9)
    const done = [...result.statuses].filter(([status]) => status < 300)
    expect(done.reduce((sum, [, count]) => sum + count, 0)).toBeGreaterThan(WRITES / 2)

    expect(await countersAgainstRows(database.url)).toEqual([])
    const ids = [...result.likeDelta.keys()]
    const counts = await likeCounts(database.url, ids)
    for (const id of ids) {
      expect({ id, likeCount: counts.get(id) }).toEqual({ id, likeCount: result.likeDelta.get(id) })
    }
  },
  TIMEOUT_MS,
)
