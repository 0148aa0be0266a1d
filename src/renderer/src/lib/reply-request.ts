/**
 * The navigation state with which the `r` shortcut (components/KeyboardShortcuts.tsx) opens a
 * post's page: the page puts the cursor in its comment box (routes/PostPage.tsx). State, not the
 * address: a reload or a shared link opens the page as usual.
 */
interface ReplyRequest {
  reply: true
}

export function replyRequest(): ReplyRequest {
  return { reply: true }
}

/** True when a location's state asks for the comment box. */
export function isReplyRequest(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as ReplyRequest).reply === true
}
