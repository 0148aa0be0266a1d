/**
 * The app's words, in one place (docs/WORDS.md says how they are written).
 *
 * `SPEC_TEXT` holds the texts the product spec fixes (SPEC.md: taglines, headings, placeholders,
 * toasts): they stay word for word, odd spelling, capitals and trailing spaces included, and are
 * never reworded here. `COPY` holds the app's own texts: change them here, and every screen that
 * says the same thing says it the same way. A server's sentences (`errors[0]`) are not here: the
 * app shows them as they come, and adds a line of its own where the spec's are cryptic.
 */
import type { ErrorCode } from '../../shared/error-codes'
import type { SessionEnd } from './api/client'
import type { MuteDuration } from '../../shared/schemas'

/** A timed mute's length in words (the forever one is COPY.mute.forGood). */
export const MUTE_LENGTHS: Record<Exclude<MuteDuration, 'forever'>, string> = {
  '1h': '1 hour',
  '1d': '1 day',
  '1w': '1 week',
}

/** Fixed by the spec, verbatim. */
export const SPEC_TEXT = {
  loginTagline: 'Real gaming takes the stage',
  signupTagline: 'Become the part of the stage',
  homeTitle: 'Welcome Back...',
  homeEmpty: 'Follow some people to get started',
  exploreTitle: 'Explore New Things...',
  byLike: 'By like',
  bookmarksTitle: 'Saved Posts',
  bookmarksEmpty: 'Nothing is here ...',
  profileEmpty: 'No posts yet...',
  searchPlaceholder: 'search for the user',
  noUserFound: 'No user found',
  suggestionsTitle: 'Some amazing people',
  fillTestCredentials: 'Fill Test Credentials',
  loginButton: 'Login',
  /** The toast of a successful login, and only of a login (a sign-up is welcomed instead). */
  loginSucceeded: 'working',
  fillCompleteForm: 'Fill complete form',
  passwordsShouldBeSame: 'Passwords should be same',
  loggedOut: 'You have been logged out',
  postDeleted: 'Your post has been deleted',
  commentDeleted: 'Comment Has been deleted',
  /** The profile edit's failure, trailing space included. */
  somethingWentWrong: 'Something went wrong. ',
  postPlaceholder: 'enter a text',
  commentPlaceholder: 'For comment',
} as const

/** The app's own texts. */
export const COPY = {
  auth: {
    heroLine: 'Share clips of thought, hype your squad, find your next co-op crew.',
    loginTitle: 'Log in',
    loggingIn: 'Logging in…',
    newHere: 'New to the stage?',
    createAccount: 'Create an account',
    signupTitle: 'Create your account',
    signUp: 'Sign up',
    signingUp: 'Creating your account…',
    haveAccount: 'Already on the stage?',
    logIn: 'Log in',
    friendServer: "Connect to a friend's server",
    /** Under the field a refused login points at, beside the spec's toast. */
    loginHint: {
      NOT_REGISTERED:
        'No account on this server has that username. Check the spelling, or create an account.',
      INVALID_CREDENTIALS:
        'That password doesn’t match this username. Passwords are case-sensitive: check Caps Lock.',
    } satisfies Partial<Record<ErrorCode, string>>,
    /** The toast of a first sign-up, instead of the login's "working". */
    welcome: (username: string) => `Welcome to Gamerstage, ${username}!`,
  },
  home: {
    /** The heading of /home in the session that signed up, instead of "Welcome Back...". */
    newcomerTitle: 'Welcome to the stage!',
    newcomerLead: 'Follow a few players and their posts will show up here. Or say hi with a post.',
  },
  session: {
    /** Above the login form after the server ended the session, saying why. */
    ended: {
      'password-changed':
        'You changed your password on another device, so you were logged out here. Log in with your new password.',
      suspended: 'The host of this server suspended your account, so you were logged out.',
      'logged-out': 'You logged out of this session in another window.',
      expired: 'You were logged in for 30 days, so your session ran out. Log in again.',
      'demo-shared':
        'Demo accounts are switched off while this server is shared on the network. Create an account of your own to join in.',
      'account-gone': 'Your account is no longer on this server. Create a new one to join again.',
      invalid:
        'This server no longer knows your session (it may have been restored from a backup). Log in again.',
      missing: 'Your session ended. Log in again to carry on.',
      ended: 'Your session ended. Log in again to carry on.',
    } satisfies Record<SessionEnd, string>,
  },
  explore: {
    empty: 'No posts yet...',
  },
  bookmarks: {
    findPosts: 'Find posts to save',
  },
  profile: {
    ownBioEmpty: 'No bio yet. Tell the stage who you are.',
    bioEmpty: 'No bio yet.',
    noFollowers: 'No followers yet.',
    followsNobody: 'Not following anyone yet.',
    followersOf: (username: string) => `Followers of ${username}`,
    followedBy: (username: string) => `${username} follows`,
  },
  post: {
    deleted: 'This post has been deleted.',
    writeComment: 'Write a comment',
    sendingComment: 'Sending…',
    noComments: 'No comments yet. Start the chat.',
  },
  notifications: {
    empty: 'No notifications yet…',
    emptyHint:
      'When someone likes or comments on your posts, upvotes your comments, mentions you or follows you, it shows here.',
  },
  tags: {
    notATag: 'That is not a hashtag',
    empty: (tag: string) => `No posts with #${tag} yet`,
    emptyHint: (tag: string) => `Write one: put #${tag} anywhere in a post.`,
  },
  live: {
    back: 'Live updates are back.',
    paused: 'Live updates paused. Reconnecting…',
  },
  account: {
    title: 'Account',
    loggedInAs: 'Logged in as',
    mutedTitle: 'Muted',
    mutedHint:
      'You don’t see muted players’ posts, comments or notifications anywhere but their profile. They aren’t told.',
    mutedEmpty: 'You haven’t muted anyone.',
    blockedTitle: 'Blocked',
    blockedHint: 'You and the people you block don’t see each other’s posts and comments.',
    blockedEmpty: 'You haven’t blocked anyone.',
    mutedForGood: 'Until you unmute',
    unmute: 'Unmute',
    unblock: 'Unblock',
  },
  mute: {
    menuItem: (username: string) => `Mute ${username}…`,
    unmuteItem: (username: string) => `Unmute ${username}`,
    title: (username: string) => `Mute ${username}?`,
    explain:
      'Their posts, comments and notifications will be hidden everywhere but their profile. They won’t be told.',
    howLong: 'For how long?',
    forGood: 'Until I unmute',
    confirm: 'Mute',
    busy: 'Muting…',
    /** The notice over a muted player's posts on their profile. */
    profileNotice: 'You muted this player',
  },
  server: {
    demoWhileShared: 'The demo accounts cannot log in while you share: their password is public.',
  },
  toasts: {
    postLive: 'Your post is live',
    linkCopied: 'Link copied',
    linkNotCopied: 'Could not copy the link.',
    addressNotCopied: 'Could not copy: select the address and copy it by hand.',
    reported: 'Thanks for the report. The host will take a look.',
    passwordChanged: 'Password changed. Your other devices have been logged out.',
    accountDeleted: 'Your account has been deleted',
    /** The host's deletions of someone else's post or comment (the author's own are the spec's). */
    hostDeletedPost: 'The post has been deleted',
    hostDeletedComment: 'The comment has been deleted',
    backupSaved: (file: string) => `Backup saved to ${file}`,
    muted: (username: string, duration: MuteDuration) =>
      duration === 'forever'
        ? `You muted ${username}`
        : `You muted ${username} for ${MUTE_LENGTHS[duration]}`,
    connected: (where: string) => `Connected to ${where}`,
  },
  errors: {
    /** No answer at all: the server is down or the network is. */
    unreachable: 'Cannot reach the server. Check your connection.',
    /** An answer without a sentence of its own (a proxy's error page, say). */
    noSentence: (status: number) =>
      `The server couldn’t do that (error ${status}). Try again in a moment.`,
    unusableAnswer:
      'The server sent an answer this app cannot use. It may be a different or newer Gamerstage.',
  },
  suggestions: {
    followingEveryone: 'You follow everyone on this server. Nice.',
    nobodyElse: 'Nobody else is here yet. Share the server’s address to bring your friends.',
    retry: 'Retry',
    loading: 'Loading people',
  },
} as const

/** What the login page says about an ended session (state/session.ts's sessionEndAtom). */
export function sessionEndText(end: SessionEnd): string {
  return COPY.session.ended[end]
}

/** The hint under a login field for a refusal the spec words cryptically, else null. */
export function loginHint(code: ErrorCode | null): {
  field: 'username' | 'password'
  text: string
} | null {
  if (code === 'NOT_REGISTERED') return { field: 'username', text: COPY.auth.loginHint[code] }
  if (code === 'INVALID_CREDENTIALS') return { field: 'password', text: COPY.auth.loginHint[code] }
  return null
}
