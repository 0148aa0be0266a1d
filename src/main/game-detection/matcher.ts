/**
 * Finds which well-known games (known-games.ts) run, from a list of running processes as the
 * operating system's own tool prints it (one process a line): `tasklist /fo csv /nh` on
 * Windows, `ps -axo comm=,args=` on macOS and Linux. Pure: the poller (poller.ts) reads the list,
 * this only compares names, here on this computer.
 */
import type { KnownGame } from './known-games'

export type ProcessPlatform = 'win32' | 'darwin' | 'linux'

const lower = (text: string) => text.toLowerCase()
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The first field of a `tasklist /fo csv /nh` line: the image name (`"cs2.exe","1234",…`). */
function windowsImage(line: string): string | null {
  const match = /^\s*"([^"]*)"/.exec(line)
  return match?.[1] ? lower(match[1]) : null
}

/** Every file name in a command line: the last part of each path-looking word. */
function fileNames(line: string): Set<string> {
  const names = new Set<string>()
  const unified = line.replace(/\\/g, '/')
  for (const word of unified.split(/\s+/)) {
    const name = word.slice(word.lastIndexOf('/') + 1)
    if (name) names.add(lower(name))
  }
  // Names with spaces ("Stardew Valley.exe"): the part after the last slash, up to an
  // executable's end, with its spaces.
  for (const match of unified.matchAll(/\/([^/]+?\.(?:exe|x86_64|bin\.x86_64|sh))(?=\s|$|")/gi)) {
    if (match[1]) names.add(lower(match[1]))
  }
  return names
}

/**
 * The names of the games in `lines` (each process a line of the platform's tool), each once, in
 * the order of `games`. Windows compares the image name; macOS an app bundle in the path
 * (`/Foo.app/`) or the executable; Linux the executable (native, or a Windows `.exe` that
 * Proton or Wine runs) and any path under `steamapps/common/<folder>/`.
 */
export function matchGames(
  lines: readonly string[],
  platform: ProcessPlatform,
  games: readonly KnownGame[],
): string[] {
  const images = new Set<string>()
  const names = new Set<string>()
  const paths: string[] = []
  for (const line of lines) {
    if (!line.trim()) continue
    if (platform === 'win32') {
      const image = windowsImage(line)
      if (image) images.add(image)
      continue
    }
    const text = lower(line.replace(/\\/g, '/'))
    paths.push(text)
    for (const name of fileNames(line)) names.add(name)
  }
  const found: string[] = []
  for (const game of games) {
    if (isRunning(game, platform, images, names, paths)) found.push(game.name)
  }
  return found
}

function isRunning(
  game: KnownGame,
  platform: ProcessPlatform,
  images: Set<string>,
  names: Set<string>,
  paths: readonly string[],
): boolean {
  if (platform === 'win32') return (game.windows ?? []).some((exe) => images.has(lower(exe)))
  const steamFolders = (game.steam ?? []).map((folder) => `/steamapps/common/${lower(folder)}/`)
  if (paths.some((path) => steamFolders.some((folder) => path.includes(folder)))) return true
  if (platform === 'darwin') {
    // An app bundle in the path, or the bundle's executable (`…/Contents/MacOS/<name>`): a word
    // elsewhere in a command line (a document called "Minecraft notes") is no game.
    const bundles = (game.mac ?? []).map((bundle) => `/${lower(bundle)}.app/`)
    const binaries = (game.mac ?? []).map((name) => `/contents/macos/${lower(name)}`)
    return paths.some(
      (path) =>
        bundles.some((bundle) => path.includes(bundle)) ||
        binaries.some((binary) => new RegExp(`${escapeRegExp(binary)}(?:\\s|$)`).test(path)),
    )
  }
  // Linux: a native executable, or a Windows one through Proton or Wine.
  const executables = [...(game.linux ?? []), ...(game.windows ?? [])]
  return executables.some((exe) => names.has(lower(exe)))
}
