/**
 * The data folder a server keeps its SQLite file and its token secret in: made readable by its
 * owner only, taken only when empty or already Gamerstage's, and the secret made once in it.
 */
import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { StartError } from '../start-error'

/** Bytes a configured token secret has at least (HS256 wants a key as long as its hash). */
export const MIN_SECRET_BYTES = 32

export const DATABASE_FILE = 'gamerstage.db'
export const SECRET_FILE = 'secret.key'

export function describeFsError(error: unknown, dataDir: string): StartError {
  const code = (error as NodeJS.ErrnoException).code
  const reason =
    code === 'EACCES' || code === 'EPERM'
      ? 'permission denied'
      : code === 'ENOTDIR' || code === 'EEXIST'
        ? 'a file is in the way'
        : code === 'EROFS'
          ? 'the disk is read-only'
          : (error as Error).message
  return new StartError(`Cannot use the data folder ${dataDir}: ${reason}.`)
}

/**
 * Creates the data folder, readable by its owner only. An existing folder is only taken when it
 * is empty or already a Gamerstage data folder: `--data ~` must not chmod someone's home.
 */
export function prepareDataDir(dataDir: string): void {
  if (mkdirSync(dataDir, { recursive: true, mode: 0o700 }) === undefined) {
    const entries = readdirSync(dataDir)
    const ours = entries.includes(DATABASE_FILE) || entries.includes(SECRET_FILE)
    if (entries.length > 0 && !ours) {
      throw new StartError(
        `The data folder ${dataDir} already holds other files. Choose a new or empty folder.`,
      )
    }
  }
  chmodSync(dataDir, 0o700)
}

/** Where `npm run serve` takes a cluster's shared token secret from, besides `--secret-file`. */
export const SECRET_ENV = 'GAMERSTAGE_SECRET'

/** The secret tokens are signed with: made once per data folder, readable by its owner only. */
export function loadOrCreateSecret(dataDir: string): Uint8Array {
  const file = join(dataDir, SECRET_FILE)
  try {
    return readFileSync(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const secret = randomBytes(32)
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
  return secret
}
