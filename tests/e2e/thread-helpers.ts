/** API shortcuts for the thread specs: comments and replies without the UI. */
import { expect } from '@playwright/test'
import type { APIRequestContext } from '@playwright/test'
import type { ApiUser } from './notify-helpers'

/** Adds a comment (a reply with `replyTo`) through the API and answers its id. */
export async function apiComment(
  request: APIRequestContext,
  who: ApiUser,
  postId: string,
  text: string,
  replyTo?: string,
): Promise<string> {
  const response = await request.post(`/api/comments/add/${postId}`, {
    headers: { authorization: who.token, prefer: 'return=minimal' },
    data: { commentData: replyTo === undefined ? { text } : { text, replyTo } },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { comment: { _id: string } }).comment._id
}
