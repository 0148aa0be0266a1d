import { useAtomValue, useSetAtom } from 'jotai'
import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import type { UserSummary } from '../../../../shared/api-types'
import { CONVERSATION_LIMITS } from '../../../../shared/conversation-schemas'
import { MESSAGES_COPY } from '../../copy-messages'
import { messageOf } from '../../lib/notify'
import { userAtom } from '../../state/auth'
import { startGroupAtom } from '../../state/conversation-groups'
import { Modal } from '../Modal'
import { PeoplePicker } from './PeoplePicker'

/**
 * "New group": a name and the people to talk to; the group opens once started. Nothing typed is
 * thrown away by a stray Escape (the dialog asks), and a refusal says why beside the button.
 */
export function NewGroupDialog({ onClose }: { onClose: () => void }) {
  const me = useAtomValue(userAtom)
  const startGroup = useSetAtom(startGroupAtom)
  const navigate = useNavigate()
  const nameId = useId()
  const errorId = useId()
  const [name, setName] = useState('')
  const [people, setPeople] = useState<UserSummary[]>([])
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const excludeIds = new Set(me ? [me._id] : [])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    if (people.length === 0) {
      setError(MESSAGES_COPY.nobodyChosen)
      return
    }
    setBusy(true)
    setError(null)
    try {
      const id = await startGroup({ name: name.trim(), memberIds: people.map((p) => p._id) })
      onClose()
      navigate(`/messages/${id}`)
    } catch (failure) {
      setError(messageOf(failure))
      setBusy(false)
    }
  }

  return (
    <Modal
      title={MESSAGES_COPY.newGroupTitle}
      onClose={onClose}
      dirty={name.trim() !== '' || people.length > 0}
    >
      <form className="account-form group-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor={nameId}>{MESSAGES_COPY.groupName}</label>
          <input
            id={nameId}
            value={name}
            required
            maxLength={CONVERSATION_LIMITS.nameMax}
            placeholder={MESSAGES_COPY.groupNamePlaceholder}
            autoComplete="off"
            autoFocus
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <PeoplePicker
          label={MESSAGES_COPY.people}
          chosen={people}
          onChange={(next) => {
            setPeople(next)
            setError(null)
          }}
          excludeIds={excludeIds}
          max={CONVERSATION_LIMITS.membersMax - 1}
          fullHint={MESSAGES_COPY.atMost(CONVERSATION_LIMITS.membersMax)}
        />
        {error ? (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {MESSAGES_COPY.cancel}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? MESSAGES_COPY.creating : MESSAGES_COPY.create}
          </button>
        </div>
      </form>
    </Modal>
  )
}
