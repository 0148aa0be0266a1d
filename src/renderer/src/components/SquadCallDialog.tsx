import { useId, useState, type FormEvent } from 'react'
import { gameSlug } from '../../../shared/games'
import {
  createSquadCallSchema,
  SQUAD_CALL_LIMITS,
  type SquadCallExpiry,
} from '../../../shared/squad-call-schemas'
import { SQUAD_COPY } from '../copy-squad'
import { expiryWord } from '../lib/squad-calls'
import { messageOf, notifySuccess } from '../lib/notify'
import { makeSquadCall } from '../state/squad-calls'
import { CharCounter } from './CharCounter'
import { GamePicker, type PickedGame } from './GamePicker'
import { Modal } from './Modal'
import '../styles/squad-calls.css'

const NEEDED = Array.from(
  { length: SQUAD_CALL_LIMITS.neededMax - SQUAD_CALL_LIMITS.neededMin + 1 },
  (_, index) => SQUAD_CALL_LIMITS.neededMin + index,
)

/**
 * Makes a squad call ("need two more"): a game of the server's list (the same picker as game
 * nights, with the catalogue's suggestions), how many players are missing, an optional rank and
 * note, and how long it stays open (an hour unless chosen). Opened from the post composer and
 * from the status editor (with its game). A refusal keeps every field and says why.
 */
export function SquadCallDialog({
  onClose,
  gameName,
}: {
  onClose: () => void
  /** The game to start with (the status editor's), by name. */
  gameName?: string
}) {
  const start = gameName?.trim()
  const [game, setGame] = useState<PickedGame[]>(
    start ? [{ name: start, slug: gameSlug(start) }] : [],
  )
  const [needed, setNeeded] = useState(2)
  const [rank, setRank] = useState('')
  const [note, setNote] = useState('')
  const [expiry, setExpiry] = useState<SquadCallExpiry>(SQUAD_CALL_LIMITS.expiryDefault)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const ids = { needed: useId(), rank: useId(), note: useId(), error: useId() }
  const dirty = game.length > 0 || rank !== '' || note !== ''

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const picked = game[0]
    if (!picked) return setProblem(SQUAD_COPY.chooseGame)
    const checked = createSquadCallSchema.safeParse({
      game: picked.slug,
      needed,
      rank: rank.trim() || null,
      note: note.trim() || null,
      expiresInMinutes: expiry,
    })
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? null)
    setBusy(true)
    setProblem(null)
    try {
      await makeSquadCall(checked.data)
      notifySuccess(SQUAD_COPY.posted)
      onClose()
    } catch (failure) {
      setProblem(messageOf(failure))
      setBusy(false)
    }
  }

  return (
    <Modal title={SQUAD_COPY.formTitle} onClose={onClose} dirty={dirty && !busy}>
      <form
        className="account-form squad-call-form"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-describedby={problem ? ids.error : undefined}
      >
        <GamePicker
          value={game}
          onChange={(games) => setGame(games.slice(-1))}
          label={SQUAD_COPY.game}
          max={1}
          allowNew={false}
        />
        <div className="field">
          <label htmlFor={ids.needed}>{SQUAD_COPY.needed}</label>
          <select
            id={ids.needed}
            value={needed}
            onChange={(event) => setNeeded(Number(event.target.value))}
          >
            {NEEDED.map((n) => (
              <option key={n} value={n}>
                {SQUAD_COPY.neededOption(n)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.rank}>{SQUAD_COPY.rankLabel}</label>
          <input
            id={ids.rank}
            value={rank}
            placeholder={SQUAD_COPY.rankPlaceholder}
            autoComplete="off"
            onChange={(event) => setRank(event.target.value)}
          />
          <CharCounter length={rank.trim().length} max={SQUAD_CALL_LIMITS.rankMax} />
        </div>
        <div className="field">
          <label htmlFor={ids.note}>{SQUAD_COPY.note}</label>
          <input
            id={ids.note}
            value={note}
            placeholder={SQUAD_COPY.notePlaceholder}
            autoComplete="off"
            onChange={(event) => setNote(event.target.value)}
          />
          <CharCounter length={note.trim().length} max={SQUAD_CALL_LIMITS.noteMax} />
        </div>
        <fieldset className="choice-group">
          <legend>{SQUAD_COPY.expiry}</legend>
          {SQUAD_CALL_LIMITS.expiryChoices.map((minutes) => (
            <label key={minutes} className="choice">
              <input
                type="radio"
                name="squad-call-expiry"
                value={minutes}
                checked={expiry === minutes}
                onChange={() => setExpiry(minutes)}
              />
              <span>{expiryWord(minutes)}</span>
            </label>
          ))}
        </fieldset>
        {problem ? (
          <p id={ids.error} className="field-error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="modal-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? SQUAD_COPY.posting : SQUAD_COPY.post}
          </button>
        </div>
      </form>
    </Modal>
  )
}
