/**
 * Words of the Messages page's pictures, clips and reactions (docs/WORDS.md), kept apart from
 * copy.ts as only the Messages page, loaded on first use, reads them.
 */
export const MESSAGE_MEDIA_COPY = {
  /** The group picture's controls in a conversation's header (its creator's). */
  picture: {
    change: 'Change the group picture',
    add: 'Add a group picture',
    remove: 'Remove the group picture',
    files: 'Picture file',
    alt: (name: string) => `${name}'s picture`,
    changed: 'Group picture updated.',
    removed: 'Group picture removed.',
  },
  /** A message of pictures or clips alone, in the conversation list. */
  mediaOnly: (count: number, clips: number) =>
    clips === count
      ? count === 1
        ? 'A clip'
        : `${count} clips`
      : count === 1
        ? 'A picture'
        : `${count} pictures and clips`,
  /** The reaction button under each message. */
  react: 'React to this message',
  reactionsLabel: 'Reactions',
} as const
