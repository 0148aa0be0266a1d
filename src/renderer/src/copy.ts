/**
 * The app's words, in one place (docs/WORDS.md says how they are written).
 *
 * `SPEC_TEXT` holds the texts the product spec fixes (SPEC.md: taglines, headings, placeholders,
 * toasts): they stay word for word, odd spelling, capitals and trailing spaces included, and are
 * never reworded here. `COPY` holds the app's own texts: change them here, and every screen that
 * says the same thing says it the same way. A server's sentences (`errors[0]`) are not here: the
 * app shows them as they come, and adds a line of its own where the spec's are cryptic.
 *
 * The first load carries this module whole; words that only lazily loaded screens show live
 * beside it in copy-<area>.ts (copy-games.ts), in the same style.
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
    /** Under /home's "Welcome Back..." in the session that signed up: a first visit. */
    newcomerGreeting: 'Welcome to the stage!',
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
  // Search (components/SearchBox.tsx, routes/SearchPage.tsx; docs/API.md "Search").
  search: {
    /** The box's name for screen readers when it searches more than people. */
    boxLabel: 'Search posts, tags and people',
    sections: { posts: 'Posts', tags: 'Tags', users: 'People' },
    /** The search page's row of sections. */
    sectionsLabel: 'Search sections',
    seeAll: 'See all',
    searching: 'Searching…',
    pageTitle: 'Search',
    /** The search page's heading once something is searched for. */
    resultsFor: (query: string) => `Results for “${query}”`,
    askTitle: 'Search posts, tags and people',
    askHint: 'Type in the search box above: words of posts, #tags or names.',
    noPosts: (query: string) => `No posts match “${query}”`,
    noTags: (query: string) => `No tags begin with “${query}”`,
    noWordsHint: 'Search for words: letters or digits. Punctuation and emoji alone find nothing.',
    tryHint: 'Try fewer words, or the beginning of a word.',
    /** The search page when no section found anything. */
    nothing: (query: string) => `Nothing matches “${query}”`,
    nothingHint: 'Try a name, a word of a post, a #tag or a game.',
    /** A tab's count, "100+" at the server's cap. */
    tabCount: (count: number, cap: number) => (count >= cap ? `${cap}+` : String(count)),
    /** A tab's name for screen readers: "People, 3 results". */
    tabLabel: (title: string, count: string) =>
      `${title}, ${count} ${count === '1' ? 'result' : 'results'}`,
    postCount: (count: number) => `${count} ${count === 1 ? 'post' : 'posts'}`,
    followerCount: (count: number) => `${count} ${count === 1 ? 'follower' : 'followers'}`,
  },
  live: {
    back: 'Live updates are back.',
    paused: 'Live updates paused. Reconnecting…',
  },
  /** A person's "..." menu: their profile and their row in lists of people. */
  person: {
    more: 'More',
    menuButton: (username: string) => `More actions for ${username}`,
    menuLabel: (username: string) => `Actions for ${username}`,
    report: (username: string) => `Report ${username}…`,
    copyLink: 'Copy link to profile',
    copyFailed: 'Couldn’t copy the link. Copy it from the address bar instead.',
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
  clips: {
    label: (index: number, count: number, alt: string) =>
      `Clip ${index} of ${count}${alt ? `: ${alt}` : ''}`,
    playGif: 'Play GIF',
    stopGif: 'Stop GIF',
    limitTitle: 'Clips',
    limitHint:
      'The largest video a player can post: MP4 (H.264) or WebM, up to 60 seconds. Larger files are refused before they are stored.',
    limitLabel: 'Largest clip, in MB',
    limitSave: 'Save',
    limitSaved: (size: string) => `Clips can now be up to ${size}.`,
  },
  // --- end clips and screenshots ---
  host: {
    suspendTitle: (username: string) => `Suspend ${username}?`,
    suspendText: (username: string) =>
      `${username} is logged out everywhere and can’t log in, and their posts and comments are hidden from everyone. You can lift the suspension any time from the Server page or their profile.`,
    suspend: 'Suspend',
    suspendAuthor: 'Suspend author',
    lift: 'Lift suspension',
    suspended: (username: string) => `${username} is suspended`,
    lifted: (username: string) => `${username} can log in again`,
    deleteTitle: (what: 'post' | 'comment' | 'message') => `Delete this ${what}?`,
    deleteText: (what: 'post' | 'comment') =>
      what === 'post'
        ? 'The post goes for everyone, with its comments, likes and images. This can’t be undone. Anyone who reported it is told their report was handled.'
        : 'The comment goes for everyone, with its votes. This can’t be undone. Anyone who reported it is told their report was handled.',
    blockTitle: (username: string) => `Block ${username}?`,
    blockText: (username: string) =>
      `You and ${username} stop following each other, both ways, and neither of you sees the other’s posts or comments. You can unblock later from their profile or your Account page, but the follows don’t come back by themselves.`,
    block: 'Block',
    makeHostTitle: (username: string) => `Make ${username} a host?`,
    makeHostText: (username: string) =>
      `${username} will see every report, and can delete posts and comments, suspend players and make other hosts. You can take this back later.`,
    makeHost: 'Make host',
    madeHost: (username: string) => `${username} is now a host`,
    removeHostTitle: (username: string) => `Stop ${username} hosting?`,
    removeHostText: (username: string) =>
      `${username} goes back to being a player: no more reports or host tools.`,
    removeHost: 'Remove as host',
    removedHost: (username: string) => `${username} is no longer a host`,
    cancel: 'Cancel',
    badgeSuspended: 'Suspended',
    badgeHost: 'Host',
    menuLabel: (username: string) => `Host actions for ${username}`,
    suspendedTitle: 'Suspended players',
    suspendedHint:
      'They can’t log in and their posts are hidden. Lift a suspension to let them back.',
    suspendedEmpty: 'Nobody is suspended.',
    hostsTitle: 'Hosts',
    hostsHint:
      'Hosts see reports and can use the host tools. The app’s owner and accounts named with --admin always host.',
    hostKind: { owner: 'owns this app', admin: 'named with --admin', made: 'made host' },
    makeHostLabel: 'Make a player host',
    makeHostPlaceholder: 'Username',
    auditTitle: 'What hosts did',
    auditHint: 'The latest host actions, newest first.',
    auditEmpty: 'No host actions yet.',
    audit: {
      suspend: 'suspended',
      unsuspend: 'lifted the suspension of',
      'delete-post': 'deleted a post by',
      'delete-comment': 'deleted a comment by',
      'delete-message': 'deleted a reported message by',
      'dismiss-report': 'dismissed a report by',
      'make-host': 'made host',
      'remove-host': 'removed as host',
      'set-clip-limit': 'set the clip size limit to',
      // Games: the target reads "CSGO → Counter-Strike 2".
      'rename-game': 'renamed the game',
      'merge-game': 'merged the game',
    },
  },
  toasts: {
    postLive: 'Your post is live',
    linkCopied: 'Link copied',
    linkNotCopied: 'Could not copy the link.',
    addressNotCopied: 'Could not copy: select the address and copy it by hand.',
    reported: 'Thanks for the report. You’ll get a notification when a host has dealt with it.',
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
    /** A like, bookmark, follow or vote sent while the server could not be reached. */
    toggleNotSaved:
      'That wasn’t saved because the server can’t be reached, so it’s back as it was. Try again when the server is back.',
    /** An answer without a sentence of its own (a proxy's error page, say). */
    noSentence: (status: number) =>
      `The server couldn’t do that (error ${status}). Try again in a moment.`,
    unusableAnswer:
      'The server sent an answer this app cannot use. It may be a different or newer Gamerstage.',
  },
  // ---- Games: chips on profiles, the game page, the picker, desktop detection ----
  games: {
    sectionLabel: (username: string) => `Games ${username} plays`,
    ownNone: 'Add the games you play so friends can find you.',
    none: 'No games listed yet.',
    edit: 'Edit games',
    add: 'Add games',
    save: 'Save games',
    cancel: 'Cancel',
    saved: 'Your games are saved.',
    pickerLabel: 'Add a game',
    pickerPlaceholder: 'Type a game, e.g. Minecraft',
    pickerHint: (count: number, max: number) =>
      `${count} of ${max} games. Pick one from the list, or press Enter to add a new one.`,
    pickerFull: (max: number) => `That’s ${max} games, the most a profile lists. Remove one first.`,
    addNew: (name: string) => `Add “${name}” as a new game`,
    remove: (name: string) => `Remove ${name}`,
    searching: 'Looking for games…',
    players: (count: number) => (count === 1 ? '1 player' : `${count} players`),
    whoPlays: 'Who plays it',
    noPlayers: 'Nobody lists this game any more.',
    postsTitle: 'Posts',
    tagHint: (slug: string) => `Tag a post with #${slug} to show it here.`,
    noPosts: (slug: string) => `No posts tagged #${slug} yet.`,
    notFound: 'This game isn’t on this server’s list.',
    notFoundHint: 'It may have been merged into another game. Look for it from a profile.',
    loading: 'Loading the game',
  },
  suggestions: {
    followingEveryone: 'You follow everyone on this server. Nice.',
    nobodyElse: 'Nobody else is here yet. Share the server’s address to bring your friends.',
    retry: 'Retry',
    loading: 'Loading people',
  },
  /* Polls (docs/API.md "Polls"). */
  poll: {
    label: 'Poll',
    addPoll: 'Add a poll',
    removePoll: 'Remove poll',
    option: (n: number) => `Option ${n}`,
    optionPlaceholder: (n: number) => (n <= 2 ? `Choice ${n}` : `Choice ${n} (optional)`),
    addOption: 'Add an option',
    removeOption: (n: number) => `Remove option ${n}`,
    duration: 'Poll length',
    /** By minutes (POLL_DURATIONS_MINUTES, and the hours of an older server as minutes). */
    durations: {
      5: '5 minutes',
      15: '15 minutes',
      30: '30 minutes',
      60: '1 hour',
      360: '6 hours',
      1440: '1 day',
      4320: '3 days',
      10080: '7 days',
    } as Record<number, string>,
    optionEmpty: 'Write something here, or remove this option.',
    optionTooLong: (max: number) => `Keep it to ${max} characters.`,
    optionDuplicate: 'This is the same as another option.',
    tooFewOptions: (min: number) => `A poll needs at least ${min} options.`,
    notWithImages: 'A post can have a poll or images, not both. Remove the images to add a poll.',
    checkOptions: 'Check the poll’s options: each needs text, and no two can be the same.',
    vote: (option: string) => `Vote for ${option}`,
    voting: 'Voting…',
    tapHint: 'Choose an option to vote.',
    votedHint: (changeable: boolean) =>
      changeable
        ? 'You can change your vote until the poll ends.'
        : 'This server keeps your first vote: it can’t be changed.',
    voters: (count: number) => `${count} ${count === 1 ? 'vote' : 'votes'}`,
    ended: 'Final results',
    yourVote: 'your vote',
    resultsAfterVoting: 'Vote to see the results.',
    showResults: 'Show results',
    hideResults: 'Back to voting',
    share: (option: string, percent: number, votes: number) =>
      `${option}: ${percent}%, ${votes} ${votes === 1 ? 'vote' : 'votes'}`,
    /** An option's button: "Sunday (your vote): 67%, 2 votes"; the share once results show. */
    choice: (option: string, mine: boolean, share: { percent: number; votes: number } | null) =>
      `${option}${mine ? ' (your vote)' : ''}${
        share ? `: ${share.percent}%, ${share.votes} ${share.votes === 1 ? 'vote' : 'votes'}` : ''
      }`,
  },
  /* Polls in the Edit Post dialog. */
  // ---- Reposts, quotes and emoji reactions ----
  shares: {
    reposted: 'Reposted to your followers.',
    repostUndone: 'Repost taken back.',
    quoted: 'Your quote is live.',
    /** Above a post in the home feed: "nova_strike reposted". */
    repostedBy: (username: string) => `${username} reposted`,
    youReposted: 'You reposted',
    repost: 'Repost',
    undoRepost: 'Undo repost',
    quote: 'Quote',
    /** Accessible names with the counts. */
    repostLabel: (reposted: boolean, count: number) =>
      `${reposted ? 'Undo repost' : 'Repost'}, ${count} ${count === 1 ? 'repost' : 'reposts'}`,
    quoteLabel: (count: number) => `Quote, ${count} ${count === 1 ? 'quote' : 'quotes'}`,
    quoteTitle: 'Quote post',
    quotePlaceholder: 'Say something about it',
    quoteSend: 'Post quote',
    quoteEmpty: 'Write something to go with the quote.',
    quotedPostLabel: (username: string) => `Quoted post by ${username}`,
    quoteUnavailable: 'This post isn’t available to you.',
    quoteNested: 'Quotes another post',
    // Who reposted, from the repost count.
    whoReposted: (count: number) => `Who reposted: ${count} ${count === 1 ? 'repost' : 'reposts'}`,
    whoRepostedTitle: 'Who reposted',
    nobodyReposted: 'Nobody reposts this now.',
  },
  reactions: {
    add: 'Add a reaction',
    pickerLabel: 'Reactions',
    reactWith: (label: string) => `React with ${label}`,
    chipLabel: (label: string, count: number, mine: boolean) =>
      `${label}: ${count}${mine ? ', including you. Take yours back' : '. Add yours'}`,
    whoReacted: 'Who reacted',
    whoReactedTitle: 'Who reacted',
    nobody: 'Nobody has reacted with this yet.',
    loadMore: 'Show more',
    loadFailed: 'The list couldn’t be loaded. Try again in a moment.',
    more: 'More emoji',
    moreTitle: 'React with any emoji',
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

/* ---- Presence and "now playing" (docs/WORDS.md, "Presence and now playing") ---- */
export const PRESENCE_COPY = {
  state: { online: 'Online', idle: 'Idle', offline: 'Offline' },
  /** On a profile, beside the name. */
  profile: { online: 'Online now', idle: 'Idle' },
  /** "Playing Counter-Strike 2 · 12 min". */
  playing: (game: string) => `Playing ${game}`,
  lasted: (minutes: number) =>
    minutes < 1
      ? 'just now'
      : minutes < 60
        ? `${minutes} min`
        : `${Math.floor(minutes / 60)} h ${minutes % 60} min`,
  here: {
    title: 'Who’s here',
    nav: 'Who’s here',
    loading: 'Loading who’s here',
    empty: 'Nobody else is online right now.',
    failed: 'Couldn’t load who’s here.',
    retry: 'Retry',
    following: 'You follow',
  },
  editor: {
    open: 'Set status',
    change: 'Change status',
    title: 'What are you playing?',
    game: 'Game',
    gamePlaceholder: 'e.g. Counter-Strike 2',
    note: 'Note (optional)',
    notePlaceholder: 'e.g. LFG ranked, need 2',
    expiry: 'Clear after',
    expiries: { '30m': '30 minutes', '2h': '2 hours', never: 'Until I clear it' },
    save: 'Save status',
    saving: 'Saving…',
    clear: 'Clear status',
    saved: 'Status set',
    cleared: 'Status cleared',
    hiddenWhileOffline: 'You appear offline: nobody sees your status until you turn that off.',
  },
  account: {
    title: 'Presence',
    appearOffline: 'Appear offline',
    appearOfflineHint:
      'While it is on, nobody sees whether you are online or what you are playing. Blocked users never see either.',
    on: 'You appear offline',
    off: 'Others see when you are online',
  },
} as const

// ---- "Playing now" on a game page, the status editor's entry point ----
export const GAME_PLAYING_COPY = {
  title: 'Playing now',
  loading: 'Loading who is playing',
  failed: 'Couldn’t load who is playing.',
  empty: (game: string) => `Nobody is playing ${game} right now.`,
  /** The status editor's entry in the account menu. */
  menuSet: 'Set status',
  menuChange: 'Change status',
  /** The status editor's game field: suggestions from the server's list, free text allowed. */
  gameHint: 'Pick a game from the list or type any name.',
} as const
/** Search's games section. */
export const GAME_SEARCH_COPY = {
  section: 'Games',
  none: (query: string) => `No game found for “${query}”.`,
} as const
// ---- end of "Playing now" and the status editor's entry ----

// ---- The search page's own field (session 14) ----
export const SEARCH_FIELD_COPY = {
  /** The form's landmark name (role="search"). */
  formLabel: 'Search this page',
  fieldLabel: 'Search for',
  placeholder: 'Words, #tags or names',
  submit: 'Search',
  empty: 'Type something to search for: words, a #tag or a name.',
} as const
// ---- end of the search page's own field ----
