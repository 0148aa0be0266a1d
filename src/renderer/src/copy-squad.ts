/**
 * The words of squad calls ("need two more", docs/API.md "Squad calls"), written as docs/WORDS.md
 * says. Apart from copy.ts: only the lazy parts that show calls read them, so the first load does
 * not carry them.
 */
export const SQUAD_COPY = {
  listTitle: 'Looking for players',
  listLabel: 'Open squad calls',
  forGame: 'for',
  by: (username: string) => `by @${username}`,
  rank: (rank: string) => `Rank: ${rank}`,
  joined: (names: string[]) =>
    names.length === 0 ? 'Nobody joined yet.' : `Joined: ${names.join(', ')}`,
  joinedCount: (joined: number, needed: number) => `${joined} of ${needed} joined`,
  join: 'Join',
  joining: 'Joining…',
  leave: 'Leave',
  close: 'Close call',
  youreIn: "You're in",
  full: "Squad's full!",
  openChat: 'Open the chat',
  retry: 'Try again',
  failed: "Squad calls couldn't load.",
  // The form.
  open: 'Need players?',
  openFromStatus: 'Need players for it? Make a squad call',
  formTitle: 'Need players?',
  game: 'Game',
  needed: 'How many more?',
  neededOption: (n: number) => (n === 1 ? '1 player' : `${n} players`),
  rankLabel: 'Rank (optional)',
  rankPlaceholder: 'Gold, any, casual…',
  note: 'Note (optional)',
  notePlaceholder: 'Mic on, chill games',
  expiry: 'Open for',
  chooseGame: 'Choose a game from the server’s list.',
  post: 'Post the call',
  posting: 'Posting…',
  posted: 'Your squad call is up.',
} as const
