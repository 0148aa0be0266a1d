/**
 * Game detection wired to the settings file: `setupGameDetection` starts the poller
 * as the settings say (off by default), and answers the bridge's get and set.
 *
 * The choice is kept per server (docs/features.md, "Games and "Now playing""): turning detection on shares
 * the game with the server in use, and a server the person has not turned it on for (a
 * friend's, or a stranger's joined by mistake) gets nothing: detection does not even run while
 * the app uses it, and the window is told no game.
 */
import type { GameDetectionStatus } from '../../shared/bridge'
import type { SettingsStore } from '../settings'
import { GameDetector, systemProcessReader, type ProcessListReader } from './poller'
import type { ProcessPlatform } from './matcher'

export interface GameDetection {
  /** The status for the server in use: `enabled` is whether it is shared with that server. */
  get(): GameDetectionStatus
  /** Turns sharing with the server in use on or off, or pauses and resumes it for every server. */
  set(changes: { enabled?: boolean; paused?: boolean }): GameDetectionStatus
  /** The app now uses another server: detection follows that server's choice. */
  serverChanged(): void
  close(): void
}

/** The platforms whose process list the matcher reads; anything else reads as Linux's `ps`. */
function processPlatform(platform: NodeJS.Platform): ProcessPlatform {
  return platform === 'win32' || platform === 'darwin' ? platform : 'linux'
}

export function setupGameDetection(
  settings: Pick<SettingsStore, 'get' | 'update'>,
  publish: (game: string | null) => void,
  options: {
    platform?: NodeJS.Platform
    read?: ProcessListReader
    /** The server in use, as ConnectionManager.key() names it (default: this computer's). */
    server?: () => string
  } = {},
): GameDetection {
  const platform = processPlatform(options.platform ?? process.platform)
  const server = options.server ?? (() => 'this-computer')
  const detector = new GameDetector({
    platform,
    read: options.read ?? systemProcessReader(platform),
    onChange: publish,
  })
  const wanted = () => {
    const { paused, servers } = settings.get().gameDetection
    return { enabled: servers.includes(server()), paused }
  }
  detector.configure(wanted())
  return {
    get: () => detector.state(),
    set: (changes) => {
      const current = settings.get().gameDetection
      const here = server()
      const others = current.servers.filter((key) => key !== here)
      const servers =
        changes.enabled === undefined
          ? current.servers
          : changes.enabled
            ? [...others, here]
            : others
      const next = {
        // Turning detection off forgets a pause: turned on again, it runs.
        paused: changes.enabled === false ? false : (changes.paused ?? current.paused),
        servers,
      }
      settings.update({ gameDetection: next })
      return detector.configure(wanted())
    },
    serverChanged: () => void detector.configure(wanted()),
    close: () => detector.close(),
  }
}
