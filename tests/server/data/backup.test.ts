import Database from 'better-sqlite3'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import type { Post, SearchResponse } from '../../../src/shared/api-types'
import { backupDataFolder } from '../../../src/server/data/backup'
import { checkBackup } from '../../../src/server/data/backup-check'
import { restoreDataFolder } from '../../../src/server/data/restore'
import { searchWords } from '../../../src/shared/search'
import { StartError, startServer, type RunningServer } from '../../../src/server/server'
import { describe, expect, it } from '../../helpers/fixtures'
import { TEST_SCRYPT_PARAMS } from '../../../src/server/auth/password'

const running: RunningServer[] = []

afterEach(async () => {
  for (const server of running.splice(0)) await server.close().catch(() => undefined)
})

async function start(dataDir: string, demo = true): Promise<RunningServer> {
  const server = await startServer({ port: 0, dataDir, demo, passwordCost: TEST_SCRYPT_PARAMS })
  running.push(server)
  return server
}

const postCount = async (server: RunningServer) => {
  const response = await fetch(`${server.url}/api/posts`)
  expect(response.status).toBe(200)
  return ((await response.json()) as { posts: Post[] }).posts.length
}

async function rejection(call: Promise<unknown>): Promise<StartError> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(StartError)
  return error as StartError
}

describe('backup', () => {
  it('copies the database of a running server into a file a new server can restore', async ({
    tempDir,
  }) => {
    const root = tempDir
    const source = await start(join(root, 'source'))
    const target = join(root, 'copy.db')
    await backupDataFolder(source.dataDir, target)
    expect(() => checkBackup(target)).not.toThrow()

    const emptyDir = join(root, 'restored')
    const empty = await start(emptyDir, false)
    expect(await postCount(empty)).toBe(0)
    await restoreDataFolder(emptyDir, target)
    // The running server sees the restored data from its next query.
    expect(await postCount(empty)).toBe(5)
    // …and finds the restored posts by their words: the search index is made anew from them.
    const [first] = ((await (await fetch(`${empty.url}/api/posts`)).json()) as { posts: Post[] })
      .posts
    const word = searchWords(first?.content ?? '').at(-1) ?? ''
    const found = (await (
      await fetch(`${empty.url}/api/search?q=${encodeURIComponent(word)}&type=posts`)
    ).json()) as SearchResponse
    expect(found.posts?.items.map((post) => post._id)).toContain(first?._id)
  })

  it('refuses to overwrite an existing file', async ({ tempDir }) => {
    const root = tempDir
    const source = await start(join(root, 'source'), false)
    const target = join(root, 'exists.db')
    writeFileSync(target, 'keep me')
    const error = await rejection(backupDataFolder(source.dataDir, target))
    expect(error.message).toBe(`${target} already exists: choose a new file name for the backup.`)
  })

  it('refuses a folder without a database', async ({ tempDir }) => {
    const root = tempDir
    const error = await rejection(backupDataFolder(root, join(root, 'copy.db')))
    expect(error.message).toBe(`There is no Gamerstage database in ${root}.`)
  })

  it.for<[string, (file: string) => void, RegExp]>([
    ['a missing file', (file: string) => void file, /^There is no backup file /],
    [
      'a file that is not a database',
      (file: string) => writeFileSync(file, 'garbage '.repeat(100)),
      /cannot be restored: /,
    ],
    [
      'a database of another program',
      (file: string) => {
        const db = new Database(file)
        db.exec('CREATE TABLE other (x)')
        db.close()
      },
      /cannot be restored: it is not a Gamerstage database\.$/,
    ],
  ])(
    'refuses to restore %s and leaves the data as it was',
    async ([, make, pattern], { tempDir }) => {
      const root = tempDir
      const server = await start(join(root, 'data'))
      const file = join(root, 'backup.db')
      make(file)
      const error = await rejection(restoreDataFolder(server.dataDir, file))
      expect(error.message).toMatch(pattern)
      expect(error.message).not.toContain('\n')
      expect(await postCount(server)).toBe(5)
    },
  )
})
