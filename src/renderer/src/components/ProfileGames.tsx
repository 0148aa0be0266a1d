import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import type { Game } from '../../../shared/api-types'
import { getUserGames, setMyGames } from '../api/games'
import { COPY } from '../copy'
import { onLiveEvent } from '../live/bus'
import { messageOf, notifySuccess } from '../lib/notify'
import { gamePath } from '../lib/paths'
import { useServerFeature } from '../state/server-features'
import { GamePicker, type PickedGame } from './GamePicker'
import { Icon } from './Icon'

/**
 * The games a profile lists, as chips under the bio (issue 28), each a link to the game's page.
 * On one's own profile, "Edit games" opens the GamePicker in place, saved with one call (PUT
 * /me/games). Hidden when the server does not name `games` (an older server).
 */
export function ProfileGames({ username, own }: { username: string; own: boolean }) {
  const supported = useServerFeature('games')
  const [games, setGames] = useState<Game[] | null>(null)
  const [editing, setEditing] = useState<PickedGame[] | null>(null)
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (!supported) return
    const controller = new AbortController()
    setGames(null)
    setEditing(null)
    getUserGames(username, controller.signal)
      .then((answer) => setGames(answer.games))
      .catch(() => {
        // Offline or an older server: the chips stay away; the profile shows the rest.
        if (!controller.signal.aborted) setGames([])
      })
    return () => controller.abort()
  }, [supported, username])

  // Live: the owner changed their games elsewhere (a `games` event). An edit under way here is
  // left alone; the chips behind it follow.
  useEffect(() => {
    if (!supported) return
    return onLiveEvent('games', (event) => {
      if (event.username.toLowerCase() === username.toLowerCase()) setGames(event.games)
    })
  }, [supported, username])

  if (!supported || games === null) return null

  const save = async () => {
    if (!editing) return
    setSaving(true)
    setError(null)
    try {
      const answer = await setMyGames(editing.map((game) => game.name))
      setGames(answer.games)
      setEditing(null)
      notifySuccess(COPY.games.saved)
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setSaving(false)
    }
  }

  if (own && editing) {
    return (
      <div className="profile-games editing">
        <GamePicker value={editing} onChange={setEditing} />
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="profile-games-actions">
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={saving}
            onClick={() => {
              setEditing(null)
              setError(null)
            }}
          >
            {COPY.games.cancel}
          </button>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={saving}
            aria-busy={saving || undefined}
            onClick={() => void save()}
          >
            {COPY.games.save}
          </button>
        </div>
      </div>
    )
  }

  return (
    <div className="profile-games">
      {games.length > 0 ? (
        <ul className="game-chips" aria-label={COPY.games.sectionLabel(username)}>
          {games.map((game) => (
            <li key={game.id} className="game-chip">
              <Link to={gamePath(game.slug)} className="game-chip-link">
                <Icon name="gamepad" size={14} />
                <span className="game-chip-name">{game.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : own ? (
        <p className="muted small">{COPY.games.ownNone}</p>
      ) : null}
      {own ? (
        <button
          type="button"
          className="btn btn-secondary btn-sm profile-games-edit"
          onClick={() => setEditing(games.map((game) => ({ name: game.name, slug: game.slug })))}
        >
          <Icon name="edit" size={14} /> {games.length > 0 ? COPY.games.edit : COPY.games.add}
        </button>
      ) : null}
    </div>
  )
}
