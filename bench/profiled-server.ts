/**
 * The real server under `node --cpu-prof`, on the mixed bench's generated community
 * (mixed-bench.ts), with a token for each of its players: what mixed-profile.ts and
 * fill-profile.ts load. The profile is written to `profileDir` when the server stops.
 */
import type { ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { signToken } from '../src/server/auth/token'
import { SECRET_FILE } from '../src/server/server'
import { generateDataset, usernameOf } from './generate'
import { MIXED_SIZE } from './mixed-bench'
import { startServerProcess } from './run-bench'

export async function startProfiledServer(
  dataDir: string,
): Promise<{ child: ChildProcess; url: string; tokens: string[]; profileDir: string }> {
  await generateDataset(dataDir, { ...MIXED_SIZE })
  const profileDir = join(dataDir, 'profile')
  const { child, url } = await startServerProcess(dataDir, ['--no-demo'], undefined, [
    '--cpu-prof',
    `--cpu-prof-dir=${profileDir}`,
  ])
  const secret = readFileSync(join(dataDir, SECRET_FILE))
  const tokens = await Promise.all(
    Array.from({ length: MIXED_SIZE.users }, (_, index) =>
      signToken({ _id: String(index + 1), username: usernameOf(index + 1) }, secret),
    ),
  )
  return { child, url, tokens, profileDir }
}
