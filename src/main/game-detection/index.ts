/**
 * Game detection wired to the settings file (issue 28): `setupGameDetection` starts the poller
 * as the settings say (off by default), and answers the bridge's get and set.
 */
import type { GameDetectionStatus } from '../../shared/bridge'
import type { SettingsStore } from '../settings'
import { GameDetector, systemProcessReader, type ProcessListReader } from './poller'
import type { ProcessPlatform } from './matcher'

export interface GameDetection {
  get(): GameDetectionStatus
  set(changes: { enabled?: boolean; paused?: boolean }): GameDetectionStatus
  close(): void
}

/** The platforms whose process list the matcher reads; anything else reads as Linux's `ps`. */
function processPlatform(platform: NodeJS.Platform): ProcessPlatform {
  return platform === 'win32' || platform === 'darwin' ? platform : 'linux'
}

export function setupGameDetection(
  settings: Pick<SettingsStore, 'get' | 'update'>,
  publish: (game: string | null) => void,
  options: { platform?: NodeJS.Platform; read?: ProcessListReader } = {},
): GameDetection {
  const platform = processPlatform(options.platform ?? process.platform)
  const detector = new GameDetector({
    platform,
    read: options.read ?? systemProcessReader(platform),
    onChange: publish,
  })
  detector.configure(settings.get().gameDetection)
  return {
    get: () => detector.state(),
    set: (changes) => {
      const current = settings.get().gameDetection
      const next = {
        enabled: changes.enabled ?? current.enabled,
        // Turning detection off forgets a pause: turned on again, it runs.
        paused: changes.enabled === false ? false : (changes.paused ?? current.paused),
      }
      settings.update({ gameDetection: next })
      return detector.configure(next)
    },
    close: () => detector.close(),
  }
}
