/**
 * The words around a conversation's messages that only screens loaded on first use show
 * (MessagesPage's search, the host's reported messages): apart from copy.ts, which the first
 * load carries. Written as docs/WORDS.md says.
 */
/** Search within a conversation (ConversationSearch). */
export const CONVERSATION_SEARCH_COPY = {
  open: 'Search this conversation',
  label: 'Search this conversation',
  placeholder: 'Search messages',
  find: 'Find',
  close: 'Close the search',
  resultsLabel: 'Messages found',
  count: (n: number) => (n === 1 ? '1 message found' : `${n} messages found`),
  nothing: (query: string) => `No messages here match “${query}”.`,
  noWords: 'Search for a word: symbols alone don’t match anything.',
  tooShort: (min: number) => `Search for a word of at least ${min} letters or digits.`,
  more: 'Show more',
  tooFar: 'That message is too far back to show here. Scroll up to find it.',
}

/** A reported conversation message, as the host's reports show it (ReportedMessage). */
export const REPORTED_MESSAGE_COPY = {
  inGroup: (name: string) => `In the group “${name}”`,
  inDirect: 'In a one-to-one conversation',
  contextLabel: 'The reported message, with the messages around it',
  thisOne: 'reported',
  deletedMark: 'Message deleted',
  deleteText:
    'The message’s words go for everyone in the conversation; it shows as deleted. This can’t be undone. Anyone who reported it is told their report was handled.',
  deleted: 'The message has been deleted',
}
