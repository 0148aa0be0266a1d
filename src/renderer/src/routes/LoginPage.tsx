import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { Link } from 'react-router-dom'
import type { MetaResponse } from '../../../shared/api-types'
import { getMeta } from '../api/meta'
import { AuthLayout } from '../components/AuthLayout'
import { Icon } from '../components/Icon'
import { getBridge } from '../bridge/get-bridge'
import { notifyError } from '../lib/notify'
import { useSessionStart } from '../lib/use-session-start'
import { connectionAtom } from '../state/connection'
import { reconnectCountAtom } from '../state/server-status'
import { loginAtom } from '../state/session'

export function LoginPage() {
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [busy, startSession] = useSessionStart()
  const [demo, setDemo] = useState<MetaResponse['demoAccount']>(null)
  const login = useSetAtom(loginAtom)
  const connection = useAtomValue(connectionAtom)
  const reconnects = useAtomValue(reconnectCountAtom)
  // In the desktop app, say which friend's server this login is for.
  const remote = getBridge().platform === 'desktop' && connection.kind === 'remote'

  useEffect(() => {
    let live = true
    getMeta()
      .then((meta) => live && setDemo(meta.demoAccount ?? null))
      .catch(() => undefined)
    return () => {
      live = false
    }
    // Asked again after a change of server, or when the server is back.
  }, [connection.baseUrl, reconnects])

  const [error, setError] = useState<string | null>(null)
  const usernameRef = useRef<HTMLInputElement>(null)
  const passwordRef = useRef<HTMLInputElement>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!username.trim() || !password) {
      notifyError('Fill complete form')
      setError('Fill complete form')
      ;(!username.trim() ? usernameRef : passwordRef).current?.focus()
      return
    }
    setError(null)
    const failure = await startSession(() => login(username.trim(), password))
    if (failure) {
      setError(failure)
      // Focus back where one retries, not on the page body.
      passwordRef.current?.focus()
      passwordRef.current?.select()
    }
  }

  return (
    <AuthLayout tagline="Real gaming takes the stage">
      <h2 className="auth-title">Log in</h2>
      <form className="auth-form" onSubmit={submit} noValidate>
        <label className="field">
          <span>Username</span>
          <input
            name="username"
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            ref={usernameRef}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'login-error' : undefined}
            autoFocus
          />
        </label>
        <label className="field">
          <span>Password</span>
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            ref={passwordRef}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'login-error' : undefined}
          />
        </label>
        {error ? (
          <p className="field-error" id="login-error" role="alert">
            {error}
          </p>
        ) : null}
        {demo ? (
          <button
            type="button"
            className="btn btn-secondary btn-block"
            onClick={() => {
              setUsername(demo.username)
              setPassword(demo.password)
            }}
          >
            Fill Test Credentials
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
            Fill Test Credentials
          </button>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Logging in…' : 'Login'}
        </button>
      </form>
      <p className="auth-switch">
        New to the stage? <Link to="/signup">Create an account</Link>
      </p>
      <p className="auth-server">
        {remote ? (
          <span className="muted small">
            Server: <strong>{connection.baseUrl}</strong>
          </span>
        ) : null}
        <Link to="/server" className="auth-server-link">
          <Icon name="server" size={16} /> Connect to a friend&apos;s server
        </Link>
      </p>
    </AuthLayout>
  )
}
