/**
 * Game nights (docs/API.md, "Game nights") as screens read them: a list (upcoming or past, all or
 * of one game), one night with the viewer's own answer, and the writes (plan, edit, answer). Each
 * follows the live `game-night` event: a list row takes the night's new counts and details, and
 * an open night reads itself again (who answered is per viewer, never in the event).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { usePagedList, type PagedList } from './paged-list'
import type {
  GameNight,
  GameNightRsvpChoice,
  GameNightShared,
  GameNightStatus,
} from '../../../shared/game-night-types'
import {
  answerGameNight,
  createGameNight,
  editGameNight,
  getGameNight,
  getGameNightCalendarFile,
  listGameNights,
  type GameNightFields,
} from '../api/game-nights'
import { isMissingCall } from '../api/client'
import { onLiveEvent } from '../live/bus'
import { messageOf } from '../lib/notify'
import { nextChangeIn, nightsOnNow } from '../lib/starting-now'

/** Which nights a list holds: all, of one game, or those one player hosts or answered. */
export interface GameNightsFilter {
  game?: string
  /** A username: the nights they host or answered going, maybe or waiting. */
  with?: string
}

/** A list of game nights as a screen shows it: a page at a time, kept in step with the live event. */
export interface GameNightsList extends PagedList<GameNightShared> {
  /** The server has no game nights (an older one). */
  unsupported: boolean
}

/**
 * A list of game nights, a page at a time (state/paged-list.ts), kept in step with the live
 * event: a row shown takes the night's new counts and details; a new night of an upcoming list's
 * kind reads the list afresh, to put it in its place.
 */
export function useGameNights(
  when: 'upcoming' | 'past',
  filter: GameNightsFilter = {},
  limit = 20,
): GameNightsList {
  const { game, with: withUser } = filter
  const [round, setRound] = useState(0)
  const [changed, setChanged] = useState<Readonly<Record<string, GameNightShared>>>({})
  const [unsupported, setUnsupported] = useState(false)
  const read = useCallback(
    async (cursor: string | null, signal: AbortSignal) => {
      try {
        const page = await listGameNights({ when, game, with: withUser, cursor, limit }, signal)
        return { items: page.gameNights, nextCursor: page.nextCursor }
      } catch (error) {
        if (isMissingCall(error)) setUnsupported(true)
        throw error
      }
    },
    [when, game, withUser, limit],
  )
  const list = usePagedList(
    `${when}:${game ?? ''}:${withUser ?? ''}:${round}`,
    read,
    (night) => night._id,
  )

  // The ids shown, for the live event to tell a change of a row from a new night.
  const shown = useRef(new Set<string>())
  useEffect(() => {
    shown.current = new Set(list.items.map((night) => night._id))
  }, [list.items])

  useEffect(
    () =>
      onLiveEvent('game-night', ({ gameNight }) => {
        if (shown.current.has(gameNight._id)) {
          setChanged((all) => ({ ...all, [gameNight._id]: gameNight }))
          return
        }
        // A list of one player's nights cannot tell from the event whether they answered it (it
        // does not say who answered): it reads itself again.
        const fits = !game || gameNight.game.slug === game
        if (fits && when === 'upcoming') {
          setChanged({})
          setRound((n) => n + 1)
        }
      }),
    [when, game, withUser],
  )

  const items = useMemo(
    () => list.items.map((night) => changed[night._id] ?? night),
    [list.items, changed],
  )
  return { ...list, items, unsupported }
}

export type GameNightLoad =
  | { status: 'loading' }
  | { status: 'ready'; night: GameNight }
  | { status: 'missing' }
  | { status: 'error'; message: string }

/** One game night for the viewer, read again when its live event comes; its writes. */
export function useGameNight(id: string) {
  const [load, setLoad] = useState<GameNightLoad>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    getGameNight(id, controller.signal)
      .then(({ gameNight }) => setLoad({ status: 'ready', night: gameNight }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        const status = (error as { status?: number }).status
        if (isMissingCall(error) || status === 404) setLoad({ status: 'missing' })
        else setLoad({ status: 'error', message: messageOf(error) })
      })
    return () => controller.abort()
  }, [id, attempt])

  useEffect(
    () =>
      onLiveEvent('game-night', ({ gameNight }) => {
        if (gameNight._id === id) setAttempt((n) => n + 1)
      }),
    [id],
  )

  const show = (night: GameNight) => setLoad({ status: 'ready', night })
  const answer = useCallback(
    async (choice: GameNightRsvpChoice) => show((await answerGameNight(id, choice)).gameNight),
    [id],
  )
  const setStatus = useCallback(
    async (status: GameNightStatus) => show((await editGameNight(id, { status })).gameNight),
    [id],
  )

  return {
    load,
    retry: () => {
      setLoad({ status: 'loading' })
      setAttempt((n) => n + 1)
    },
    answer,
    setStatus,
  }
}

/** Plans a night, or saves the host's edit; answers the night as the server has it. */
export async function saveGameNight(
  id: string | null,
  fields: GameNightFields,
): Promise<GameNight> {
  const answer = id === null ? await createGameNight(fields) : await editGameNight(id, fields)
  return answer.gameNight
}

/** Saves the night's `.ics` file (the browser's download; the desktop app's save dialog). */
export async function saveCalendarFile(id: string): Promise<void> {
  const url = URL.createObjectURL(await getGameNightCalendarFile(id))
  try {
    const link = document.createElement('a')
    link.href = url
    link.download = `game-night-${id}.ics`
    link.click()
  } finally {
    // After the click has handed the file over.
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }
}

/**
 * The game nights on now (lib/starting-now.ts) for "Starting now": with `mine`, those the viewer
 * hosts or answered going, maybe or waiting (Home); else every night on now they may see (Who's
 * here). Read from the first page of upcoming nights (soonest first: those on now lead it), and
 * looked at again when a start or an end passes.
 */
export function useNightsOnNow(scope: 'mine' | 'all', username: string | null) {
  const list = useGameNights(
    'upcoming',
    scope === 'mine' && username !== null ? { with: username } : {},
  )
  const [now, setNow] = useState(() => Date.now())
  // While the list reads itself again (a live event), what it showed stays: no flicker.
  const [items, setItems] = useState<readonly GameNightShared[]>([])
  useEffect(() => {
    if (list.loaded) setItems(list.items)
  }, [list.loaded, list.items])
  useEffect(() => {
    const wait = nextChangeIn(items, now)
    if (wait === null) return
    const timer = setTimeout(() => setNow(Date.now()), wait + 500)
    return () => clearTimeout(timer)
  }, [items, now])
  return useMemo(() => nightsOnNow(items, now), [items, now])
}
