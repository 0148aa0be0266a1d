/**
 * The desktop app's game detection (docs/features.md, "Games"): opt-in, off by default. While it is
 * on and not paused, every 15 seconds it reads the list of running programs with the operating
 * system's own tool and matches it here against the list of well-known games (matcher.ts). It
 * tells the window only a game's name, or null when none runs; nothing else leaves this process.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { win32 } from 'node:path'
import { KNOWN_GAMES, type KnownGame } from './known-games'
import { matchGames, type ProcessPlatform } from './matcher'

export const POLL_INTERVAL_MS = 15_000
/** A process list that takes longer than this is given up (and tried again next time). */
export const READ_TIMEOUT_MS = 5_000

/** Reads the running processes, one a line, as the platform's tool prints them. */
export type ProcessListReader = () => Promise<string[]>

/**
 * Where the operating system keeps its own tool, by absolute path: a bare name would be looked
 * up through PATH (and on Windows in the current folder first), where another program called
 * `ps` or `tasklist` could stand in for it. `ps` is /bin/ps on macOS and on Linux (a link to
 * /usr/bin/ps on merged-/usr systems); Windows's tasklist is in System32 of its own folder.
 */
export function processListTool(
  platform: ProcessPlatform,
  env: NodeJS.ProcessEnv = process.env,
  exists: (path: string) => boolean = existsSync,
): { command: string; args: string[] } {
  if (platform === 'win32') {
    const windows = env.SystemRoot ?? env.windir ?? 'C:\\Windows'
    return { command: win32.join(windows, 'System32', 'tasklist.exe'), args: ['/fo', 'csv', '/nh'] }
  }
  const ps = ['/bin/ps', '/usr/bin/ps'].find((path) => exists(path)) ?? '/bin/ps'
  return { command: ps, args: ['-axo', 'comm=,args='] }
}

/** The operating system's own tool (processListTool), without a shell. */
export function systemProcessReader(platform: ProcessPlatform): ProcessListReader {
  const { command, args } = processListTool(platform)
  return () =>
    new Promise((resolve, reject) => {
      execFile(
        command,
        args,
        { timeout: READ_TIMEOUT_MS, windowsHide: true, maxBuffer: 8 * 1024 * 1024, shell: false },
        (error, stdout) => (error ? reject(error) : resolve(String(stdout).split(/\r?\n/))),
      )
    })
}

/** What the Account page shows and sets. */
export interface DetectionState {
  enabled: boolean
  paused: boolean
  /** The game detected now, or null. */
  game: string | null
}

export interface GameDetectorOptions {
  platform: ProcessPlatform
  read: ProcessListReader
  /** Called with a game's name when one starts (or another replaces it), null when it ends. */
  onChange: (game: string | null) => void
  games?: readonly KnownGame[]
  intervalMs?: number
}

/**
 * Polls while enabled and not paused; stops (and reports null) when switched off or paused. One
 * read at a time: a slow list is never read twice at once.
 */
export class GameDetector {
  private enabled = false
  private paused = false
  private game: string | null = null
  private timer: ReturnType<typeof setTimeout> | null = null
  private reading = false
  /** Bumped on every stop: a read that started before it is dropped. */
  private generation = 0

  constructor(private readonly options: GameDetectorOptions) {}

  state(): DetectionState {
    return { enabled: this.enabled, paused: this.paused, game: this.game }
  }

  /** Applies the settings (on start, and when the person changes them). */
  configure({ enabled, paused }: { enabled: boolean; paused: boolean }): DetectionState {
    this.enabled = enabled
    this.paused = paused
    if (this.running()) {
      if (this.timer === null && !this.reading) void this.poll()
    } else this.stop()
    return this.state()
  }

  /** Stops for good (the app quits). */
  close(): void {
    this.enabled = false
    this.stop()
  }

  private running(): boolean {
    return this.enabled && !this.paused
  }

  private stop(): void {
    this.generation += 1
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
    this.reading = false
    this.report(null)
  }

  private report(game: string | null): void {
    if (game === this.game) return
    this.game = game
    this.options.onChange(game)
  }

  private async poll(): Promise<void> {
    const generation = this.generation
    this.timer = null
    this.reading = true
    let found: string[] | null = null
    try {
      const lines = await this.options.read()
      found = matchGames(lines, this.options.platform, this.options.games ?? KNOWN_GAMES)
    } catch {
      // The tool failed or timed out: keep what was known, try again next time.
    }
    if (generation !== this.generation) return
    this.reading = false
    if (found) {
      // The game already shown stays while it runs, even if another starts beside it.
      this.report(this.game && found.includes(this.game) ? this.game : (found[0] ?? null))
    }
    if (this.running()) {
      this.timer = setTimeout(() => void this.poll(), this.options.intervalMs ?? POLL_INTERVAL_MS)
    }
  }
}
