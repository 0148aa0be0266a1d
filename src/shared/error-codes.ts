/**
 * The `code` of every error answer, with the one status it goes with (docs/API.md, "Errors").
 * The sentence in `errors[0]` is for people and may be reworded; the code is for programs and
 * stays: clients decide on the code, never on the sentence.
 */
export const ERROR_STATUS = {
  /** The body, query or a form field breaks a rule; `errors[0]` says which. */
  VALIDATION: 400,
  /** The body is not JSON. */
  INVALID_JSON: 400,
  /** A `cursor` this list did not hand out: start again from the first page. */
  INVALID_CURSOR: 400,
  /** An upload that is not a PNG, JPEG, GIF or WebP image we can read, or past the image limits. */
  INVALID_IMAGE: 400,
  // --- clips ---
  /** An uploaded clip that is not an MP4 (H.264/AAC) or WebM (VP8/VP9/AV1, Opus/Vorbis) of at most 60 s. */
  INVALID_CLIP: 400,
  // --- end clips ---
  /** Editing or deleting someone else's post or comment. */
  NOT_OWNER: 400,
  /** The action does not fit the state: disliking a post at 0 likes, reporting twice. */
  STATE_CONFLICT: 400,
  /**
   * A toggle's call (like, dislike, vote, bookmark, follow, or taking a bookmark or follow back)
   * finds what it asks for already so: a client takes that as the server's state, not a failure.
   */
  ALREADY_DONE: 400,
  /** Following, blocking, muting or reporting oneself. */
  SELF_TARGET: 400,
  /** No token, or one that is malformed, expired, logged out or of a suspended account. */
  INVALID_TOKEN: 401,
  /** Login with a known username and a wrong password. */
  INVALID_CREDENTIALS: 401,
  /** The password typed to confirm a change (new password, deleting the account) is wrong. */
  WRONG_PASSWORD: 403,
  /** A write from a foreign web site (docs/security.md). */
  FOREIGN_ORIGIN: 403,
  /** A demo account while the server is shared on the LAN. */
  DEMO_DISABLED: 403,
  /** The account is suspended by the server's host. */
  ACCOUNT_SUSPENDED: 403,
  /**
   * The account still has the one-time password the server made for it (`--admin`): every write
   * but choosing a password (POST /auth/password) and logging out waits until it is changed.
   */
  CHOOSE_PASSWORD_FIRST: 403,
  /** Only the server's host may do this. */
  HOST_ONLY: 403,
  /** The host cannot be suspended. */
  HOST_PROTECTED: 403,
  /** One of the two users blocked the other. */
  BLOCKED: 403,
  /**
   * The post is out of the caller's reach (services/reads/visibility.ts): any interaction
   * with a suspended author's post or comment, or following them; and opening a post (its page,
   * comments, reactors) whose author the viewer blocked or who blocked them, or who is suspended.
   * The app shows "This post isn't available to you".
   */
  POST_UNAVAILABLE: 403,
  /** A valid token whose user no longer exists: the session is over, as with INVALID_TOKEN. */
  UNKNOWN_USER: 404,
  /** Login with a username nobody registered. */
  NOT_REGISTERED: 404,
  USER_NOT_FOUND: 404,
  POST_NOT_FOUND: 404,
  COMMENT_NOT_FOUND: 404,
  MEDIA_NOT_FOUND: 404,
  /** threads: a reply to a comment that was deleted (its placeholder keeps the thread). */
  COMMENT_DELETED: 410,
  REPORT_NOT_FOUND: 404,
  /** Conversations: none with this id that the caller is a member of. */
  CONVERSATION_NOT_FOUND: 404,
  /** No message with this id in the conversation that the caller may see. */
  MESSAGE_NOT_FOUND: 404,
  /** Game nights: none with this id that the caller may see (a block with its host hides it). */
  GAME_NIGHT_NOT_FOUND: 404,
  /** Squad calls: none with this id that the caller may see (a block with its creator hides it). */
  SQUAD_CALL_NOT_FOUND: 404,
  // Games
  /** No game has this slug (nor had it before a merge or a rename). */
  GAME_NOT_FOUND: 404,
  /** A rename to a name whose slug another game has: merge the two instead. */
  GAME_NAME_TAKEN: 422,
  // Custom emoji
  /** A new custom emoji's shortcode is one the server has already. */
  EMOJI_TAKEN: 409,
  /** The server has no custom emoji of this shortcode. */
  EMOJI_NOT_FOUND: 404,
  /** The server has no such API call: it may be older than the app, so the feature hides. */
  ROUTE_NOT_FOUND: 404,
  /** The body or the image is too large. */
  TOO_LARGE: 413,
  /* Polls (docs/API.md "Polls"). */
  /** The post has no poll. */
  POLL_NOT_FOUND: 404,
  /** Voting after the poll's end: the results are final. */
  POLL_ENDED: 400,
  /** Editing a poll's options or end, or removing it, once someone voted. */
  POLL_LOCKED: 400,
  /** The `Host` header is not a name of this server. */
  FOREIGN_HOST: 421,
  // --- clips ---
  /** A `Range` of a media's bytes that starts past its end; `Content-Range` says its size. */
  BAD_RANGE: 416,
  // --- end clips ---
  USERNAME_TAKEN: 422,
  // --- lost draft media ---
  /**
   * A new post names media that cannot be attached (any more): swept with its week-old draft
   * (DRAFT_UPLOAD_TTL_MS), never uploaded here, someone else's, or in a post already.
   * `missingMedia` lists their ids, so the app can say which and let them be removed.
   */
  MEDIA_GONE: 422,
  // --- end lost draft media ---
  /** A rate limit, the login lockout or the live-connection cap; `Retry-After` says when. */
  RATE_LIMITED: 429,
  /** A failure the server did not expect; the answer is `{error: {message}, code}`. */
  INTERNAL: 500,
  /**
   * The password-hash queue or the image queue is full, every live stream is taken, or the
   * image storage (an S3 bucket) cannot be reached; `Retry-After` says when.
   */
  SERVER_BUSY: 503,
  /**
   * `GET /api/health/ready`: a dependency (database, Redis, bucket) does not answer, or the
   * server is stopping; `checks` names which.
   */
  NOT_READY: 503,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value)
}

/**
 * Why the token check refused a token (docs/API.md, "Why a session ended"): none was sent; it is
 * not one of this server's (garbage, another secret, e.g. after a restore); it expired; it was
 * logged out; the password changed since it was made; the account is suspended; it is a demo
 * account's while the server is shared; or the user's sessions were ended for another reason.
 */
export const SESSION_END_REASONS = [
  'missing',
  'invalid',
  'expired',
  'logged-out',
  'password-changed',
  'suspended',
  'demo-shared',
  'ended',
] as const
export type SessionEndReason = (typeof SESSION_END_REASONS)[number]

export function isSessionEndReason(value: unknown): value is SessionEndReason {
  return typeof value === 'string' && (SESSION_END_REASONS as readonly string[]).includes(value)
}
