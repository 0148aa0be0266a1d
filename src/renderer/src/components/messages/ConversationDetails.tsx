import { useAtomValue, useSetAtom } from 'jotai'
import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import type { UserSummary } from '../../../../shared/api-types'
import { CONVERSATION_LIMITS } from '../../../../shared/conversation-schemas'
import type { Conversation } from '../../../../shared/conversation-types'
import { MESSAGES_COPY } from '../../copy-messages'
import { messageOf, notifyError, notifySuccess } from '../../lib/notify'
import { userAtom } from '../../state/auth'
import {
  addMembersAtom,
  muteConversationAtom,
  removeMemberAtom,
  renameGroupAtom,
} from '../../state/conversation-groups'
import { conversationTitle, leaveConversationAtom } from '../../state/conversations'
import { Avatar } from '../Avatar'
import { ConfirmDialog } from '../ConfirmDialog'
import { Modal } from '../Modal'
import { PeoplePicker } from './PeoplePicker'

/**
 * A conversation's details: who is in it, muting it and leaving it for everyone; a group's name
 * and members changed by the one who runs it (the others read why they cannot).
 */
export function ConversationDetails({
  conversation,
  onClose,
}: {
  conversation: Conversation
  onClose: () => void
}) {
  const me = useAtomValue(userAtom)
  const leave = useSetAtom(leaveConversationAtom)
  const navigate = useNavigate()
  const [leaving, setLeaving] = useState(false)
  const title = conversationTitle(conversation, me?._id)
  const group = conversation.kind === 'group'
  const runsIt = group && conversation.creatorId === me?._id

  if (leaving) {
    return (
      <ConfirmDialog
        title={MESSAGES_COPY.leaveQuestion(title)}
        text={
          !group
            ? MESSAGES_COPY.leaveDirect
            : runsIt
              ? `${MESSAGES_COPY.leaveGroupHint} ${MESSAGES_COPY.leaveCreator}`
              : MESSAGES_COPY.leaveGroupHint
        }
        confirmLabel={group ? MESSAGES_COPY.leaveGroup : MESSAGES_COPY.leave}
        onConfirm={() =>
          leave(conversation._id).then(
            () => navigate('/messages'),
            (error: unknown) => notifyError(messageOf(error)),
          )
        }
        onClose={onClose}
      />
    )
  }

  return (
    <Modal title={MESSAGES_COPY.detailsTitle(title)} onClose={onClose}>
      <div className="conversation-details">
        {runsIt ? <RenameForm conversation={conversation} /> : null}
        <MemberList conversation={conversation} runsIt={runsIt} />
        {runsIt ? <AddPeople conversation={conversation} /> : null}
        {group && !runsIt ? <p className="muted small">{MESSAGES_COPY.onlyCreator}</p> : null}
        <MuteSwitch conversation={conversation} />
        <div className="modal-actions">
          <button type="button" className="btn btn-danger" onClick={() => setLeaving(true)}>
            {group ? MESSAGES_COPY.leaveGroup : MESSAGES_COPY.leave}
          </button>
        </div>
      </div>
    </Modal>
  )
}

function RenameForm({ conversation }: { conversation: Conversation }) {
  const rename = useSetAtom(renameGroupAtom)
  const nameId = useId()
  const errorId = useId()
  const [name, setName] = useState(conversation.name ?? '')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const unchanged = name.trim() === (conversation.name ?? '')

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy || unchanged) return
    setBusy(true)
    setError(null)
    try {
      await rename({ conversationId: conversation._id, name: name.trim() })
      notifySuccess(MESSAGES_COPY.renamed)
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="group-rename" noValidate onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={nameId}>{MESSAGES_COPY.groupName}</label>
        <div className="group-rename-row">
          <input
            id={nameId}
            value={name}
            maxLength={CONVERSATION_LIMITS.nameMax}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setName(event.target.value)
              setError(null)
            }}
          />
          <button
            type="submit"
            className="btn btn-secondary"
            disabled={busy || unchanged}
            aria-busy={busy || undefined}
          >
            {busy ? MESSAGES_COPY.renaming : MESSAGES_COPY.rename}
          </button>
        </div>
      </div>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  )
}

function MemberList({ conversation, runsIt }: { conversation: Conversation; runsIt: boolean }) {
  const me = useAtomValue(userAtom)
  const remove = useSetAtom(removeMemberAtom)
  const [removing, setRemoving] = useState<string | null>(null)
  const headingId = useId()

  const removeMember = async (member: UserSummary) => {
    setRemoving(member._id)
    try {
      await remove({ conversationId: conversation._id, userId: member._id })
      notifySuccess(MESSAGES_COPY.removed(member.username))
    } catch (error) {
      notifyError(messageOf(error))
    } finally {
      setRemoving(null)
    }
  }

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="conversation-details-heading">
        {MESSAGES_COPY.members(conversation.members.length)}
      </h3>
      <ul className="conversation-members">
        {conversation.members.map((member) => {
          const isMe = member._id === me?._id
          return (
            <li key={member._id} className="conversation-member">
              <Avatar src={member.profileImg} username={member.username} size={32} />
              <span className="conversation-member-name">
                <Link to={`/${encodeURIComponent(member.username)}`}>
                  <bdi>{member.username}</bdi>
                </Link>
                {isMe ? <span className="muted small"> ({MESSAGES_COPY.you})</span> : null}
                {conversation.kind === 'group' && member._id === conversation.creatorId ? (
                  <span className="muted small conversation-member-role">
                    {MESSAGES_COPY.managesIt}
                  </span>
                ) : null}
              </span>
              {runsIt && !isMe ? (
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  aria-label={MESSAGES_COPY.removeLabel(member.username)}
                  disabled={removing !== null}
                  onClick={() => void removeMember(member)}
                >
                  {MESSAGES_COPY.remove}
                </button>
              ) : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

function AddPeople({ conversation }: { conversation: Conversation }) {
  const add = useSetAtom(addMembersAtom)
  const [people, setPeople] = useState<UserSummary[]>([])
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const room = CONVERSATION_LIMITS.membersMax - conversation.members.length
  const excludeIds = new Set(conversation.members.map((member) => member._id))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy || people.length === 0) return
    setBusy(true)
    setError(null)
    try {
      await add({ conversationId: conversation._id, userIds: people.map((p) => p._id) })
      notifySuccess(MESSAGES_COPY.added(people.length))
      setPeople([])
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="group-add" noValidate onSubmit={(event) => void submit(event)}>
      <PeoplePicker
        label={MESSAGES_COPY.addPeople}
        chosen={people}
        onChange={(next) => {
          setPeople(next)
          setError(null)
        }}
        excludeIds={excludeIds}
        max={Math.max(room, 0)}
        fullHint={MESSAGES_COPY.atMost(CONVERSATION_LIMITS.membersMax)}
      />
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {people.length > 0 ? (
        <button
          type="submit"
          className="btn btn-primary btn-sm"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? MESSAGES_COPY.adding : MESSAGES_COPY.add}
        </button>
      ) : null}
    </form>
  )
}

function MuteSwitch({ conversation }: { conversation: Conversation }) {
  const mute = useSetAtom(muteConversationAtom)
  const hintId = useId()
  // Shown at once; the server's answer (or a live change from another device) then rules.
  const [pending, setPending] = useState<boolean | null>(null)
  const toggle = async (muted: boolean) => {
    setPending(muted)
    try {
      await mute({ conversationId: conversation._id, muted })
    } catch (error) {
      notifyError(messageOf(error))
    } finally {
      setPending(null)
    }
  }
  return (
    <label className="conversation-mute">
      <input
        type="checkbox"
        role="switch"
        checked={pending ?? conversation.muted}
        disabled={pending !== null}
        aria-describedby={hintId}
        onChange={(event) => void toggle(event.target.checked)}
      />
      <span>
        <span className="conversation-mute-label">{MESSAGES_COPY.mute}</span>
        <span id={hintId} className="muted small">
          {MESSAGES_COPY.muteHint}
        </span>
      </span>
    </label>
  )
}
