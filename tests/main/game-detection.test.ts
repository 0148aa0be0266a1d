// @vitest-environment node
/**
 * Game detection: the matcher on recorded process lists of the three
 * operating systems (tests/main/fixtures/processes), and the poller with a fake process-list
 * reader: it runs only while enabled and not paused, reports a game's name (or null) and
 * nothing else, and survives a failing tool.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { IpcMain } from 'electron'
import { setupGameDetection } from '../../src/main/game-detection'
import { KNOWN_GAMES } from '../../src/main/game-detection/known-games'
import { matchGames, type ProcessPlatform } from '../../src/main/game-detection/matcher'
import {
  GameDetector,
  POLL_INTERVAL_MS,
  processListTool,
} from '../../src/main/game-detection/poller'
import { registerIpc } from '../../src/main/ipc'
import { DEFAULT_SETTINGS, type Settings } from '../../src/main/settings'
import { Channel } from '../../src/shared/ipc-channels'
import { gameNameProblem } from '../../src/shared/games'

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, 'fixtures', 'processes', name), 'utf8').split(/\r?\n/)

describe('the list of known games', () => {
  it('holds a few dozen games, each a valid name of the server’s list, each once', () => {
    expect(KNOWN_GAMES.length).toBeGreaterThanOrEqual(30)
    const names = KNOWN_GAMES.map((game) => game.name)
    expect(new Set(names).size).toBe(names.length)
    for (const game of KNOWN_GAMES) {
      expect(gameNameProblem(game.name), game.name).toBeNull()
      const ways = [game.windows, game.mac, game.linux, game.steam].flatMap((list) => list ?? [])
      expect(ways.length, game.name).toBeGreaterThan(0)
    }
  })
})

describe('matchGames on recorded process lists', () => {
  it.each<[string, ProcessPlatform, string[]]>([
    ['windows-tasklist.csv', 'win32', ['Counter-Strike 2']],
    ['windows-two-games.csv', 'win32', ['Valorant', 'Stardew Valley']],
    ['windows-no-game.csv', 'win32', []],
    ['macos-ps.txt', 'darwin', ['Stardew Valley']],
    ['macos-bundle.txt', 'darwin', ['League of Legends']],
    ['macos-no-game.txt', 'darwin', []],
    ['linux-native.txt', 'linux', ['Factorio']],
    ['linux-proton.txt', 'linux', ['Elden Ring']],
    ['linux-wine.txt', 'linux', ['Among Us']],
    ['linux-no-game.txt', 'linux', []],
  ])('%s (%s) → %j', (file, platform, games) => {
    expect(matchGames(fixture(file), platform, KNOWN_GAMES)).toEqual(games)
  })

  it('compares without case and ignores empty lines', () => {
    expect(matchGames(['', '"CS2.EXE","1","Console","1","1 K"'], 'win32', KNOWN_GAMES)).toEqual([
      'Counter-Strike 2',
    ])
  })

  it('reads a Windows list only by its image names, not its other columns', () => {
    expect(matchGames(['"notepad.exe","cs2.exe","Console"'], 'win32', KNOWN_GAMES)).toEqual([])
  })
})

describe('GameDetector', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const lists = {
    cs2: ['"cs2.exe","1","Console","1","1 K"'],
    both: ['"cs2.exe","1","Console","1","1 K"', '"Terraria.exe","2","Console","1","1 K"'],
    terraria: ['"Terraria.exe","2","Console","1","1 K"'],
    none: ['"explorer.exe","3","Console","1","1 K"'],
  }

  function harness() {
    let list: string[] = lists.none
    const read = vi.fn(async () => list)
    const changes: (string | null)[] = []
    const detector = new GameDetector({
      platform: 'win32',
      read,
      onChange: (game) => changes.push(game),
    })
    return {
      detector,
      read,
      changes,
      show: (next: string[]) => {
        list = next
      },
    }
  }

  it('reads nothing until it is enabled, nor while paused', async () => {
    const { detector, read } = harness()
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3)
    expect(read).not.toHaveBeenCalled()
    detector.configure({ enabled: true, paused: true })
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3)
    expect(read).not.toHaveBeenCalled()
    expect(detector.state()).toEqual({ enabled: true, paused: true, game: null })
  })

  it('reports a game when it starts and null when it ends, every 15 seconds', async () => {
    const { detector, read, changes, show } = harness()
    show(lists.cs2)
    detector.configure({ enabled: true, paused: false })
    await vi.advanceTimersByTimeAsync(0)
    expect(changes).toEqual(['Counter-Strike 2'])
    expect(detector.state().game).toBe('Counter-Strike 2')

    // Still running: nothing new. Another game beside it: the first one stays.
    show(lists.both)
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS)
    expect(changes).toEqual(['Counter-Strike 2'])
    // The first ends: the other one takes its place.
    show(lists.terraria)
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS)
    expect(changes).toEqual(['Counter-Strike 2', 'Terraria'])
    show(lists.none)
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1)
    expect(changes).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(changes).toEqual(['Counter-Strike 2', 'Terraria', null])
    expect(read).toHaveBeenCalledTimes(4)
  })

  it('stops reading and reports null when paused or switched off', async () => {
    const { detector, read, changes, show } = harness()
    show(lists.cs2)
    detector.configure({ enabled: true, paused: false })
    await vi.advanceTimersByTimeAsync(0)
    detector.configure({ enabled: true, paused: true })
    expect(changes).toEqual(['Counter-Strike 2', null])
    const reads = read.mock.calls.length
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 4)
    expect(read).toHaveBeenCalledTimes(reads)

    detector.configure({ enabled: true, paused: false })
    await vi.advanceTimersByTimeAsync(0)
    expect(changes).toEqual(['Counter-Strike 2', null, 'Counter-Strike 2'])
    detector.configure({ enabled: false, paused: false })
    expect(changes.at(-1)).toBeNull()
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 4)
    expect(read).toHaveBeenCalledTimes(reads + 1)
  })

  it('drops a read that was under way when it was switched off', async () => {
    let answer: (lines: string[]) => void = () => undefined
    const read = vi.fn(() => new Promise<string[]>((resolve) => (answer = resolve)))
    const changes: (string | null)[] = []
    const detector = new GameDetector({ platform: 'win32', read, onChange: (g) => changes.push(g) })
    detector.configure({ enabled: true, paused: false })
    detector.configure({ enabled: false, paused: false })
    answer(lists.cs2)
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2)
    expect(changes).toEqual([])
    expect(read).toHaveBeenCalledTimes(1)
  })

  it('keeps the game it knew when the tool fails, and tries again', async () => {
    const { detector, read, changes, show } = harness()
    show(lists.cs2)
    detector.configure({ enabled: true, paused: false })
    await vi.advanceTimersByTimeAsync(0)
    read.mockRejectedValueOnce(new Error('tasklist timed out'))
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS)
    expect(changes).toEqual(['Counter-Strike 2'])
    show(lists.none)
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS)
    expect(changes).toEqual(['Counter-Strike 2', null])
  })
})

describe('setupGameDetection', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  function fakeSettings(initial: Partial<Settings> = {}) {
    let current: Settings = { ...DEFAULT_SETTINGS, ...initial }
    return {
      get: () => structuredClone(current),
      update: vi.fn((changes: Partial<Settings>) => {
        current = { ...current, ...changes }
        return structuredClone(current)
      }),
    }
  }

  it('is off by default, and reads nothing', async () => {
    const read = vi.fn(async () => ['"cs2.exe","1","Console","1","1 K"'])
    const detection = setupGameDetection(fakeSettings(), () => undefined, {
      platform: 'win32',
      read,
    })
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2)
    expect(detection.get()).toEqual({ enabled: false, paused: false, game: null })
    expect(read).not.toHaveBeenCalled()
  })

  it('keeps the choice in the settings and publishes only the game’s name', async () => {
    const settings = fakeSettings()
    const published: unknown[] = []
    const detection = setupGameDetection(settings, (game) => published.push(game), {
      platform: 'linux',
      read: async () => fixture('linux-proton.txt'),
    })
    expect(detection.set({ enabled: true })).toMatchObject({ enabled: true, paused: false })
    expect(settings.update).toHaveBeenLastCalledWith({
      gameDetection: { paused: false, servers: ['this-computer'] },
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(published).toEqual(['Elden Ring'])
    expect(detection.get().game).toBe('Elden Ring')

    detection.set({ paused: true })
    expect(settings.update).toHaveBeenLastCalledWith({
      gameDetection: { paused: true, servers: ['this-computer'] },
    })
    expect(published).toEqual(['Elden Ring', null])
    // Off forgets the pause.
    detection.set({ enabled: false })
    expect(settings.update).toHaveBeenLastCalledWith({
      gameDetection: { paused: false, servers: [] },
    })
    detection.close()
  })

  it('starts as the settings file says', async () => {
    const published: unknown[] = []
    const on = { gameDetection: { paused: false, servers: ['this-computer'] } }
    setupGameDetection(fakeSettings(on), (game) => published.push(game), {
      platform: 'darwin',
      read: async () => fixture('macos-bundle.txt'),
    }).close()
    expect(published).toEqual([])
    const detection = setupGameDetection(fakeSettings(on), (game) => published.push(game), {
      platform: 'darwin',
      read: async () => fixture('macos-bundle.txt'),
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(published).toEqual(['League of Legends'])
    detection.close()
  })

  it('shares nothing with a server the person did not turn it on for', async () => {
    const settings = fakeSettings()
    const published: unknown[] = []
    const read = vi.fn(async () => fixture('linux-proton.txt'))
    let server = 'this-computer'
    const detection = setupGameDetection(settings, (game) => published.push(game), {
      platform: 'linux',
      read,
      server: () => server,
    })
    detection.set({ enabled: true })
    await vi.advanceTimersByTimeAsync(0)
    expect(published).toEqual(['Elden Ring'])

    // A server never seen before: detection stops, the window is told no game, nothing is read.
    server = `certificate:${'ab'.repeat(32)}`
    detection.serverChanged()
    const reads = read.mock.calls.length
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3)
    expect(read).toHaveBeenCalledTimes(reads)
    expect(published).toEqual(['Elden Ring', null])
    expect(detection.get()).toEqual({ enabled: false, paused: false, game: null })

    // The person turns it on there too: that server alone is added.
    detection.set({ enabled: true })
    expect(settings.get().gameDetection.servers).toEqual(['this-computer', server])
    await vi.advanceTimersByTimeAsync(0)
    expect(published).toEqual(['Elden Ring', null, 'Elden Ring'])

    // Back on this computer, which keeps its own choice.
    server = 'this-computer'
    detection.serverChanged()
    expect(detection.get().enabled).toBe(true)
    detection.close()
  })
})

describe('the process list tool', () => {
  it('is run by its absolute path, never looked up through PATH', () => {
    expect(processListTool('win32', { SystemRoot: 'D:\\Windows' })).toEqual({
      command: 'D:\\Windows\\System32\\tasklist.exe',
      args: ['/fo', 'csv', '/nh'],
    })
    expect(processListTool('win32', {}).command).toBe('C:\\Windows\\System32\\tasklist.exe')
    expect(processListTool('darwin', {}, () => true)).toEqual({
      command: '/bin/ps',
      args: ['-axo', 'comm=,args='],
    })
    expect(processListTool('linux', {}, (path) => path === '/usr/bin/ps').command).toBe(
      '/usr/bin/ps',
    )
  })
})

describe('the game detection channels', () => {
  function register() {
    const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>()
    const set = vi.fn((changes: { enabled?: boolean; paused?: boolean }) => ({
      enabled: changes.enabled ?? false,
      paused: changes.paused ?? false,
      game: null,
    }))
    registerIpc(
      {
        handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) => {
          handlers.set(channel, handler)
        },
      } as unknown as Pick<IpcMain, 'handle'>,
      (event) => (event as unknown as { sender: string }).sender === 'ours',
      {
        getConnection: vi.fn(),
        setConnection: vi.fn(),
        checkServer: vi.fn(),
        getLanSharing: vi.fn(),
        setLanSharing: vi.fn(),
        replaceLanCertificate: vi.fn(),
        watchLanServers: vi.fn(),
        appVersion: '1',
        focusWindow: vi.fn(),
        backupData: vi.fn(),
        restoreData: vi.fn(),
        getGameDetection: () => ({ enabled: false, paused: false, game: null }),
        setGameDetection: set,
      },
    )
    const call = async (channel: Channel, sender: string, ...args: unknown[]) => {
      const handler = handlers.get(channel)
      if (!handler) throw new Error(`no handler for ${channel}`)
      return await handler({ sender }, ...args)
    }
    return { call, set }
  }

  it('answers our window, with only booleans for enabled and paused', async () => {
    const { call, set } = register()
    await expect(call(Channel.GetGameDetection, 'ours')).resolves.toEqual({
      enabled: false,
      paused: false,
      game: null,
    })
    await expect(call(Channel.SetGameDetection, 'ours', { enabled: true })).resolves.toMatchObject({
      enabled: true,
    })
    for (const bad of [{ enabled: 'yes' }, { paused: 1 }, { enabled: true, path: '/' }, null]) {
      await expect(call(Channel.SetGameDetection, 'ours', bad)).rejects.toThrow(
        'Invalid detection settings.',
      )
    }
    await expect(call(Channel.GetGameDetection, 'evil')).rejects.toThrow('Not allowed.')
    await expect(call(Channel.SetGameDetection, 'evil', { enabled: true })).rejects.toThrow(
      'Not allowed.',
    )
    expect(set).toHaveBeenCalledOnce()
  })
})
