/**
 * Nothing lost: a backup taken by the CLI in its own process while a server on the same data
 * folder goes on writing is a consistent snapshot (a prefix of the writes, every count equal to
 * its rows), and restores into a fresh folder that a new server serves. A long run: `npm run
 * test:soak`.
 *
 * SQLite-only: a backup is of the data folder's SQLite file, and the snapshot is checked with
 * SQLite's integrity checks.
 */
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Post } from '../../../src/shared/api-types'
import { checkBackup } from '../../../src/server/data/backup-check'
import { DATABASE_FILE } from '../../../src/server/server'
import {
  Cleanup,
  SOAK,
  cliSucceeds,
  client,
  countMismatches,
  eightUsers,
  expectSound,
  expectSoundFile,
  must,
  openReadOnly,
  startTestServer,
  waitFor,
} from '../../helpers/hardening'

const cleanup = new Cleanup()
afterEach(() => cleanup.run())

const mode = (path: string) => statSync(path).mode & 0o777

describe('a backup under load', () => {
  it(
    'is a consistent prefix of the writes and restores into a fresh folder',
    async () => {
      const root = cleanup.tempDir()
      const dataDir = join(root, 'data')
      const server = await startTestServer(cleanup, { dataDir })
      const api = client(server.url)
      const tokens = (await eightUsers(server, 'loader')).map((user) => user.token)

      // One writer posts numbered posts in order: a consistent snapshot holds exactly 1..k.
      let stopped = false
      let sent = 0
      let acked = 0
      const failures: string[] = []
      const sequential = (async () => {
        while (!stopped) {
          const n = sent + 1
          sent = n
          const answer = await api
            .post('/api/posts', must(tokens[0]), { postData: { content: `numbered ${n}` } })
            .catch((error: unknown) => ({ status: 0, text: String(error) }))
          if (answer.status === 201) acked = n
          else failures.push(`post ${n}: ${answer.status} ${answer.text}`)
        }
      })()
      // The others react, follow, vote and comment at once, so that counts keep moving.
      const churn = tokens.slice(1).map(async (token, i) => {
        for (let n = 0; !stopped; n += 1) {
          const paths = [
            `/api/posts/${n % 2 ? 'like' : 'dislike'}/${1 + (n % 3)}`,
            `/api/users/${n % 4 < 2 ? 'follow' : 'unfollow'}/${1 + ((n + i) % 4)}`,
            `/api/comments/${n % 2 ? 'upvote' : 'downvote'}/1/${1 + (n % 2)}`,
            `/api/users/${n % 2 ? 'bookmark' : 'remove-bookmark'}/${1 + (n % 5)}`,
          ]
          const answers = await Promise.all([
            ...paths.map((path) => api.post(path, token)),
            api.post(`/api/comments/add/${1 + (n % 5)}`, token, { commentData: `churn ${i}.${n}` }),
          ])
          for (const answer of answers) {
            if (answer.status >= 500) failures.push(`${answer.status} ${answer.text}`)
          }
        }
      })

      try {
        // Let the load get going, then back up from another process while it runs.
        await waitFor(() => (acked >= 20 ? true : undefined), `20 writes (${failures.join('; ')})`)
        const backupFile = join(root, 'snapshot.db')
        const ackedBefore = acked
        await cliSucceeds(cleanup, ['--data', dataDir, '--backup', backupFile])
        const sentAfter = sent
        const ackedDuring = acked - ackedBefore
        // Keep writing for a moment after the backup too.
        const more = acked + 10
        await waitFor(() => (acked >= more ? true : undefined), `10 more writes after the backup`)
        stopped = true
        await Promise.all([sequential, ...churn])

        expect(failures).toEqual([])
        expect(ackedDuring, 'writes acknowledged while the backup ran').toBeGreaterThan(0)
        expect(mode(backupFile)).toBe(0o600)
        expect(() => checkBackup(backupFile)).not.toThrow()

        // The snapshot: intact, consistent, and exactly the numbered posts 1..k.
        const snapshot = openReadOnly(backupFile)
        let k: number
        try {
          await expectSound(snapshot)
          const numbers = (
            snapshot
              .prepare("SELECT content FROM posts WHERE content LIKE 'numbered %'")
              .pluck()
              .all() as string[]
          )
            .map((content) => Number(content.slice('numbered '.length)))
            .sort((a, b) => a - b)
          k = numbers.length
          expect(numbers).toEqual(Array.from({ length: k }, (_, index) => index + 1))
          expect(k).toBeGreaterThanOrEqual(ackedBefore)
          expect(k).toBeLessThanOrEqual(sentAfter)
        } finally {
          snapshot.close()
        }

        // Restore it with the CLI into a folder that does not exist yet, and serve it.
        const restoredDir = join(root, 'restored')
        await cliSucceeds(cleanup, ['--data', restoredDir, '--restore', backupFile])
        expect(mode(restoredDir)).toBe(0o700)
        await expectSoundFile(join(restoredDir, DATABASE_FILE))
        const second = await startTestServer(cleanup, { dataDir: restoredDir })
        const listed = await client(second.url).get('/api/posts/user/player1')
        expect(listed.status).toBe(200)
        const numbered = (listed.json.posts as Post[]).filter((post) =>
          post.content.startsWith('numbered '),
        )
        expect(numbered).toHaveLength(k)
        // The live folder kept everything it acknowledged, after the backup too.
        expect(await countMismatches(server.db)).toEqual([])
        const [numberedLive] = await server.db.ids(
          "SELECT count(*) FROM posts WHERE content LIKE 'numbered %'",
        )
        expect(numberedLive).toBeGreaterThanOrEqual(acked)
      } finally {
        stopped = true
        await Promise.allSettled([sequential, ...churn])
      }
    },
    SOAK ? 180_000 : 60_000,
  )
})
