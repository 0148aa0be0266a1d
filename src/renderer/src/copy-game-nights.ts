/**
 * The words of game nights' threads, "Starting now" and a profile's nights (docs/WORDS.md): kept
 * apart from copy.ts, as only screens loaded on first use read them.
 */
export const GAME_NIGHT_COPY = {
  /** The night's page: a conversation with those going (MessageGoingButton). */
  messageGoing: 'Message everyone going',
  messageOne: (username: string) => `Message ${username}`,
  startingNow: {
    title: 'Starting now',
    /** Who's here: nights on now anyone may join. */
    hereTitle: 'Game nights on now',
    until: (end: string) => `On until ${end}`,
    going: (count: number) => (count === 1 ? '1 going' : `${count} going`),
    open: (title: string) => `Open ${title}`,
    join: 'Join in',
    more: (count: number) =>
      count === 1
        ? 'And 1 more on the Game nights page'
        : `And ${count} more on the Game nights page`,
  },
  thread: {
    title: 'Talk about it',
    lead: 'Comments here are the night’s thread: everyone who can see the night can join in.',
    gone: 'The host deleted the post this night’s comments were on, so there are no comments here.',
    onPost: 'Open as a post',
  },
  profile: {
    title: 'Game nights',
    label: (username: string) => `Game nights of ${username}`,
    emptyOwn: 'You are not hosting or going to any game night yet.',
    empty: (username: string) => `${username} is not hosting or going to any game night yet.`,
  },
}
