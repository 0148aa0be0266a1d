/**
 * The server's list of games (docs/API.md, "Games") as screens read it: a game's page, a
 * player's games on their profile (kept in step with the live `games` event), and the catalogue
 * search behind every game box (GamePicker, the status editor's game), whose answers are kept a
 * little while so that a box opened again, or a word typed back, asks nothing new. What a host
 * changes in the list is in moderation.ts.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type {
  Game,
  GameSuggestion,
  PresenceState,
  PresentUser,
  TrendingResponse,
} from '../../../shared/api-types'
import type { GameListSort } from '../../../shared/games'
import {
  getGame,
  getTrending,
  getUserGames,
  listGames,
  searchGames,
  setMyGames,
  suggestGames,
} from '../api/games'
import { isMissingCall } from '../api/client'
import { getGamePlaying } from '../api/presence'
import { onLiveEvent } from '../live/bus'
import { messageOf } from '../lib/notify'
import { useServerFeature } from './server-features'

/** A game's page as it loads. */
export type GameLoad =
  | { status: 'loading' }
  | { status: 'ready'; game: Game }
  | { status: 'missing' }
  | { status: 'error'; message: string }

/**
 * One game by slug, read again on `retry`. `onMoved` hears the game when the server answers it
 * under another slug (an old slug of a renamed or merged game). Not on the list, or a server
 * without games: `missing`.
 */
export function useGame(slug: string, onMoved: (game: Game) => void) {
  const [load, setLoad] = useState<GameLoad>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const onMovedNow = useRef(onMoved)
  useEffect(() => {
    onMovedNow.current = onMoved
  })

  useEffect(() => {
    const controller = new AbortController()
    setLoad({ status: 'loading' })
    getGame(slug, controller.signal)
      .then(({ game }) => {
        if (game.slug !== slug) onMovedNow.current(game)
        setLoad({ status: 'ready', game })
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        // GAME_NOT_FOUND, or a server without games: both say "not on this server's list".
        if (isMissingCall(error) || (error as { status?: number }).status === 404) {
          setLoad({ status: 'missing' })
        } else setLoad({ status: 'error', message: messageOf(error) })
      })
    return () => controller.abort()
  }, [slug, attempt])

  return {
    load,
    retry: () => setAttempt((n) => n + 1),
    /** Shows the game as a host's change answered it. */
    replace: (game: Game) => setLoad({ status: 'ready', game }),
  }
}

/**
 * A player's games (null while loading; none offline or on an older server), following the live
 * `games` event of their changes elsewhere. `save` sets the signed-in player's own games by
 * name (new names join the list) and shows what the server kept; a refusal is thrown.
 */
export function useProfileGames(username: string, supported: boolean) {
  const [games, setGames] = useState<Game[] | null>(null)

  useEffect(() => {
    if (!supported) return
    const controller = new AbortController()
    setGames(null)
    getUserGames(username, controller.signal)
      .then((answer) => setGames(answer.games))
      .catch(() => {
        // Offline or an older server: the chips stay away; the profile shows the rest.
        if (!controller.signal.aborted) setGames([])
      })
    return () => controller.abort()
  }, [supported, username])

  useEffect(() => {
    if (!supported) return
    return onLiveEvent('games', (event) => {
      if (event.username.toLowerCase() === username.toLowerCase()) setGames(event.games)
    })
  }, [supported, username])

  const save = async (names: string[]) => setGames((await setMyGames(names)).games)

  return { games, save }
}

/** The catalogue's answer for a box: the games found and the text they answer. */
export interface GameSearch {
  query: string
  games: GameSuggestion[]
  /** True from the moment the text changed until its answer came. */
  searching: boolean
}

/** A game of the server's list as a suggestion (a server without the shipped catalogue). */
const listedSuggestion = (game: Game): GameSuggestion => ({
  name: game.name,
  slug: game.slug,
  playerCount: game.playerCount,
  listed: true,
  platforms: [],
  exact: false,
})

/**
 * Searches for `typed` once typing pauses for `delayMs`, while `enabled` (the box open): the
 * server's games beside the catalogue it ships (GET /game-suggestions) where the server names
 * `game-catalogue`, else its games alone (GET /games?search=); with `listedOnly`, the server's
 * games alone everywhere (a host's merge). An answer to older text is never shown, and a failed
 * search finds nothing.
 */
export function useGameSearch(
  typed: string,
  {
    enabled,
    limit,
    delayMs,
    listedOnly = false,
  }: { enabled: boolean; limit: number; delayMs: number; listedOnly?: boolean },
): GameSearch {
  const catalogue = useServerFeature('game-catalogue') && !listedOnly
  const [answer, setAnswer] = useState<{ query: string; games: GameSuggestion[] }>({
    query: '',
    games: [],
  })
  const [searching, setSearching] = useState(false)

  useEffect(() => {
    if (!enabled) return
    const controller = new AbortController()
    setSearching(true)
    const timer = window.setTimeout(() => {
      const found = catalogue
        ? suggestGames(typed, { signal: controller.signal, limit }).then((page) => page.games)
        : searchGames(typed, { signal: controller.signal, limit }).then((page) =>
            page.games.map(listedSuggestion),
          )
      found
        .then((games) => setAnswer({ query: typed, games }))
        .catch(() => {
          if (!controller.signal.aborted) setAnswer({ query: typed, games: [] })
        })
        .finally(() => {
          if (!controller.signal.aborted) setSearching(false)
        })
    }, delayMs)
    return () => {
      window.clearTimeout(timer)
      controller.abort()
    }
  }, [typed, enabled, limit, delayMs, catalogue])

  return { ...answer, searching }
}

/** One list of the `/games` screen as it loads: the games so far and where the next page starts. */
export type GameListLoad =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; games: Game[]; nextCursor: string | null; more: 'idle' | 'loading' }

/**
 * A list of the server's games in one order (GET /games?sort=), `pageSize` at a time: `more`
 * appends the next page, `retry` starts again after a failure.
 */
export function useGameList(sort: GameListSort, pageSize: number) {
  const [load, setLoad] = useState<GameListLoad>({ state: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const loadRef = useRef(load)
  loadRef.current = load

  useEffect(() => {
    const controller = new AbortController()
    setLoad({ state: 'loading' })
    listGames(sort, { limit: pageSize, signal: controller.signal })
      .then((page) =>
        setLoad({ state: 'ready', games: page.games, nextCursor: page.nextCursor, more: 'idle' }),
      )
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'failed', message: messageOf(error) })
      })
    return () => controller.abort()
  }, [sort, pageSize, attempt])

  const more = () => {
    const current = loadRef.current
    if (current.state !== 'ready' || !current.nextCursor || current.more === 'loading') return
    setLoad({ ...current, more: 'loading' })
    listGames(sort, { limit: pageSize, cursor: current.nextCursor })
      .then((page) =>
        setLoad((now) =>
          now.state === 'ready'
            ? {
                state: 'ready',
                // A game met twice (the order moved between pages) is shown once.
                games: [
                  ...now.games,
                  ...page.games.filter((game) => !now.games.some((seen) => seen.id === game.id)),
                ],
                nextCursor: page.nextCursor,
                more: 'idle',
              }
            : now,
        ),
      )
      .catch(() => setLoad((now) => (now.state === 'ready' ? { ...now, more: 'idle' } : now)))
  }

  return { load, more, retry: () => setAttempt((n) => n + 1) }
}

/**
 * Explore's trending tags and games (GET /trending): null while loading, and also after a
 * failure or on an older server, where the panel simply stays away.
 */
export function useTrending(): TrendingResponse | null {
  const [trending, setTrending] = useState<TrendingResponse | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    getTrending(controller.signal)
      .then(setTrending)
      .catch(() => undefined)
    return () => controller.abort()
  }, [])
  return trending
}

/** "Playing now" as it loads: failed only while nothing was shown yet. */
export type PlayingNowLoad =
  { state: 'loading' } | { state: 'failed' } | { state: 'ready'; users: PresentUser[] }

/** How long live changes gather before the list is asked again. */
const REFRESH_DELAY_MS = 300

/**
 * Who plays a game now (`GET /games/{slug}/playing`), while `enabled`, kept live: a status event
 * about someone listed updates or drops them; one naming this game for someone new, someone
 * back online, and a reconnection ask again (gathered for REFRESH_DELAY_MS).
 */
export function useGamePlayingNow(slug: string, enabled: boolean) {
  const [load, setLoad] = useState<PlayingNowLoad>({ state: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const loadRef = useRef(load)
  loadRef.current = load
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  const refreshSoon = useCallback(() => {
    if (timer.current) return
    timer.current = setTimeout(() => {
      timer.current = null
      setAttempt((n) => n + 1)
    }, REFRESH_DELAY_MS)
  }, [])

  useEffect(() => {
    if (!enabled) return
    const controller = new AbortController()
    getGamePlaying(slug, controller.signal)
      .then(({ users }) => setLoad({ state: 'ready', users }))
      .catch(() => {
        if (!controller.signal.aborted && loadRef.current.state !== 'ready') {
          setLoad({ state: 'failed' })
        }
      })
    return () => controller.abort()
  }, [enabled, slug, attempt])

  useEffect(() => {
    if (!enabled) return
    const listed = (userId: string) => {
      const current = loadRef.current
      return current.state === 'ready' && current.users.some((entry) => entry.user._id === userId)
    }
    const change = (update: (users: PresentUser[]) => PresentUser[]) =>
      setLoad((current) =>
        current.state === 'ready' ? { state: 'ready', users: update(current.users) } : current,
      )
    const presenceChanged = (userId: string, presence: PresenceState) => {
      if (!listed(userId)) {
        // Back online with a status that may name this game: the list knows.
        if (presence !== 'offline') refreshSoon()
        return
      }
      change((users) =>
        presence === 'offline'
          ? users.filter((entry) => entry.user._id !== userId)
          : users.map((entry) => (entry.user._id === userId ? { ...entry, presence } : entry)),
      )
    }
    const stops = [
      onLiveEvent('status', ({ userId, status }) => {
        const ours = status !== null && status.gameSlug === slug
        if (!listed(userId)) {
          if (ours) refreshSoon()
          return
        }
        change((users) =>
          ours
            ? users.map((entry) => (entry.user._id === userId ? { ...entry, status } : entry))
            : users.filter((entry) => entry.user._id !== userId),
        )
      }),
      onLiveEvent('presence', ({ userId, presence }) => presenceChanged(userId, presence)),
      // The server's batch: each user's presence, as one `presence` event each.
      onLiveEvent('presences', ({ users }) => {
        for (const [userId, presence] of Object.entries(users)) presenceChanged(userId, presence)
      }),
      onLiveEvent('ready', refreshSoon),
      onLiveEvent('reset', refreshSoon),
    ]
    return () => {
      for (const stop of stops) stop()
      if (timer.current) clearTimeout(timer.current)
      timer.current = null
    }
  }, [enabled, slug, refreshSoon])

  return { load, retry: () => setAttempt((n) => n + 1) }
}
