/** API shortcuts of the live specs (live.spec.ts, live-pill.spec.ts). */
import { expect, type APIRequestContext } from '@playwright/test'
import type { LoginResponse, PostResponse } from '../../src/shared/api-types'

/** Signs a demo author in through the API: their new posts are what the pill announces. */
export async function demoAuthor(request: APIRequestContext) {
  const response = await request.post('/api/auth/login', {
    data: { username: 'nova_strike', password: 'gamerstage' },
  })
  expect(response.ok()).toBe(true)
  return (await response.json()) as LoginResponse
}

export async function writeAs(request: APIRequestContext, token: string, content: string) {
  const created = await request.post('/api/posts', {
    headers: { authorization: token, prefer: 'return=minimal' },
    data: { postData: { content } },
  })
  expect(created.ok()).toBe(true)
  return ((await created.json()) as PostResponse).post
}
