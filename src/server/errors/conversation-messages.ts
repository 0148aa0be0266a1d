/** The sentences of conversations' refusals (issue 40; docs/API.md, "Conversations"). */
export const CONVERSATION_MESSAGES = {
  /** Also what a non-member gets for a conversation that exists: nobody learns it does. */
  conversationNotFound: 'Conversation not found.',
  messageNotFound: 'Message not found.',
  messageSelf: 'You cannot start a conversation with yourself.',
  blocked: 'You cannot message someone you blocked or who blocked you.',
  blockedMember: 'You cannot add someone you blocked or who blocked you.',
  creatorOnly: "Only the group's creator can add or remove members or rename it.",
  notAGroup: 'A one-to-one conversation has no name or members to change: start a group instead.',
  groupFull: 'A group can have at most 50 members.',
  editForeign: 'You can only edit your own messages.',
  deleteForeign: 'You can only delete your own messages.',
  editDeleted: 'A deleted message cannot be edited.',
  removeSelf: 'To leave the group, use Leave.',
} as const
