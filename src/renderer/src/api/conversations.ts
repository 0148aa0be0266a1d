/** Conversations (docs/API.md, "Conversations"): the calls the Messages page makes. */
import type { OkResponse } from '../../../shared/api-types'
import type {
  ConversationReadResponse,
  ConversationResponse,
  ConversationsPage,
  ConversationUnreadResponse,
  MessageReactionsEvent,
  MessageResponse,
  MessagesPage,
} from '../../../shared/conversation-types'
import { OUR_MEDIA } from '../../../shared/media-paths'
import { ApiError, UNUSABLE_ANSWER_MESSAGE, request } from './client'
import { sendImage } from './media'

export function listConversations(cursor?: string | null): Promise<ConversationsPage> {
  return request<ConversationsPage>('/conversations', { query: { limit: 50, cursor } })
}

export function getConversationUnread(): Promise<ConversationUnreadResponse> {
  return request<ConversationUnreadResponse>('/conversations/unread')
}

export function startDirect(userId: string): Promise<ConversationResponse> {
  return request<ConversationResponse>('/conversations/direct', {
    method: 'POST',
    body: { userId },
  })
}

export function getConversation(id: string): Promise<ConversationResponse> {
  return request<ConversationResponse>(`/conversations/${encodeURIComponent(id)}`)
}

export function listMessages(id: string, cursor?: string | null): Promise<MessagesPage> {
  return request<MessagesPage>(`/conversations/${encodeURIComponent(id)}/messages`, {
    query: { limit: 30, cursor },
  })
}

export function sendMessage(
  id: string,
  text: string,
  replyTo?: string,
  media: { id: string; alt: string }[] = [],
): Promise<MessageResponse> {
  return request<MessageResponse>(`/conversations/${encodeURIComponent(id)}/messages`, {
    method: 'POST',
    body: { text, ...(replyTo ? { replyTo } : {}), ...(media.length ? { media } : {}) },
  })
}

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

export function editMessage(id: string, messageId: string, text: string): Promise<MessageResponse> {
  return request<MessageResponse>(
    `/conversations/${encodeURIComponent(id)}/messages/${encodeURIComponent(messageId)}`,
    { method: 'PATCH', body: { text } },
  )
}

export function deleteMessage(id: string, messageId: string): Promise<MessageResponse> {
  return request<MessageResponse>(
    `/conversations/${encodeURIComponent(id)}/messages/${encodeURIComponent(messageId)}`,
    { method: 'DELETE' },
  )
}

export function markConversationRead(id: string, upTo?: string): Promise<ConversationReadResponse> {
  return request<ConversationReadResponse>(`/conversations/${encodeURIComponent(id)}/read`, {
    method: 'POST',
    body: upTo ? { upTo } : {},
  })
}

export function leaveConversation(id: string): Promise<OkResponse> {
  return request<OkResponse>(`/conversations/${encodeURIComponent(id)}/leave`, {
    method: 'POST',
    body: {},
  })
}
