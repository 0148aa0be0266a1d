/** API shortcuts for the notification specs: users, posts and actions without the UI. */
import { expect } from '@playwright/test'
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test'
import { uniqueName } from './helpers'

export interface ApiUser {
  username: string
  id: string
  token: string
  user: unknown
}

export async function apiUser(
  request: APIRequestContext,
  username = uniqueName('n'),
): Promise<ApiUser> {
  const response = await request.post('/api/auth/signup', {
    data: { username, password: 'notify-password-1' },
  })
  expect(response.status(), await response.text()).toBe(201)
  const body = (await response.json()) as {
    createdUser: { _id: string; username: string }
    encodedToken: string
  }
  return { username, id: body.createdUser._id, token: body.encodedToken, user: body.createdUser }
}

export async function apiPost(request: APIRequestContext, token: string, content: string) {
  const response = await request.post('/api/posts', {
    headers: { authorization: token, prefer: 'return=minimal' },
    data: { postData: { content } },
  })
  expect(response.status()).toBe(201)
  return ((await response.json()) as { post: { _id: string } }).post._id
}

/** A POST to the worker's demo server's `/api<path>` as `token`'s user; it must succeed. */
export async function apiCall(
  request: APIRequestContext,
  token: string,
  path: string,
  data: object = {},
) {
  const response = await request.post(`/api${path}`, {
    headers: { authorization: token, prefer: 'return=minimal' },
    data,
  })
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300)
}

/**
 * A page on `server` (the worker's demo server, `demoUrl`) signed in as `who` through stored
 * credentials, as after an earlier visit.
 */
export async function signedInContext(
  browser: Browser,
  server: string,
  who: ApiUser,
  options: { theme?: string; viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: server,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    storageState: {
      cookies: [],
      origins: [
        {
          origin: server,
          localStorage: [
            { name: 'token', value: who.token },
            { name: 'user', value: JSON.stringify(who.user) },
            ...(options.theme ? [{ name: 'theme', value: options.theme }] : []),
          ],
        },
      ],
    },
  })
}

/** The bell on screen (the top bar's on a desktop, the bottom bar's on a phone). */
export const bell = (page: Page) => page.locator('a[data-bell]').filter({ visible: true })

export const entries = (page: Page) => page.getByRole('main').locator('li.notification')
