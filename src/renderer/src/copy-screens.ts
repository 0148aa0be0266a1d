/**
 * The words of screens and dialogs that load on first use (docs/WORDS.md): apart from copy.ts,
 * whose words the first screen carries, so that the first load stays within its budget. A
 * section moves here once nothing of the first screen reads it.
 */
import type { ReportCategory } from '../../shared/report-categories'
import { SPEC_TEXT } from './copy'

/** Names in a sentence: "a.png", "a.png and b.webm", "a.png, b.png and c.webm". */
function listOf(names: readonly string[]): string {
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

export const SCREENS_COPY = {
  /** The first screen of a host account made with a one-time password (ChoosePasswordPage). */
  choosePassword: {
    tagline: 'Make this account yours',
    title: 'Choose your password',
    welcome: 'Welcome,',
    why: 'This server made your account with a one-time password. Choose one of your own to go on: only you will know it.',
    oneTimeLabel: 'One-time password',
    newLabel: 'New password',
    confirmLabel: 'Confirm new password',
    rule: (min: number) => `At least ${min} characters.`,
    enterOneTime: 'Enter the one-time password the server printed.',
    differ: 'The two passwords differ.',
    sameAsOneTime: 'Choose a password different from the one-time one.',
    save: 'Save and go on',
    saving: 'Saving…',
    saved: 'Your password is saved. Welcome to the stage!',
    notNow: 'Not now?',
    logOut: 'Log out',
  },
  explore: {
    empty: SPEC_TEXT.profileEmpty,
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
    // A profile closed by a block either way (no posts, counts or Follow).
    youBlocked: 'You blocked this player. Their posts aren’t available to you.',
    blockedYou: 'This player’s posts aren’t available to you.',
  },
  post: {
    deleted: 'This post has been deleted.',
    // A block either way, or a suspended author (the quote embed's words too).
    unavailable: 'This post isn’t available to you.',
    writeComment: 'Write a comment',
    sendingComment: 'Sending…',
    noComments: 'No comments yet. Start the chat.',
  },
  // threads (docs/WORDS.md, "Threads")
  threads: {
    reply: 'Reply',
    replyTo: (username: string) => `Reply to ${username}`,
    writeReply: (username: string) => `Write a reply to ${username}`,
    replyPlaceholder: 'Your reply',
    sendReply: 'Reply',
    cancelReply: 'Cancel',
    replyingTo: 'Replying to',
    showMore: (count: number) => `Show ${count} more ${count === 1 ? 'reply' : 'replies'}`,
    loadingReplies: 'Loading replies…',
    repliesOf: (username: string) => `Replies to ${username}`,
    deletedComment: 'Deleted comment',
    linkedGone: 'That comment is no longer here.',
  },
  notifications: {
    /** The link to the notification settings (on the Notifications and Account pages). */
    settings: 'Settings',
    settingsTitle: 'Notifications',
    settingsHint: 'Choose what you hear about, in the app and on your desktop.',
    settingsLink: 'Notification settings',
    empty: 'No notifications yet…',
    emptyHint:
      'When someone likes or comments on your posts, upvotes your comments, mentions you or follows you, it shows here.',
  },
  tags: {
    notATag: 'That is not a hashtag',
    empty: (tag: string) => `No posts with #${tag} yet`,
    emptyHint: (tag: string) => `Write one: put #${tag} anywhere in a post.`,
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
  /** The report dialog and the hosts' list of reports. */
  report: {
    title: (what: string) => `Report ${what}`,
    whatsWrong: 'What’s wrong?',
    chooseOne: 'Choose what’s wrong.',
    categories: {
      spam: { label: 'Spam', hint: 'Ads, or the same thing posted again and again' },
      harassment: { label: 'Harassment', hint: 'Insults, threats or picking on someone' },
      cheating: {
        label: 'Cheating or scams',
        hint: 'Cheats and hacks, or tricking people out of accounts or items',
      },
      explicit: {
        label: 'Explicit content',
        hint: 'Nudity, gore or other things not for everyone',
      },
      other: { label: 'Something else', hint: 'Tell the hosts about it in the note' },
    } satisfies Record<ReportCategory, { label: string; hint: string }>,
    note: 'Note (optional)',
    notePlaceholder: 'Anything that helps the hosts understand',
    whatNext:
      'Only the hosts of this server see reports. They’ll take a look, and you’ll get a notification when they’ve dealt with it. They won’t tell you what they did.',
    send: 'Send report',
    sending: 'Sending…',
    /** In the hosts' list: the category the reporter chose. */
    listedCategory: 'Reason:',
    listedNote: 'Note:',
  },
  server: {
    demoWhileShared: 'The demo accounts cannot log in while you share: their password is public.',
  },
  /** The host's tools (Server page, a profile's and a post's host menus) and their questions. */
  // --- clips and screenshots ---
  attachments: {
    notAttachable: (name: string) =>
      `${name} is not an image or a clip: attach PNG, JPEG, WebP or GIF images, or MP4 or WebM videos.`,
    notAnImage: (name: string) => `${name} is not an image: attach PNG, JPEG, WebP or GIF images.`,
    shrinking: 'Making it smaller…',
    shrunk: (name: string, was: string, at: string, size: string) =>
      `${name} was ${was}, sent at ${at}, ${size}`,
    cannotShrink: (name: string) =>
      `${name} is too large and could not be made smaller (at most 5 MB).`,
    clipTooLarge: (name: string, limit: string) =>
      `${name} is too large for this server: clips can be up to ${limit}.`,
    gifTooLarge: (name: string) =>
      `${name} is too large (at most 5 MB): a GIF cannot be made smaller without stopping it.`,
    addLabel: 'Add images or clips',
    addTitle: 'Add images or clips (or paste, or drop)',
    altPlaceholder: 'Describe it (alt text)',
    // --- the composer's limits and lost draft media (session 14) ---
    /** Under the composer while it takes clips; the clip size is the host's, once known. */
    limitsHint: (clipLimit: string | null) =>
      `Images up to 5 MB are sent as they are; larger ones are shrunk. Clips: MP4 or WebM, up to 60 s${clipLimit ? ` and ${clipLimit}` : ''}.`,
    addTitleWithLimits: (clipLimit: string | null) =>
      `Add images or clips (or paste, or drop). Clips up to 60 s${clipLimit ? ` and ${clipLimit}` : ''}`,
    /** Beside a draft's item the server no longer has. */
    lost: 'No longer on this server: a draft keeps its uploads for a week. Remove it to post.',
    /** Posting a draft with lost items: each named by its file. */
    lostRefusal: (names: readonly string[]) =>
      names.length === 1
        ? `${names[0]} is no longer on this server: remove it to post, or attach the file again.`
        : `${listOf(names)} are no longer on this server: remove them to post, or attach the files again.`,
    // --- end the composer's limits and lost draft media ---
  },
  pollEdit: {
    locked: (voters: number) =>
      `${voters === 1 ? 'Someone has' : `${voters} people have`} voted in this poll, so its options and length cannot change any more. You can still edit the text.`,
    ended:
      'This poll has ended, so its options and length cannot change any more. You can still edit the text.',
    restarts: 'Saving starts the poll again from now, for the length chosen.',
    removed: 'The poll will be removed when you save.',
    keep: 'Keep the poll',
  },
  /* Autocomplete. */
  autocomplete: {
    people: 'People',
    tags: 'Tags',
    listLabel: 'Suggestions',
    tagPosts: (count: number) => `${count} ${count === 1 ? 'post' : 'posts'}`,
    youFollow: 'you follow',
    count: (count: number) =>
      `${count} ${count === 1 ? 'suggestion' : 'suggestions'}: arrow keys to choose, Enter to pick, Escape to close.`,
  },
  // ---- end of reposts, quotes and emoji reactions ----
  /** The emoji picker (components/emoji): reactions, posts, comments and messages. */
  emoji: {
    insert: 'Add an emoji',
    search: 'Search emoji',
    list: 'Emoji',
    loading: 'Loading emoji…',
    none: (search: string) => `No emoji match “${search}”.`,
    recent: 'Recently used',
    skinTone: 'Skin tone',
    skinTones: {
      none: 'Default',
      light: 'Light',
      'medium-light': 'Medium-light',
      medium: 'Medium',
      'medium-dark': 'Medium-dark',
      dark: 'Dark',
    },
    close: 'Close',
  },
} as const
