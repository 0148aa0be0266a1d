/**
 * Conversations (docs/API.md, "Conversations"): one-to-one and group chats, private to
 * their members. The shapes the routes answer and the live events carry.
 */
import type { PostEmojiReactions, PostMediaItem, UserSummary } from './api-types'

/** What a reply shows of the message it answers. */
export interface MessageReplyPreview {
  _id: string
  /** Null when the viewer may not see its author (a block, either way): nothing of it shows. */
  author: UserSummary | null
  /** The start of its text; '' once deleted or when unavailable. */
  text: string
  deleted: boolean
  /** The viewer may not see it (its author and the viewer blocked one another). */
  unavailable: boolean
}

/** One message, as its conversation's members see it. */
export interface ConversationMessage {
  _id: string
  conversationId: string
  author: UserSummary
  /** '' once deleted. */
  text: string
  replyTo: MessageReplyPreview | null
  createdAt: string
  /** When it was last edited; null if never. */
  editedAt: string | null
  /** Deleted by its author: shown as "deleted" in its place, without its text. */
  deleted: boolean
  /**
   * Its images and clips in order, as a post's (`[]` once deleted). Their addresses are random
   * ids served to whoever holds them, as a post's (docs/API.md, "Conversations").
   */
  media: PostMediaItem[]
  /**
   * Its emoji reactions: counts (leaving out those the viewer blocks or who block them) and the
   * viewer's own (`mine`).
   */
  reactions: PostEmojiReactions
}

export type ConversationKind = 'direct' | 'group'

/** What every member sees alike of a conversation (and the `conversation` event carries). */
export interface ConversationShared {
  _id: string
  kind: ConversationKind
  /** A group's name; null for a one-to-one. */
  name: string | null
  /** Who manages a group (adds, removes, renames); null once nobody does. */
  creatorId: string | null
  /** Every member now, the viewer included. */
  members: UserSummary[]
  createdAt: string
  /** A group's picture (`/api/media/…`), or null: a one-to-one shows the other's avatar. */
  pictureUrl: string | null
}

/** A conversation as one member sees it. */
export interface Conversation extends ConversationShared {
  /** The latest message the viewer may see; null before the first. */
  lastMessage: ConversationMessage | null
  /** Messages of others past the viewer's read position. */
  unreadCount: number
  /** The viewer's read position: the id of the last message read, '0' for none. */
  lastReadId: string
  /** The viewer muted it: its unread messages are left out of `totalUnread`. */
  muted: boolean
  /** When it started or last had a message. */
  activityAt: string
}

/** `GET /api/conversations`: the viewer's conversations, latest activity first. */
export interface ConversationsPage {
  conversations: Conversation[]
  nextCursor: string | null
  /** Unread messages in all the viewer's conversations that are not muted (the top bar's badge). */
  totalUnread: number
}

/** One conversation (start, open, rename, members, mute). */
export interface ConversationResponse {
  conversation: Conversation
}

/** `GET /api/conversations/:id/messages`: newest first; `nextCursor` pages further back. */
export interface MessagesPage {
  messages: ConversationMessage[]
  nextCursor: string | null
}

/** Sending, editing and deleting a message. */
export interface MessageResponse {
  message: ConversationMessage
}

/** `GET /api/conversations/unread`: the top bar's count, and each conversation's. */
export interface ConversationUnreadResponse {
  totalUnread: number
  /** Conversation id → unread messages, for those with any. */
  conversations: Record<string, number>
}

/** `POST /api/conversations/:id/read` and `PUT …/mute`, and the `conversation-read` event on every device. */
export interface ConversationReadResponse {
  conversationId: string
  lastReadId: string
  unreadCount: number
  totalUnread: number
  muted: boolean
}

/** The live events of conversations (part of api-types.ts LiveEventMap). */
export interface ConversationEventMap {
  /**
   * To the conversation's members only (never one blocked either way with its author): a new
   * message (`created: true`), or one edited or deleted (`message.deleted`).
   */
  message: { conversationId: string; message: ConversationMessage; created: boolean }
  /** To its members only: a conversation started, renamed, or its members changed. */
  conversation: { conversation: ConversationShared }
  /** To one user only, on every device: they left or were removed from the conversation. */
  'conversation-left': { conversationId: string }
  /** To one user only, on every device: their read position or mute changed somewhere. */
  'conversation-read': ConversationReadResponse
  /**
   * To the members who see the message: its reactions now, as each of them sees them (counts
   * without those they block or who block them, their own in `mine`).
   */
  'message-reactions': MessageReactionsEvent
  /**
   * To the other members (not the typer's own devices, not those blocked either way with the
   * typer): `user` is writing a message now. Stored nowhere; the app shows it for a few seconds.
   */
  'conversation-typing': { conversationId: string; user: UserSummary }
}

/** `PUT`/`DELETE …/messages/:messageId/reactions/:reaction`, and the `message-reactions` event. */
export interface MessageReactionsEvent {
  conversationId: string
  messageId: string
  reactions: PostEmojiReactions
}

/** `GET /api/conversations/:id/messages/search`: matches newest first. */
export interface MessageSearchPage {
  /** The words searched for (2 characters or more); none when the query holds no such word. */
  words: string[]
  messages: ConversationMessage[]
  nextCursor: string | null
}
