/**
 * The account that hosts the e2e servers (`--admin`, docs/features.md, "Sessions, accounts and moderation"). The server makes it
 * and prints a one-time password, which the worker's fixture (fixtures.ts) changes to this one
 * through the API, as an operator would, before any test runs; tests/e2e/moderation.spec.ts
 * signs in with it.
 */
export const E2E_HOST = { username: 'e2e_host', password: 'supersecret1' } as const

/** Gives the server's new host account E2E_HOST's password, from the one-time one it printed. */
export async function claimHostAccount(url: string, output: string): Promise<void> {
  const match = /one-time password (\S+):/.exec(output)
  if (!match?.[1]) throw new Error(`The server at ${url} made no host account: ${output}`)
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${url}/api${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: JSON.stringify(body),
    })
  const login = await post('/auth/login', { username: E2E_HOST.username, password: match[1] })
  if (!login.ok) throw new Error(`The host could not sign in: ${await login.text()}`)
  const { encodedToken } = (await login.json()) as { encodedToken: string }
  const change = await post(
    '/auth/password',
    { currentPassword: match[1], newPassword: E2E_HOST.password },
    encodedToken,
  )
  if (!change.ok) throw new Error(`The host's password could not be set: ${await change.text()}`)
}
