/**
 * Limits the spec leaves open (README, "Decisions where the spec is silent"). The server enforces them and the renderer
 * shows them before sending, so both read them from here.
 */
export const LIMITS = {
  usernameMin: 3,
  usernameMax: 30,
  passwordMin: 8,
  /** scrypt work grows with input; an upper bound keeps a login from becoming a CPU sink. */
  passwordMax: 256,
  postMax: 1000,
  commentMax: 500,
  bioMax: 300,
  nameMax: 60,
  /** A report's reason: a short sentence for the host. */
  reportReasonMax: 200,
  /** Bytes of a JSON request body. */
  jsonBodyBytes: 1024 * 1024,
  /** Bytes of an uploaded image. */
  imageBytes: 5 * 1024 * 1024,
  /** Images a post may carry, and the length of each one's alt text. */
  postImagesMax: 4,
  altMax: 500,
  pageSizeDefault: 20,
  pageSizeMax: 100,
} as const

/** Letters, digits, `_`, `.` and `-`: a username is a URL segment (`/{profile}`). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/

/**
 * The username rules as the sign-up form lists them, in order. Whether a name keeps them is
 * decided by `usernameSchema` alone (schemas.ts, `brokenUsernameRules`): these are the labels.
 */
export const USERNAME_RULES = [
  { key: 'length', label: `${LIMITS.usernameMin}–${LIMITS.usernameMax} characters` },
  { key: 'characters', label: 'Letters, digits, _ . and - only' },
  { key: 'reserved', label: 'Not a reserved name such as home or explore' },
] as const

export type UsernameRule = (typeof USERNAME_RULES)[number]['key']

/**
 * Usernames that would shadow a top-level route of the renderer (`/{profile}` sits beside
 * `/home`, `/explore`, …) and so can never be a profile.
 */
export const RESERVED_USERNAMES = new Set([
  'home',
  'explore',
  'bookmarks',
  'bookmark',
  'signup',
  'login',
  'logout',
  'post',
  'posts',
  'api',
  'server',
  'settings',
  'assets',
  'media',
  // Renderer pages of live LAN (docs/API.md, "Notifications" and "Tags").
  'notifications',
  'tags',
])
