import { expect } from 'vitest'

/** Signs the demo account in on a real server (its own secret) and answers its token. */
export async function loginOver(url: string): Promise<string> {
  const answer = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'player1', password: 'gamerstage' }),
  })
  expect(answer.status).toBe(200)
  return ((await answer.json()) as { encodedToken: string }).encodedToken
}
