import { homedir } from 'node:os'
import { join } from 'node:path'

/**
 * The per-user data folder of the platform for the headless server: %APPDATA% on Windows,
 * Application Support on macOS, $XDG_DATA_HOME (or ~/.local/share) elsewhere.
 */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home = homedir(),
): string {
  if (platform === 'win32') {
    return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Gamerstage Server')
  }
  if (platform === 'darwin')
    return join(home, 'Library', 'Application Support', 'Gamerstage Server')
  return join(env.XDG_DATA_HOME || join(home, '.local', 'share'), 'gamerstage-server')
}
