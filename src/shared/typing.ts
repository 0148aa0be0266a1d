/**
 * "Typing…" in a conversation (docs/API.md, "Conversations", "Typing"): how often the app says
 * its user is typing, and how long it shows someone else's. Apart from conversation-schemas.ts,
 * so that the app's first load, which follows the live events, does not carry zod.
 */
export const TYPING = {
  /** At most one signal this often per conversation (milliseconds). */
  everyMs: 3000,
  /** How long "nova is typing…" stays without a new signal (milliseconds). */
  showsMs: 6000,
} as const
