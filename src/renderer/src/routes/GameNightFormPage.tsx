import { useState, type FormEvent } from 'react'
import { Link, useNavigate, useParams } from 'react-router-dom'
import type { GameNight } from '../../../shared/game-night-types'
import { GAME_NIGHT_LIMITS } from '../../../shared/game-night-schemas'
import { GamePicker, type PickedGame } from '../components/GamePicker'
import { Spinner } from '../components/Spinner'
import { EmptyState, ErrorState } from '../components/States'
import { fromLocalFields, toLocalFields, viewerTimeZone } from '../lib/game-night-time'
import { messageOf } from '../lib/notify'
import { gameNightPath } from '../lib/paths'
import { saveGameNight, useGameNight } from '../state/game-nights'
import '../styles/game-nights.css'

/** The lengths offered (minutes); the server takes any from 15 to 1440. */
const LENGTHS = [30, 60, 90, 120, 180, 240, 360, 480, 720, 1440]

/** Tomorrow at 20:00, the viewer's time: where a new night's fields start. */
function tomorrowEvening(): { date: string; time: string } {
  const at = new Date()
  at.setDate(at.getDate() + 1)
  at.setHours(20, 0, 0, 0)
  return toLocalFields(at.toISOString())
}

/** `/game-nights/new`: plan a game night. */
export function NewGameNightPage() {
  return <GameNightForm night={null} />
}

/** `/game-nights/:id/edit`: the host changes their night. */
export function EditGameNightPage() {
  const { gameNightId = '' } = useParams()
  const { load, retry } = useGameNight(gameNightId)
  if (load.status === 'loading') return <Spinner label="Loading the game night" />
  if (load.status === 'error') return <ErrorState message={load.message} onRetry={retry} />
  if (load.status === 'missing' || !load.night.isHost) {
    return <EmptyState title="Only the host of this game night can edit it." />
  }
  return <GameNightForm night={load.night} />
}

/**
 * The form of a game night: the game (from the server's list), a title, the date and time (the
 * browser's own pickers, which take the keyboard and open the phone's wheel), the length, a place
 * and slots. The date and time are the viewer's own; they leave as an instant.
 */
function GameNightForm({ night }: { night: GameNight | null }) {
  const navigate = useNavigate()
  const start = night ? toLocalFields(night.startsAt) : tomorrowEvening()
  const [game, setGame] = useState<PickedGame[]>(
    night ? [{ name: night.game.name, slug: night.game.slug }] : [],
  )
  const [title, setTitle] = useState(night?.title ?? '')
  const [date, setDate] = useState(start.date)
  const [time, setTime] = useState(start.time)
  const [length, setLength] = useState(night?.durationMinutes ?? 120)
  const [place, setPlace] = useState(night?.place ?? '')
  const [slots, setSlots] = useState(night?.slots == null ? '' : String(night.slots))
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const picked = game[0]
    const startsAt = fromLocalFields(date, time)
    const slotCount = slots.trim() === '' ? null : Number(slots)
    if (!picked) return setProblem('Choose a game from the server’s list.')
    if (!title.trim()) return setProblem('A game night needs a title.')
    if (!startsAt) return setProblem('Choose a date and a time.')
    if (slotCount !== null && (!Number.isInteger(slotCount) || slotCount < 1)) {
      return setProblem('Slots must be a whole number of players, or empty for no limit.')
    }
    setBusy(true)
    setProblem(null)
    try {
      const saved = await saveGameNight(night?._id ?? null, {
        game: picked.slug,
        title: title.trim(),
        startsAt,
        durationMinutes: length,
        place: place.trim() || null,
        slots: slotCount,
      })
      void navigate(gameNightPath(saved._id))
    } catch (error) {
      setProblem(messageOf(error))
      setBusy(false)
    }
  }

  return (
    <section
      className="page-single game-night-form-page"
      data-main-column
      aria-labelledby="form-title"
    >
      <h1 id="form-title" className="page-title">
        {night ? 'Edit the game night' : 'Plan a game night'}
      </h1>
      <form className="card game-night-form" onSubmit={(event) => void submit(event)} noValidate>
        <GamePicker
          value={game}
          onChange={(games) => setGame(games.slice(-1))}
          label="Game"
          max={1}
          allowNew={false}
        />
        <label className="field">
          Title
          <input
            value={title}
            maxLength={GAME_NIGHT_LIMITS.titleMax}
            onChange={(event) => setTitle(event.target.value)}
            required
          />
        </label>
        <div className="game-night-form-row">
          <label className="field">
            Date
            <input
              type="date"
              value={date}
              onChange={(event) => setDate(event.target.value)}
              required
            />
          </label>
          <label className="field">
            Time
            <input
              type="time"
              value={time}
              onChange={(event) => setTime(event.target.value)}
              required
            />
          </label>
          <label className="field">
            Length
            <select value={length} onChange={(event) => setLength(Number(event.target.value))}>
              {(LENGTHS.includes(length)
                ? LENGTHS
                : [...LENGTHS, length].sort((a, b) => a - b)
              ).map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes < 60 ? `${minutes} min` : `${minutes / 60} h`}
                </option>
              ))}
            </select>
          </label>
        </div>
        <p className="muted game-nights-zone">In your time zone ({viewerTimeZone()}).</p>
        <div className="game-night-form-row">
          <label className="field">
            Place (optional)
            <input
              value={place}
              maxLength={GAME_NIGHT_LIMITS.placeMax}
              placeholder="at Sam’s, online…"
              onChange={(event) => setPlace(event.target.value)}
            />
          </label>
          <label className="field">
            Slots (optional)
            <input
              type="number"
              inputMode="numeric"
              min={GAME_NIGHT_LIMITS.slotsMin}
              max={GAME_NIGHT_LIMITS.slotsMax}
              value={slots}
              placeholder="No limit"
              onChange={(event) => setSlots(event.target.value)}
            />
          </label>
        </div>
        {problem ? (
          <p className="field-error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="game-night-form-actions">
          <Link
            to={night ? gameNightPath(night._id) : '/game-nights'}
            className="btn btn-secondary"
          >
            Back
          </Link>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {night ? 'Save changes' : 'Plan it'}
          </button>
        </div>
      </form>
    </section>
  )
}
