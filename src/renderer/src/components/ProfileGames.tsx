import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import { COPY } from '../copy'
import { messageOf, notifySuccess } from '../lib/notify'
import { gamePath } from '../lib/paths'
import { useProfileGames } from '../state/games'
import { useServerFeature } from '../state/server-features'
import { GamePicker, type PickedGame } from './GamePicker'
import { Icon } from './Icon'

/**
 * The games a profile lists, as chips under the bio, each a link to the game's page.
 * On one's own profile, "Edit games" opens the GamePicker in place, saved with one call (PUT
 * /me/games). Hidden when the server does not name `games` (an older server).
 */
export function ProfileGames({ username, own }: { username: string; own: boolean }) {
  const supported = useServerFeature('games')
  const { games, save: saveGames } = useProfileGames(username, supported)
  const [editing, setEditing] = useState<PickedGame[] | null>(null)
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)

  // Another profile, or the server's games gone: no edit under way.
  useEffect(() => {
    setEditing(null)
  }, [supported, username])

  if (!supported || games === null) return null

  const save = async () => {
    if (!editing) return
    setSaving(true)
    setError(null)
    try {
      await saveGames(editing.map((game) => game.name))
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
