/**
 * The words of starting and managing conversations (docs/WORDS.md). Apart from copy.ts: only the
 * Messages page, loaded when opened, reads them.
 */
export const MESSAGES_COPY = {
  newGroup: 'New group',
  newGroupTitle: 'Start a group chat',
  groupName: 'Group name',
  groupNamePlaceholder: 'Saturday squad',
  people: 'People',
  peopleHint: 'Type a name to find someone.',
  peoplePlaceholder: 'Add someone…',
  noMatch: (query: string) => `Nobody called “${query}” here.`,
  searching: 'Looking…',
  chosen: 'Chosen',
  unchoose: (username: string) => `Remove ${username}`,
  atMost: (max: number) => `A group can have up to ${max} people, you included.`,
  nobodyChosen: 'Pick at least one person to talk to.',
  create: 'Start group',
  creating: 'Starting…',
  cancel: 'Cancel',
  details: 'Details',
  detailsLabel: (title: string) => `Details of ${title}`,
  detailsTitle: (title: string) => `About ${title}`,
  rename: 'Rename',
  renaming: 'Saving…',
  renamed: 'Group renamed.',
  members: (count: number) => (count === 1 ? '1 member' : `${count} members`),
  you: 'you',
  managesIt: 'runs this group',
  remove: 'Remove',
  removeLabel: (username: string) => `Remove ${username} from the group`,
  removed: (username: string) => `${username} left the group.`,
  addPeople: 'Add people',
  add: 'Add',
  adding: 'Adding…',
  added: (count: number) => (count === 1 ? 'Added 1 person.' : `Added ${count} people.`),
  onlyCreator: 'Only the person who runs this group can rename it or change who is in it.',
  mute: 'Mute this conversation',
  muteHint: 'Its new messages don’t count in the Messages badge and don’t notify you.',
  muted: 'Muted',
  leave: 'Leave conversation',
  leaveGroup: 'Leave group',
  leaveQuestion: (title: string) => `Leave ${title}?`,
  leaveDirect: 'It goes from your list. A new message from them brings it back.',
  leaveGroupHint: 'You stop getting its messages. Someone in it has to add you to come back.',
  leaveCreator: 'You run this group: the person who joined after you takes over.',
} as const

/** The words of the Messages page's pictures, clips and reactions. */
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
