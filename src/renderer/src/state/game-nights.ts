/**
 * Game nights (docs/API.md, "Game nights") as screens read them: a list (upcoming or past, all or
 * of one game), one night with the viewer's own answer, and the writes (plan, edit, answer). Each
 * follows the live `game-night` event: a list row takes the night's new counts and details, and
 * an open night reads itself again (who answered is per viewer, never in the event).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
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

export type GameNightsLoad =
  | { status: 'loading' }
  | { status: 'ready'; nights: GameNightShared[]; nextCursor: string | null }
  | { status: 'unsupported' }
  | { status: 'error'; message: string }

/** A list of game nights, kept in step with the live event. */
export function useGameNights(when: 'upcoming' | 'past', game?: string, limit = 20) {
  const [load, setLoad] = useState<GameNightsLoad>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    setLoad({ status: 'loading' })
    listGameNights({ when, game, limit }, controller.signal)
      .then((page) =>
        setLoad({ status: 'ready', nights: page.gameNights, nextCursor: page.nextCursor }),
      )
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        if (isMissingCall(error)) setLoad({ status: 'unsupported' })
        else setLoad({ status: 'error', message: messageOf(error) })
      })
    return () => controller.abort()
  }, [when, game, limit, attempt])

  // The ids shown, for the live event to tell a change of a row from a new night.
  const shown = useRef(new Set<string>())
  useEffect(() => {
    shown.current = new Set(load.status === 'ready' ? load.nights.map((night) => night._id) : [])
  }, [load])

  useEffect(
    () =>
      onLiveEvent('game-night', ({ gameNight }) => {
        if (!shown.current.has(gameNight._id)) {
          // A new night of this list's kind: read the list again to put it in its place.
          const fits = !game || gameNight.game.slug === game
          if (fits && when === 'upcoming') setAttempt((n) => n + 1)
          return
        }
        setLoad((current) =>
          current.status !== 'ready'
            ? current
            : {
                ...current,
                nights: current.nights.map((night) =>
                  night._id === gameNight._id ? gameNight : night,
                ),
              },
        )
      }),
    [when, game],
  )

  return { load, retry: () => setAttempt((n) => n + 1) }
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
