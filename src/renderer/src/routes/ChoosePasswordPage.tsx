/**
 * "Choose your password": the first screen of an account the server made with a one-time
 * password (`npm run serve -- --admin <name>`; docs/features.md, "Who hosts a server"). App.tsx
 * shows it instead of every other route until the password is changed; the server refuses the
 * account's other writes meanwhile (CHOOSE_PASSWORD_FIRST). Once changed, the app goes on to Home.
 */
import { useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { LIMITS } from '../../../shared/limits'
import { newPasswordSchema } from '../../../shared/schemas'
import { AuthLayout } from '../components/AuthLayout'
import { Icon } from '../components/Icon'
import { notifySuccess } from '../lib/notify'
import { oneTimePasswordAtom, userAtom } from '../state/auth'
import { changePasswordAtom } from '../state/account'
import { leaveAtom } from '../state/session'
import { SCREENS_COPY } from '../copy-screens'

type Field = 'current' | 'next' | 'confirm' | 'form'

export function ChoosePasswordPage() {
  const user = useAtomValue(userAtom)
  // Typed at this login: not asked again. After a reload it is gone, and the form asks for it.
  const remembered = useAtomValue(oneTimePasswordAtom)
  const changePassword = useSetAtom(changePasswordAtom)
  const leave = useSetAtom(leaveAtom)
  const navigate = useNavigate()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [confirm, setConfirm] = useState('')
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [busy, setBusy] = useState(false)
  const text = SCREENS_COPY.choosePassword

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found: Partial<Record<Field, string>> = {}
    const oneTime = remembered ?? current
    if (!oneTime) found.current = text.enterOneTime
    const rule = newPasswordSchema.safeParse(next)
    if (!rule.success) found.next = rule.error.issues[0]?.message
    else if (next !== confirm) found.confirm = text.differ
    else if (next === oneTime) found.next = text.sameAsOneTime
    setErrors(found)
    if (Object.keys(found).length > 0) {
      const first = (['current', 'next', 'confirm'] as const).find((field) => found[field])
      document.querySelector<HTMLInputElement>(`#choose-${first ?? 'next'}`)?.focus()
      return
    }
    setBusy(true)
    const refused = await changePassword(oneTime, next)
    setBusy(false)
    if (refused) {
      // A remembered one-time password that the server refused cannot be fixed here but by typing.
      setErrors({
        [refused.field === 'current' && remembered ? 'form' : refused.field]: refused.message,
      })
      return
    }
    notifySuccess(text.saved)
    navigate('/home', { replace: true })
  }

  const input = (
    field: Exclude<Field, 'form'>,
    label: string,
    value: string,
    set: (value: string) => void,
    autoComplete: string,
    autoFocus = false,
  ) => (
    <>
      <label className="field" htmlFor={`choose-${field}`}>
        <span>{label}</span>
        <input
          id={`choose-${field}`}
          type="password"
          name={field}
          autoComplete={autoComplete}
          value={value}
          autoFocus={autoFocus}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={
            [errors[field] ? `choose-${field}-error` : '', field === 'next' ? 'choose-rule' : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
          onChange={(event) => set(event.target.value)}
        />
      </label>
      {errors[field] ? (
        <p className="field-error field-hint" id={`choose-${field}-error`} role="alert">
          {errors[field]}
        </p>
      ) : null}
    </>
  )

  return (
    <AuthLayout tagline={text.tagline}>
      <h2 className="auth-title">{text.title}</h2>
      <p className="auth-notice">
        <Icon name="info" size={18} />
        <span>
          {text.welcome} <bdi>{user?.username ?? ''}</bdi>! {text.why}
        </span>
      </p>
      <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
        {/* For password managers: whose password this is. */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={user?.username ?? ''}
          readOnly
          hidden
        />
        {remembered
          ? null
          : input('current', text.oneTimeLabel, current, setCurrent, 'current-password', true)}
        {input('next', text.newLabel, next, setNext, 'new-password', Boolean(remembered))}
        <p className="muted small choose-rule" id="choose-rule">
          {text.rule(LIMITS.passwordMin)}
        </p>
        {input('confirm', text.confirmLabel, confirm, setConfirm, 'new-password')}
        {errors.form ? (
          <p className="field-error" id="choose-form-error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? text.saving : text.save}
        </button>
      </form>
      <p className="auth-switch">
        {text.notNow}{' '}
        <button type="button" className="link-btn" onClick={() => leave()}>
          {SCREENS_COPY.choosePassword.logOut}
        </button>
      </p>
    </AuthLayout>
  )
}
