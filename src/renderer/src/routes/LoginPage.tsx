import { useAtomValue, useSetAtom } from 'jotai'
import { useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { AuthLayout } from '../components/AuthLayout'
import { Icon } from '../components/Icon'
import { getBridge } from '../bridge/get-bridge'
import { notifyError } from '../lib/notify'
import { useSessionStart } from '../lib/use-session-start'
import { connectionAtom } from '../state/connection'
import { useDemoAccount } from '../state/server-features'
import { loginAtom, sessionEndAtom } from '../state/session'
import { COPY, SPEC_TEXT, loginHint, sessionEndText } from '../copy'

/** What a refused login shows: under one field (a plain hint), or under both (`field` null). */
interface LoginFailure {
  field: 'username' | 'password' | null
  text: string
}

export function LoginPage() {
  const sessionEnd = useAtomValue(sessionEndAtom)
  // After a session the server ended, the name is filled back in: only the password is asked.
  const [username, setUsername] = useState(sessionEnd?.username ?? '')
  const [password, setPassword] = useState('')
  const [busy, startSession] = useSessionStart()
  const login = useSetAtom(loginAtom)
  const connection = useAtomValue(connectionAtom)
  const demo = useDemoAccount(connection.baseUrl)
  // In the desktop app, say which friend's server this login is for.
  const remote = getBridge().platform === 'desktop' && connection.kind === 'remote'

  const [failure, setFailure] = useState<LoginFailure | null>(null)
  const usernameRef = useRef<HTMLInputElement>(null)
  const passwordRef = useRef<HTMLInputElement>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!username.trim() || !password) {
      notifyError(SPEC_TEXT.fillCompleteForm)
      setFailure({ field: null, text: SPEC_TEXT.fillCompleteForm })
      ;(!username.trim() ? usernameRef : passwordRef).current?.focus()
      return
    }
    setFailure(null)
    const refused = await startSession(
      () => login(username.trim(), password),
      SPEC_TEXT.loginSucceeded,
    )
    if (!refused) return
    // The spec's sentence is in the toast; where it is cryptic, a plain line goes under the field
    // it is about, and focus goes there, ready for another try.
    const hint = loginHint(refused.code)
    setFailure(hint ?? { field: null, text: refused.message })
    const retry = hint?.field === 'username' ? usernameRef : passwordRef
    retry.current?.focus()
    retry.current?.select()
  }

  /** The ids a field's aria-describedby names: its hint, or the form's error. */
  const describedBy = (field: 'username' | 'password') =>
    failure?.field === field
      ? `login-${field}-hint`
      : failure?.field === null
        ? 'login-error'
        : undefined
  const invalid = (field: 'username' | 'password') =>
    failure && (failure.field === field || failure.field === null) ? true : undefined
  const hintFor = (field: 'username' | 'password') =>
    failure?.field === field ? (
      <p className="field-error field-hint" id={`login-${field}-hint`} role="alert">
        {failure.text}
      </p>
    ) : null

  return (
    <AuthLayout tagline={SPEC_TEXT.loginTagline}>
      <h2 className="auth-title">{COPY.auth.loginTitle}</h2>
      {sessionEnd ? (
        <p className="auth-notice" role="status" data-session-end={sessionEnd.end}>
          <Icon name="info" size={18} />
          <span>{sessionEndText(sessionEnd.end)}</span>
        </p>
      ) : null}
      <form className="auth-form" onSubmit={submit} noValidate>
        <label className="field">
          <span>Username</span>
          <input
            name="username"
            autoComplete="username"
            value={username}
            onChange={(event) => {
              setUsername(event.target.value)
              if (failure?.field === 'username') setFailure(null)
            }}
            ref={usernameRef}
            aria-invalid={invalid('username')}
            aria-describedby={describedBy('username')}
            autoFocus={!sessionEnd?.username}
          />
        </label>
        {hintFor('username')}
        <label className="field">
          <span>Password</span>
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value)
              if (failure?.field === 'password') setFailure(null)
            }}
            ref={passwordRef}
            aria-invalid={invalid('password')}
            aria-describedby={describedBy('password')}
            autoFocus={Boolean(sessionEnd?.username)}
          />
        </label>
        {hintFor('password')}
        {failure && failure.field === null ? (
          <p className="field-error" id="login-error" role="alert">
            {failure.text}
          </p>
        ) : null}
        {demo ? (
          <button
            type="button"
            className="btn btn-secondary btn-block"
            onClick={() => {
              setUsername(demo.username)
              setPassword(demo.password)
              setFailure(null)
            }}
          >
            {SPEC_TEXT.fillTestCredentials}
          </button>
        ) : (
          // Its space, held while the server's meta is on its way (and kept when there is no demo
          // account): the Login button never moves under the pointer.
          <button
            type="button"
            className="btn btn-secondary btn-block auth-demo-placeholder"
            aria-hidden="true"
            tabIndex={-1}
            disabled
          >
            {SPEC_TEXT.fillTestCredentials}
          </button>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? COPY.auth.loggingIn : SPEC_TEXT.loginButton}
        </button>
      </form>
      <p className="auth-switch">
        {COPY.auth.newHere} <Link to="/signup">{COPY.auth.createAccount}</Link>
      </p>
      <p className="auth-server">
        {remote ? (
          <span className="muted small">
            Server: <strong>{connection.baseUrl}</strong>
          </span>
        ) : null}
        <Link to="/server" className="auth-server-link">
          <Icon name="server" size={16} /> {COPY.auth.friendServer}
        </Link>
      </p>
    </AuthLayout>
  )
}
