import { useSetAtom } from 'jotai'
import { useEffect, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { LIMITS, USERNAME_RULES } from '../../../shared/limits'
import type * as SharedSchemas from '../../../shared/schemas'
import { AuthLayout } from '../components/AuthLayout'
import { notifyError } from '../lib/notify'
import { useSessionStart } from '../lib/use-session-start'
import { signupAtom } from '../state/session'
import { COPY, SPEC_TEXT } from '../copy'

function Rule({ ok, touched, children }: { ok: boolean; touched: boolean; children: string }) {
  const state = !touched ? '' : ok ? ' ok' : ' bad'
  return (
    <li className={`rule${state}`}>
      <span aria-hidden="true">{touched ? (ok ? '✓' : '✗') : '•'}</span>{' '}
      {touched ? <span className="visually-hidden">{ok ? 'Met: ' : 'Not met: '}</span> : null}
      {children}
    </li>
  )
}

type Schemas = typeof SharedSchemas

/**
 * The server's own rules (src/shared/schemas.ts, reserved names included), loaded with the page
 * rather than with the app: zod is too big for the first load of someone already signed in.
 */
let schemas: Schemas | null = null
const loadSchemas = () => import('../../../shared/schemas').then((module) => (schemas = module))

function useSchemas(): Schemas | null {
  const [loaded, setLoaded] = useState(schemas)
  useEffect(() => {
    if (!loaded) void loadSchemas().then(setLoaded)
  }, [loaded])
  return loaded
}

/** The first broken rule of a value, or undefined. */
function ruleError(
  rules: Schemas | null,
  which: 'usernameSchema' | 'newPasswordSchema',
  value: string,
): string | undefined {
  const check = rules?.[which].safeParse(value)
  return check && !check.success ? check.error.issues[0]?.message : undefined
}

export function SignupPage() {
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [busy, startSession] = useSessionStart()
  const signup = useSetAtom(signupAtom)
  const name = username.trim()
  const [tried, setTried] = useState(false)
  const usernameRef = useRef<HTMLInputElement>(null)
  const passwordRef = useRef<HTMLInputElement>(null)
  const confirmRef = useRef<HTMLInputElement>(null)
  // The server's own rules (src/shared/schemas.ts), reserved names included.
  const rules = useSchemas()
  const usernameError = name ? ruleError(rules, 'usernameSchema', name) : undefined
  // The checklist shows the schema's own verdict, rule by rule, once there is a name to judge.
  const brokenRules = name && rules ? rules.brokenUsernameRules(name) : null
  const passwordError = password ? ruleError(rules, 'newPasswordSchema', password) : undefined
  const confirmError =
    tried && confirm && confirm !== password ? SPEC_TEXT.passwordsShouldBeSame : undefined
  const missing = (value: string) => tried && !value

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (!name || !password || !confirm) {
      notifyError(SPEC_TEXT.fillCompleteForm)
      ;(!name ? usernameRef : !password ? passwordRef : confirmRef).current?.focus()
      return
    }
    // No request while a rule fails: the message stands at the field.
    const loaded = rules ?? (await loadSchemas())
    if (ruleError(loaded, 'usernameSchema', name)) {
      usernameRef.current?.focus()
      return
    }
    if (ruleError(loaded, 'newPasswordSchema', password)) {
      passwordRef.current?.focus()
      return
    }
    if (password !== confirm) {
      notifyError(SPEC_TEXT.passwordsShouldBeSame)
      confirmRef.current?.focus()
      return
    }
    // A new account is welcomed as new: no "working" (the spec's login toast), no "back".
    await startSession(() => signup(name, password), COPY.auth.welcome(name))
  }

  return (
    <AuthLayout tagline={SPEC_TEXT.signupTagline}>
      <h2 className="auth-title">{COPY.auth.signupTitle}</h2>
      <form className="auth-form" onSubmit={submit} noValidate>
        <label className="field">
          <span>Username</span>
          <input
            name="username"
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            aria-describedby={usernameError ? 'username-error username-rules' : 'username-rules'}
            aria-invalid={Boolean(usernameError) || missing(name) || undefined}
            ref={usernameRef}
            autoFocus
          />
        </label>
        {usernameError ? (
          <p className="field-error" id="username-error">
            {usernameError}
          </p>
        ) : null}
        <ul className="rules" id="username-rules">
          {USERNAME_RULES.map((rule) => (
            <Rule key={rule.key} touched={brokenRules !== null} ok={!brokenRules?.has(rule.key)}>
              {rule.label}
            </Rule>
          ))}
        </ul>
        <label className="field">
          <span>Password</span>
          <input
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-describedby={passwordError ? 'password-error password-rules' : 'password-rules'}
            aria-invalid={Boolean(passwordError) || missing(password) || undefined}
            ref={passwordRef}
          />
        </label>
        {passwordError ? (
          <p className="field-error" id="password-error">
            {passwordError}
          </p>
        ) : null}
        <ul className="rules" id="password-rules">
          <Rule touched={password.length > 0} ok={password.length >= LIMITS.passwordMin}>
            {`At least ${LIMITS.passwordMin} characters`}
          </Rule>
        </ul>
        <label className="field">
          <span>Confirm password</span>
          <input
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
            aria-describedby={confirmError ? 'confirm-error' : undefined}
            aria-invalid={Boolean(confirmError) || missing(confirm) || undefined}
            ref={confirmRef}
          />
        </label>
        {confirmError ? (
          <p className="field-error" id="confirm-error">
            {confirmError}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? COPY.auth.signingUp : COPY.auth.signUp}
        </button>
      </form>
      <p className="auth-switch">
        {COPY.auth.haveAccount} <Link to="/">{COPY.auth.logIn}</Link>
      </p>
    </AuthLayout>
  )
}
