import { useAtomValue, useSetAtom } from 'jotai'
import { AppearOfflineCard } from '../components/AppearOfflineCard'
import { useState } from 'react'
import type { FormEvent, ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { UserSummary } from '../../../shared/api-types'
import { newPasswordSchema } from '../../../shared/schemas'
import { Avatar } from '../components/Avatar'
import { Icon } from '../components/Icon'
import { Modal } from '../components/Modal'
import { GameDetectionPanel } from '../components/GameDetectionPanel'
import { ServerCard } from '../components/ServerCard'
import { Spinner } from '../components/Spinner'
import { messageOf, notifySuccess } from '../lib/notify'
import { useNow } from '../lib/ticker'
import { formatTimeLeft } from '../lib/time-left'
import { changePasswordAtom, changeRelationAtom, useRelationLists } from '../state/account'
import { userAtom } from '../state/auth'
import { deleteAccountAtom } from '../state/session'
import { COPY } from '../copy'
import { SCREENS_COPY } from '../copy-screens'

/** `/settings`: change the password, see whom one blocked or muted, delete the account. */
export function AccountPage() {
  const me = useAtomValue(userAtom)
  return (
    <div className="page-single account-page">
      <div className="page-head">
        <h1 className="page-title">{SCREENS_COPY.account.title}</h1>
        <p className="muted">
          {SCREENS_COPY.account.loggedInAs} <strong className="account-name">{me?.username}</strong>
        </p>
      </div>
      <ChangePasswordCard />
      <NotificationSettingsCard />
      <AppearOfflineCard />
      <GameDetectionPanel />
      <RelationsCards />
      <DeleteAccountCard />
    </div>
  )
}

/** Where the notification settings live (their own page, also reached from Notifications). */
function NotificationSettingsCard() {
  return (
    <ServerCard
      id="notification-settings-card-title"
      icon="bell"
      title={SCREENS_COPY.notifications.settingsTitle}
      hint={SCREENS_COPY.notifications.settingsHint}
    >
      <Link to="/notifications/settings" className="btn btn-secondary">
        {SCREENS_COPY.notifications.settingsLink}
      </Link>
    </ServerCard>
  )
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p className="field-error" id={id} role="alert">
      {message}
    </p>
  ) : null
}

type PasswordField = 'current' | 'next' | 'confirm' | 'form'

function ChangePasswordCard() {
  const changePassword = useSetAtom(changePasswordAtom)
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [confirm, setConfirm] = useState('')
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({})
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found: Partial<Record<PasswordField, string>> = {}
    if (!current) found.current = 'Enter your current password.'
    const rule = newPasswordSchema.safeParse(next)
    if (!rule.success) found.next = rule.error.issues[0]?.message
    else if (next !== confirm) found.confirm = 'The two new passwords differ.'
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setBusy(true)
    // The server's refusals belong to a field: a wrong current password, or a new one it refused.
    const refused = await changePassword(current, next)
    setBusy(false)
    if (refused) {
      setErrors({ [refused.field]: refused.message })
      return
    }
    setCurrent('')
    setNext('')
    setConfirm('')
    notifySuccess(COPY.toasts.passwordChanged, {
      autoClose: 5000,
    })
  }

  const input = (
    field: Exclude<PasswordField, 'form'>,
    label: string,
    value: string,
    set: (value: string) => void,
    autoComplete: string,
  ) => (
    <>
      <label className="field">
        <span>{label}</span>
        <input
          type="password"
          name={field}
          autoComplete={autoComplete}
          value={value}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={errors[field] ? `password-${field}-error` : undefined}
          onChange={(event) => set(event.target.value)}
        />
      </label>
      <FieldError id={`password-${field}-error`} message={errors[field]} />
    </>
  )

  return (
    <ServerCard
      id="password-title"
      icon="edit"
      title="Change password"
      hint="Every other place you are signed in is signed out; this one stays."
    >
      <form className="account-form" onSubmit={(event) => void submit(event)} noValidate>
        {input('current', 'Current password', current, setCurrent, 'current-password')}
        {input('next', 'New password', next, setNext, 'new-password')}
        {input('confirm', 'Confirm new password', confirm, setConfirm, 'new-password')}
        <FieldError id="password-form-error" message={errors.form} />
        <div className="server-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Changing…' : 'Change password'}
          </button>
        </div>
      </form>
    </ServerCard>
  )
}

/**
 * Whom the user mutes and blocks, each in its own card with a way to undo it and, for a timed
 * mute, the time left; reloaded whenever a block or mute changes (here, a menu, another device).
 */
function RelationsCards() {
  const changeRelation = useSetAtom(changeRelationAtom)
  const { lists, error } = useRelationLists()
  // Fresh whenever the lists are read again (a mute set a moment ago), not only at first.
  const now = useNow(lists)
  const [busy, setBusy] = useState<string | null>(null)

  const undo = (action: 'unblock' | 'unmute', user: UserSummary) => {
    setBusy(`${action}-${user._id}`)
    void changeRelation(action, user).finally(() => setBusy(null))
  }

  const row = (
    user: UserSummary,
    action: 'unblock' | 'unmute',
    label: string,
    detail: string | null,
  ) => (
    <li key={`${action}-${user._id}`} className="relation-row">
      <Avatar src={user.profileImg} username={user.username} size={32} />
      <span className="relation-who">
        <Link to={`/${user.username}`} className="username-link">
          {user.username}
        </Link>
        {detail ? <span className="muted small">{detail}</span> : null}
      </span>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={busy === `${action}-${user._id}`}
        aria-label={`${label} ${user.username}`}
        onClick={() => undo(action, user)}
      >
        {label}
      </button>
    </li>
  )

  const body = (people: ReactNode[] | undefined, empty: string) =>
    error ? (
      <p className="field-error" role="alert">
        {error}
      </p>
    ) : !people ? (
      <Spinner label="Loading" />
    ) : people.length === 0 ? (
      <p className="muted">{empty}</p>
    ) : (
      <ul className="relation-list">{people}</ul>
    )

  return (
    <>
      <ServerCard
        id="muted-title"
        icon="mute"
        title={SCREENS_COPY.account.mutedTitle}
        hint={SCREENS_COPY.account.mutedHint}
      >
        {body(
          lists?.muted.map((user) =>
            row(
              user,
              'unmute',
              SCREENS_COPY.account.unmute,
              user.mutedUntil
                ? formatTimeLeft(user.mutedUntil, now)
                : SCREENS_COPY.account.mutedForGood,
            ),
          ),
          SCREENS_COPY.account.mutedEmpty,
        )}
      </ServerCard>
      <ServerCard
        id="blocked-title"
        icon="shield"
        title={SCREENS_COPY.account.blockedTitle}
        hint={SCREENS_COPY.account.blockedHint}
      >
        {body(
          lists?.blocked.map((user) => row(user, 'unblock', SCREENS_COPY.account.unblock, null)),
          SCREENS_COPY.account.blockedEmpty,
        )}
      </ServerCard>
    </>
  )
}

function DeleteAccountCard() {
  const deleteAccount = useSetAtom(deleteAccountAtom)
  const [confirming, setConfirming] = useState(false)
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const close = () => {
    setConfirming(false)
    setPassword('')
    setError(null)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!password) {
      setError('Enter your password to delete your account.')
      return
    }
    setBusy(true)
    setError(null)
    try {
      await deleteAccount(password)
      notifySuccess(COPY.toasts.accountDeleted, { autoClose: 5000 })
    } catch (caught) {
      setError(messageOf(caught))
      setBusy(false)
    }
  }

  return (
    <ServerCard
      id="delete-title"
      icon="trash"
      title="Delete account"
      hint="Removes your account with all your posts, comments, likes, follows and pictures. This cannot be undone."
    >
      <div className="server-actions">
        <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
          <Icon name="trash" size={16} /> Delete my account…
        </button>
      </div>
      {confirming ? (
        <Modal title="Delete your account?" onClose={close}>
          <form className="account-form" onSubmit={(event) => void submit(event)} noValidate>
            <p className="modal-text">
              Everything you posted goes with it, for good. Enter your password to confirm.
            </p>
            <label className="field">
              <span>Password</span>
              <input
                type="password"
                name="delete-password"
                autoComplete="current-password"
                autoFocus
                value={password}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'delete-error' : undefined}
                onChange={(event) => setPassword(event.target.value)}
              />
            </label>
            <FieldError id="delete-error" message={error ?? undefined} />
            <div className="modal-actions">
              <button type="button" className="btn btn-secondary" onClick={close}>
                Cancel
              </button>
              <button type="submit" className="btn btn-danger" disabled={busy}>
                {busy ? 'Deleting…' : 'Delete for good'}
              </button>
            </div>
          </form>
        </Modal>
      ) : null}
    </ServerCard>
  )
}
