import { useSetAtom } from 'jotai'
import { useId, useState } from 'react'
import type { UserSummary } from '../../../shared/api-types'
import type { MuteDuration } from '../../../shared/schemas'
import { changeRelationAtom } from '../state/account'
import { Modal } from './Modal'
import { COPY, MUTE_LENGTHS } from '../copy'

const CHOICES: { value: MuteDuration; label: string }[] = [
  { value: '1h', label: MUTE_LENGTHS['1h'] },
  { value: '1d', label: MUTE_LENGTHS['1d'] },
  { value: '1w', label: MUTE_LENGTHS['1w'] },
  { value: 'forever', label: COPY.mute.forGood },
]

/**
 * Asks for how long to mute a player (an hour, a day, a week or until unmuted) and mutes them:
 * their posts, comments and notifications then leave every list but their profile.
 */
export function MuteDialog({ target, onClose }: { target: UserSummary; onClose: () => void }) {
  const changeRelation = useSetAtom(changeRelationAtom)
  const [duration, setDuration] = useState<MuteDuration>('1d')
  const [busy, setBusy] = useState(false)
  const legendId = useId()

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setBusy(true)
    const done = await changeRelation('mute', target, duration)
    setBusy(false)
    if (done) onClose()
  }

  return (
    <Modal title={COPY.mute.title(target.username)} onClose={onClose}>
      <form className="account-form mute-form" onSubmit={(event) => void submit(event)}>
        <p className="muted">{COPY.mute.explain}</p>
        <fieldset className="choice-group" aria-labelledby={legendId}>
          <legend id={legendId}>{COPY.mute.howLong}</legend>
          {CHOICES.map((choice) => (
            <label key={choice.value} className="choice">
              <input
                type="radio"
                name="mute-duration"
                value={choice.value}
                checked={duration === choice.value}
                autoFocus={duration === choice.value}
                onChange={() => setDuration(choice.value)}
              />
              <span>{choice.label}</span>
            </label>
          ))}
        </fieldset>
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? COPY.mute.busy : COPY.mute.confirm}
          </button>
        </div>
      </form>
    </Modal>
  )
}
