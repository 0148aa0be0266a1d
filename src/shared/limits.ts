/**
 * Limits the spec leaves open (docs/decisions.md). The server enforces them and the renderer
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
  /** A report's note (optional, beside its category): a short sentence for the host. */
  reportReasonMax: 200,
  /** Bytes of a JSON request body. */
  jsonBodyBytes: 1024 * 1024,
  /** Bytes of an uploaded image. */
  imageBytes: 5 * 1024 * 1024,
  /** Images a post may carry, and the length of each one's alt text. */
  postImagesMax: 4,
  altMax: 500,
  /** Polls (docs/API.md, "Polls"): 2–4 options of 1–50 characters. */
  pollOptionsMin: 2,
  pollOptionsMax: 4,
  pollOptionMax: 50,
  pageSizeDefault: 20,
  pageSizeMax: 100,
} as const

/**
 * What the server decodes of an image at most (services/media/uploaded-images.ts); the renderer shrinks
 * a picture to fit them before sending it (lib/image-shrink.ts), and the messages say them.
 */
export const IMAGE_LIMITS = {
  /** Pixels of all frames together: a small file can claim a huge picture (a decoding bomb). */
  maxPixels: 50_000_000,
  /** Pixels of the longest side: libvips's work per row makes a 1×49,000,000 strip take minutes. */
  maxSide: 8192,
  /** The longest side over the shortest: no screenshot or photo is a thread one pixel wide. */
  maxAspectRatio: 20,
  /** Frames of an animation: each has a cost of its own, however few its pixels. */
  maxFrames: 500,
} as const

/** Letters, digits, `_`, `.` and `-`: a username is a URL segment (`/{profile}`). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/

/**
 * The username rules as the sign-up form lists them, in order. Whether a name keeps them is
 * decided by `usernameSchema` alone (schemas.ts, `brokenUsernameRules`): these are the labels.
 */
export const USERNAME_RULES = [
  { key: 'length', label: `${LIMITS.usernameMin}–${LIMITS.usernameMax} characters` },
  { key: 'characters', label: 'Letters, digits, _ . and - only, no dot first or last' },
  { key: 'reserved', label: 'Not a reserved name such as home or explore' },
] as const

export type UsernameRule = (typeof USERNAME_RULES)[number]['key']

/**
 * A username's first and last characters: a dot there reads as part of the sentence around an
 * @mention (`@alice.`) and makes `/.alice` look like a hidden file.
 */
export const USERNAME_EDGES = /^[^.](?:.*[^.])?$/

/**
 * Usernames that can never be a profile: names that would shadow a top-level route of the
 * renderer (`/{profile}` sits beside `/home`, `/explore`, …) or a file the server serves at its
 * root, and names that claim to speak for the server or its host.
 */
export const RESERVED_USERNAMES = new Set([
  // Who runs the place: a stranger named `admin` or `support` could ask for passwords.
  'admin',
  // Screens of the app's own (`/here`: Who's here).
  'here',
  'administrator',
  'root',
  'host',
  'owner',
  'moderation',
  'moderator',
  'mod',
  'system',
  'support',
  'staff',
  'gamerstage',
  // Routes and files of the app.
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
  // The search page (docs/API.md, "Search").
  'search',
  // Conversations: the Messages page, /messages.
  'messages',
  // Games: the page of a game, /games/<slug>.
  'games',
  // Game nights: the Events page, /game-nights.
  'game-nights',
  'index.html',
  'favicon.ico',
  'robots.txt',
])

/**
 * How long a poll runs, in minutes: the choices the composer offers (docs/API.md, "Polls"), from
 * 5 minutes (a quick question to the people online) to 7 days, as Mastodon offers them.
 */
export const POLL_DURATIONS_MINUTES = [5, 15, 30, 60, 360, 1440, 4320, 10080] as const
export type PollDurationMinutes = (typeof POLL_DURATIONS_MINUTES)[number]

/**
 * The lengths in hours that apps before issue 44 send as `durationHours` (and offer against a
 * server without the `poll-changes` feature): still accepted, each one of the minutes above.
 */
export const POLL_DURATIONS_HOURS = [1, 24, 72, 168] as const
export type PollDurationHours = (typeof POLL_DURATIONS_HOURS)[number]
