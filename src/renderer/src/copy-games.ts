/**
 * Words of the game screens that no first screen shows (copy.ts holds the rest, and the first
 * load carries copy.ts whole): the /games page, Explore's trending panel and an empty Home
 * (GAME_CATALOGUE_COPY), a game's host tools (GAME_HOST_COPY) and the Account page's game
 * detection (GAME_DETECTION_COPY). Written as docs/WORDS.md says, like copy.ts.
 */

/** A host's tools on a game's page: rename, and merge into another game. */
export const GAME_HOST_COPY = {
  hostTitle: 'Host tools',
  rename: 'Rename',
  renameLabel: 'New name',
  renameTitle: (name: string) => `Rename ${name}?`,
  renameText: (from: string, to: string) =>
    `“${from}” becomes “${to}” on every profile. Links to the old address keep working.`,
  renamed: (name: string) => `Renamed to ${name}.`,
  merge: 'Merge into…',
  mergeConfirm: 'Merge',
  mergeLabel: 'Game to merge into',
  mergeTitle: (from: string, to: string) => `Merge ${from} into ${to}?`,
  mergeText: (from: string, to: string) =>
    `Everyone who lists “${from}” will list “${to}” instead, and “${from}” leaves the list. This cannot be undone.`,
  merged: (name: string) => `Merged into ${name}.`,
  mergeSame: 'Pick another game: a game cannot be merged into itself.',
} as const

/** The Account page's detection of the game being played (desktop only). */
export const GAME_DETECTION_COPY = {
  detectTitle: 'Show what I’m playing',
  detectShares:
    'Only the name of a game from Gamerstage’s list, e.g. ‘Counter-Strike 2’, and only to this server: another server gets nothing until you turn it on there too. Nothing else about your computer.',
  detectHow:
    'This app looks at the names of the programs running on this computer every 15 seconds and compares them with its list of games, here on your computer. When one matches, your status says you’re playing it for 2 hours, or until you quit the game.',
  detectSwitch: 'Detect the game I’m playing',
  detectPause: 'Pause',
  detectResume: 'Resume',
  detectPaused: 'Paused: nothing is detected until you resume.',
  detectNow: (game: string) => `Playing ${game} now.`,
  detectIdle: 'No game from the list is running.',
  detectNoStatuses:
    'This server doesn’t show what people are playing yet, so nothing is sent to it.',
} as const

/** The shipped game catalogue in the game boxes, and the games page (issue 44). */
export const GAME_CATALOGUE_COPY = {
  platforms: {
    pc: 'PC',
    playstation: 'PlayStation',
    xbox: 'Xbox',
    nintendo: 'Nintendo',
    mobile: 'Mobile',
  } as Record<string, string>,
  /** A catalogue game nobody on this server lists yet: where it runs. */
  notListed: (platforms: string) => (platforms ? `${platforms} · new here` : 'New here'),
  /** The `/games` screen. */
  pageTitle: 'Games',
  pageIntro: 'The games people on this server play. Add yours from your profile.',
  loading: 'Loading games',
  sections: {
    popular: 'Most played',
    playing: 'Playing now',
    newest: 'Newest',
  },
  empty: {
    popular: 'No games yet. Add the games you play from your profile.',
    playing: 'Nobody has a status for a game right now.',
    newest: 'No games yet.',
  },
  playingNow: (count: number) => `${count} playing now`,
  more: 'Show more',
  loadingMore: 'Loading…',
  /** Explore's trending panel. */
  trendingTitle: (days: number) => `Trending in the last ${days} days`,
  trendingTags: 'Tags',
  trendingGames: 'Games',
  tagPosts: (count: number) => (count === 1 ? '1 post' : `${count} posts`),
  allGames: 'All games',
  /** Home when the feed is empty. */
  starterPeople: 'Players to follow',
  starterPopular: 'Popular on this server',
  starterLead:
    'Your feed fills up as you follow players. Meanwhile, here is what people like here.',
} as const

/** A game's cover on its page: any player adds the first, hosts change or remove it. */
export const GAME_COVER_COPY = {
  add: 'Add a cover',
  change: 'Change cover',
  remove: 'Remove cover',
  fileLabel: 'Cover image file',
  hint: 'PNG, JPEG, GIF or WebP, up to 5 MB.',
  hintFirst: 'PNG, JPEG, GIF or WebP, up to 5 MB. The first cover stays until a host changes it.',
  uploading: (percent: number) => `Uploading the cover… ${percent}%`,
  added: 'Cover added.',
  changed: 'Cover changed.',
  removed: 'Cover removed.',
  tryAgain: 'Try again',
  notAnImage: (name: string) => `${name} is not an image: pick a PNG, JPEG, GIF or WebP picture.`,
  tooLarge: (name: string) => `${name} is too large: a cover can be up to 5 MB.`,
  removeTitle: (game: string) => `Remove the cover of ${game}?`,
  removeText: 'Everyone sees the placeholder again, and any player can add a new cover.',
} as const
