/**
 * Reactions to messages and a group's picture (docs/API.md, "Conversations"): thin typed calls,
 * apart from api/conversations.ts so that only the Messages page, loaded when opened, carries
 * them.
 */
import type {
  ConversationResponse,
  MessageReactionsEvent,
} from '../../../shared/conversation-types'
import { OUR_MEDIA } from '../../../shared/media-paths'
import { ApiError, UNUSABLE_ANSWER_MESSAGE, request } from './client'
import { sendImage } from './media'

/** Adds (`on`) or takes back one's emoji reaction on a message: its reactions as one sees them. */
export function reactToMessage(
  id: string,
  messageId: string,
  reaction: string,
  on: boolean,
): Promise<MessageReactionsEvent> {
  return request<MessageReactionsEvent>(
    `/conversations/${encodeURIComponent(id)}/messages/${encodeURIComponent(messageId)}/reactions/${encodeURIComponent(reaction)}`,
    { method: on ? 'PUT' : 'DELETE' },
  )
}

/** Uploads a group's picture (its creator): answers the conversation with its new picture. */
export async function uploadGroupPicture(id: string, file: File): Promise<ConversationResponse> {
  const body = await sendImage(
    `/conversations/${encodeURIComponent(id)}/picture`,
    file,
    undefined,
    (answer) => answer,
    null,
    'PUT',
  )
  const { conversation } = body as Partial<ConversationResponse>
  const picture = conversation?.pictureUrl
  if (!conversation || typeof picture !== 'string' || !OUR_MEDIA.test(picture)) {
    throw new ApiError(502, UNUSABLE_ANSWER_MESSAGE)
  }
  return { conversation }
}

export function removeGroupPicture(id: string): Promise<ConversationResponse> {
  return request<ConversationResponse>(`/conversations/${encodeURIComponent(id)}/picture`, {
    method: 'DELETE',
  })
}
