/** Conversations (docs/API.md, "Conversations"): the calls the Messages page makes. */
import type { OkResponse } from '../../../shared/api-types'
import type {
  ConversationReadResponse,
  ConversationResponse,
  ConversationsPage,
  ConversationUnreadResponse,
  MessageResponse,
  MessagesPage,
} from '../../../shared/conversation-types'
import { request } from './client'

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

export function startGroup(name: string, memberIds: string[]): Promise<ConversationResponse> {
  return request<ConversationResponse>('/conversations/group', {
    method: 'POST',
    body: { name, memberIds },
  })
}

export function renameConversation(id: string, name: string): Promise<ConversationResponse> {
  return request<ConversationResponse>(`/conversations/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { name },
  })
}

export function addMembers(id: string, userIds: string[]): Promise<ConversationResponse> {
  return request<ConversationResponse>(`/conversations/${encodeURIComponent(id)}/members`, {
    method: 'POST',
    body: { userIds },
  })
}

export function removeMember(id: string, userId: string): Promise<ConversationResponse> {
  return request<ConversationResponse>(
    `/conversations/${encodeURIComponent(id)}/members/${encodeURIComponent(userId)}`,
    { method: 'DELETE' },
  )
}

export function muteConversation(id: string, muted: boolean): Promise<ConversationReadResponse> {
  return request<ConversationReadResponse>(`/conversations/${encodeURIComponent(id)}/mute`, {
    method: 'PUT',
    body: { muted },
  })
}
