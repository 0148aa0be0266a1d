import { useCallback, useEffect, useRef, useState } from 'react'
import type { Game, PresenceState, PresentUser } from '../../../shared/api-types'
import { getGamePlaying } from '../api/presence'
import { GAME_PLAYING_COPY, PRESENCE_COPY } from '../copy'
import { onLiveEvent } from '../live/bus'
import { useServerFeature } from '../state/server-features'
import { PresentPersonRow } from './PersonRow'
import { Spinner } from './Spinner'

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; users: PresentUser[] }

/** How long live changes gather before the list is asked again. */
const REFRESH_DELAY_MS = 300

/**
 * The game page's "Playing now" (issue 28, item 3): those whose status names this game (by its
 * slug: `GET /games/{slug}/playing`, with presence's audience rules: never anyone who appears
 * offline or is blocked either way), online or idle, those one follows first; live. A status
 * event about someone listed updates or drops them; one naming this game for someone new, and a
 * reconnection, ask again. Only when the server names both `games` and `now-playing`.
 */
export function GamePlayingNow({ game }: { game: Game }) {
  const games = useServerFeature('games')
  const nowPlaying = useServerFeature('now-playing')
  const enabled = games && nowPlaying
  const [load, setLoad] = useState<Load>({ state: 'loading' })
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
    getGamePlaying(game.slug, controller.signal)
      .then(({ users }) => setLoad({ state: 'ready', users }))
      .catch(() => {
        if (!controller.signal.aborted && loadRef.current.state !== 'ready') {
          setLoad({ state: 'failed' })
        }
      })
    return () => controller.abort()
  }, [enabled, game.slug, attempt])

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
        const ours = status !== null && status.gameSlug === game.slug
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
  }, [enabled, game.slug, refreshSoon])

  if (!enabled) return null
  return (
    <section className="game-playing-now" aria-labelledby="game-playing-title">
      <h2 id="game-playing-title" className="section-title">
        {GAME_PLAYING_COPY.title}
      </h2>
      <div className="card game-playing-card">
        {load.state === 'loading' ? <Spinner label={GAME_PLAYING_COPY.loading} /> : null}
        {load.state === 'failed' ? (
          <p className="muted small">
            {GAME_PLAYING_COPY.failed}{' '}
            <button type="button" className="link-btn" onClick={() => setAttempt((n) => n + 1)}>
              {PRESENCE_COPY.here.retry}
            </button>
          </p>
        ) : null}
        {load.state === 'ready' && load.users.length === 0 ? (
          <p className="muted small game-playing-empty">{GAME_PLAYING_COPY.empty(game.name)}</p>
        ) : null}
        {load.state === 'ready' && load.users.length > 0 ? (
          <ul className="whos-here-list game-playing-list">
            {load.users.map((entry) => (
              <PresentPersonRow key={entry.user._id} entry={entry} withNote />
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  )
}
