import { useId, useRef, useState } from 'react'
import { useSetAtom } from 'jotai'
import {
  STATUS_EXPIRIES,
  STATUS_LIMITS,
  type StatusExpiry,
  type UserStatus,
} from '../../../shared/presence'
import { statusSchema } from '../../../shared/presence-schemas'
import { PRESENCE_COPY } from '../copy'
import { messageOf, notifySuccess } from '../lib/notify'
import { setOwnStatusAtom } from '../state/own-presence'
import { CharCounter } from './CharCounter'
import { Modal } from './Modal'
import { StatusGameField } from './StatusGameField'
import { SquadCallDialog } from './SquadCallDialog'
import { SQUAD_COPY } from '../copy-squad'
import { useServerFeature } from '../state/server-features'

const EXPIRIES = Object.keys(STATUS_EXPIRIES) as StatusExpiry[]

/**
 * Sets or clears one's "now playing": a game (from the server's list's suggestions, or free text), an optional note, and when it
 * clears by itself. Saved statuses reach others live (docs/API.md, "Presence and now playing").
 */
export function StatusEditor({
  userId,
  current,
  onClose,
}: {
  userId: string
  current: UserStatus | null
  onClose: () => void
}) {
  const setOwnStatus = useSetAtom(setOwnStatusAtom)
  const [game, setGame] = useState(current?.game ?? '')
  const [note, setNote] = useState(current?.note ?? '')
  const [expiresIn, setExpiresIn] = useState<StatusExpiry>(
    current && !current.expiresAt ? 'never' : '2h',
  )
  const [busy, setBusy] = useState(false)
  const squadCalls = useServerFeature('squad-calls')
  // The squad call's form takes the dialog's place, with the game typed here.
  const [calling, setCalling] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const ids = { note: useId(), error: useId() }
  const noteRef = useRef<HTMLInputElement>(null)
  const dirty = game !== (current?.game ?? '') || note !== (current?.note ?? '')

  const save = async () => {
    const checked = statusSchema.safeParse({ game, note, expiresIn })
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? null)
      return
    }
    setBusy(true)
    setError(null)
    try {
      // Set by hand: the desktop detection no longer clears it when its game ends.
      await setOwnStatus(userId, checked.data)
      notifySuccess(PRESENCE_COPY.editor.saved)
      onClose()
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  const clear = async () => {
    setBusy(true)
    setError(null)
    try {
      await setOwnStatus(userId, null)
      notifySuccess(PRESENCE_COPY.editor.cleared)
      onClose()
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  if (calling) return <SquadCallDialog gameName={game} onClose={onClose} />

  return (
    <Modal title={PRESENCE_COPY.editor.title} onClose={onClose} dirty={dirty && !busy}>
      <form
        className="account-form status-editor"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        <StatusGameField
          value={game}
          onChange={setGame}
          invalid={Boolean(error)}
          errorId={ids.error}
          onDone={() => noteRef.current?.focus()}
        />
        <div className="field">
          <label htmlFor={ids.note}>{PRESENCE_COPY.editor.note}</label>
          <input
            ref={noteRef}
            id={ids.note}
            value={note}
            placeholder={PRESENCE_COPY.editor.notePlaceholder}
            autoComplete="off"
            onChange={(event) => setNote(event.target.value)}
          />
          <CharCounter length={note.trim().length} max={STATUS_LIMITS.noteMax} />
        </div>
        <fieldset className="choice-group">
          <legend>{PRESENCE_COPY.editor.expiry}</legend>
          {EXPIRIES.map((value) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="status-expiry"
                value={value}
                checked={expiresIn === value}
                onChange={() => setExpiresIn(value)}
              />
              <span>{PRESENCE_COPY.editor.expiries[value]}</span>
            </label>
          ))}
        </fieldset>
        {error ? (
          <p id={ids.error} className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        {squadCalls ? (
          <p className="small">
            <button type="button" className="link-btn" onClick={() => setCalling(true)}>
              {SQUAD_COPY.openFromStatus}
            </button>
          </p>
        ) : null}
        <div className="modal-actions">
          {current ? (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => void clear()}
            >
              {PRESENCE_COPY.editor.clear}
            </button>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? PRESENCE_COPY.editor.saving : PRESENCE_COPY.editor.save}
          </button>
        </div>
      </form>
    </Modal>
  )
}
