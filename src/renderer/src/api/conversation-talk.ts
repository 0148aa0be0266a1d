/** Around a conversation's messages (docs/API.md, "Conversations"): typing and search. */
import type { OkResponse } from '../../../shared/api-types'
import type { ConversationResponse, MessageSearchPage } from '../../../shared/conversation-types'
import { request } from './client'

export function signalTyping(id: string): Promise<OkResponse> {
  return request<OkResponse>(`/conversations/${encodeURIComponent(id)}/typing`, {
    method: 'POST',
    body: {},
  })
}

export function searchMessages(
  id: string,
  q: string,
  cursor?: string | null,
): Promise<MessageSearchPage> {
  return request<MessageSearchPage>(`/conversations/${encodeURIComponent(id)}/messages/search`, {
    query: { q, limit: 20, cursor },
  })
}

export function startGroup(name: string, memberIds: string[]): Promise<ConversationResponse> {
  return request<ConversationResponse>('/conversations/group', {
    method: 'POST',
    body: { name, memberIds },
  })
}

/** A host deletes a reported message (docs/API.md, "Moderation"). */
export function hostDeleteMessage(messageId: string): Promise<OkResponse> {
  return request<OkResponse>(`/moderation/messages/${encodeURIComponent(messageId)}`, {
    method: 'DELETE',
  })
}
