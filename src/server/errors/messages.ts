import { CONVERSATION_LIMITS } from '../../shared/conversation-schemas'
import { IMAGE_LIMIT_MESSAGES, POST_RULE_MESSAGES } from '../../shared/post-rules'

/**
 * The server's sentences, one catalogue: the spec's error texts (docs/API.md, "Errors"), verbatim
 * (trailing spaces are part of the contract), then one block per area. Only two kinds live
 * elsewhere: the post rules the composer shows too (src/shared/post-rules.ts, built from the
 * limits), and a clip's refusals (CLIP_MESSAGES), which the clip worker thread loads.
 */
export const MESSAGES = {
  usernameTaken: 'Unprocessable Entity. Username Already Exists.',
  userNotRegistered: 'The username you entered is not Registered. Not Found error',
  wrongPassword: 'The credentials you entered are invalid. Unauthorized access error.',
  invalidToken: 'The token is invalid. Unauthorized access error.',
  editForeignPost: "Cannot edit a Post doesn't belong to the logged in User.",
  deleteForeignPost: "Cannot delete a Post doesn't belong to the logged in User.",
  alreadyLiked: 'Cannot like a post that is already liked. ',
  likeBelowZero: 'Cannot decrement like less than 0.',
  alreadyDisliked: 'Cannot dislike a post that is already disliked. ',
  editForeignComment: "Cannot edit a comment doesn't belong to the User.",
  deleteForeignComment: "Cannot delete a comment doesn't belong to the User.",
  alreadyUpvoted: 'Cannot upvote a post that is already upvoted. ',
  alreadyDownvoted: 'Cannot downvote a post that is already downvoted. ',
  alreadyBookmarked: 'This Post is already bookmarked',
  notBookmarked: 'Post not bookmarked yet',
  alreadyFollowing: 'User Already following',
  notFollowing: 'User already not following',
  // Our own, where the spec is silent (docs/decisions.md).
  postNotFound: 'Post not found.',
  commentNotFound: 'Comment not found.',
  // threads (docs/API.md, "Threads")
  commentDeleted: 'That comment was deleted: it cannot be answered or voted on.',
  userNotFound: 'User not found.',
  mediaNotFound: 'Image not found.',
  routeNotFound: 'No such API route.',
  followSelf: 'You cannot follow yourself.',
  invalidJson: 'The request body is not valid JSON.',
  invalidText:
    'The text holds a character that cannot be stored (a NUL or an unpaired UTF-16 surrogate).',
  bodyTooLarge: 'The request body is too large (at most 1 MB).',
  imageTooLarge: 'The image is too large (at most 5 MB).',
  notAnImage: 'Only PNG, JPEG, GIF and WebP images can be uploaded.',
  missingFile: 'Attach the image as the form field "file".',
  imageUnreadable: 'The image could not be read: it may be damaged.',
  // Made from IMAGE_LIMITS' numbers (shared/limits.ts).
  imageTooManyPixels: IMAGE_LIMIT_MESSAGES.tooManyPixels,
  imageSideTooLong: IMAGE_LIMIT_MESSAGES.sideTooLong,
  imageTooThin: IMAGE_LIMIT_MESSAGES.tooThin,
  imageTooManyFrames: IMAGE_LIMIT_MESSAGES.tooManyFrames,
  tooManyImages: POST_RULE_MESSAGES.tooManyImages,
  // Lost draft media (session 14): MEDIA_GONE, with the ids in `missingMedia`.
  mediaGone:
    'An image or clip to attach is no longer on this server (a draft’s uploads are kept for a week) or is in a post or message already: remove it, or upload it again.',
  emptyPost: POST_RULE_MESSAGES.empty,
  invalidCursor: 'The cursor is not valid: pass back the nextCursor of the previous page.',
  unexpected: 'Something went wrong on the server.',
  demoDisabledWhileShared:
    'The demo accounts are disabled while this server is shared on the LAN, because their password is public. Sign up for an account of your own.',
  // docs/security.md.
  foreignOrigin:
    'Requests from other web sites are refused. Open Gamerstage itself (the app or this server’s own page) to use it.',
  passwordQueueFull: 'The server is busy checking passwords. Try again in a few seconds.',
  imageQueueFull: 'The server is busy with other images. Try again in a few seconds.',
  // --- clips: the refusals of a clip's bytes are CLIP_MESSAGES (services/media/clip-containers.ts),
  // beside the limits they state, for the clip worker loads them without the server's modules ---
  rangeNotSatisfiable: 'The range asked for starts past the end of the file.',
  clipQueueFull: 'The server is busy with other clips. Try again in a few seconds.',
  missingClip: 'Attach the video as the form field "file" (and its poster, if any, as "poster").',
  clipLimitInvalid: 'The clip size limit must be a whole number of megabytes from 1 to 500.',
  // --- end clips ---
  imageStorageUnavailable:
    'The server cannot reach its image storage right now. Try again in a minute.',
  databaseUnreachable: "The server's database is not answering; try again in a moment.",
  databaseContended: 'The server is busy with many changes at once; try again in a moment.',
} as const

export function foreignHostMessage(host: string): string {
  return `This server does not answer to the name "${host}". Open it by its address, or start it with --allow-host ${host}.`
}

export function tooManyLoginsFromAddressMessage(retryAfterSeconds: number): string {
  return `Too many failed logins from this computer. Try again in ${retryAfterSeconds} seconds.`
}

/** A 429 of the rate limits (docs/hosting.md, "Headless server"): what was limited and when to try again. */
export function rateLimitedMessage(what: string, retryAfterSeconds: number): string {
  return `Too many ${what}. Try again in ${describeWait(retryAfterSeconds)}.`
}

function describeWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minutes`
}

export function tooManyLoginsMessage(retryAfterSeconds: number): string {
  return `Too many failed logins for this username. Try again in ${retryAfterSeconds} seconds.`
}

/** Sessions, accounts and moderation (docs/API.md). */
export const ACCOUNT_MESSAGES = {
  wrongCurrentPassword: 'The current password is wrong.',
  wrongPasswordForDelete: 'The password is wrong: your account was not deleted.',
  samePassword: 'The new password must differ from the current one.',
  accountSuspended: 'This account is suspended by the host of this server.',
  choosePasswordFirst:
    'Choose your own password first: this account still has the one-time password the server made for it.',
  hostOnly: 'Only the host of this server can do that.',
  cannotSuspendHost: 'The host of this server cannot be suspended.',
  cannotRemoveHost:
    'This account hosts the server for good (it owns the app or was named with --admin).',
  notHost: 'This account does not host the server.',
  suspendedCannotHost: 'Lift the suspension before making this account a host.',
  blockSelf: 'You cannot block yourself.',
  muteSelf: 'You cannot mute yourself.',
  blocked: 'You cannot follow this user.',
  blockedInteraction: 'You cannot react to or comment on the posts of someone blocked.',
  blockedBookmark: 'You cannot save the posts of someone blocked.',
  reportNotFound: 'Report not found.',
  reportOwn: 'You cannot report your own post or comment.',
  reportSelf: 'You cannot report yourself.',
  alreadyReported: 'You already reported this.',
} as const

/** Reposts, quotes and emoji reactions. */
export const SHARE_MESSAGES = {
  /** Every interaction with a suspended author's posts and comments, and following them. */
  authorSuspended:
    'This post cannot be reacted to, commented on, shared or saved: its author is suspended.',
  followSuspended: 'You cannot follow this user: the account is suspended.',
  /** A post (or its comments, reactors) opened by a viewer it is hidden from (docs/API.md). */
  postUnavailable: 'This post isn’t available to you.',
  blockedShare: 'You cannot repost, quote or react to the posts of someone blocked.',
  unknownReaction:
    'That reaction isn’t an emoji this server knows: pick one from the emoji picker.',
  /** MAX_POST_REACTIONS (src/shared/reactions.ts), said with its number. */
  tooManyReactions: (most: number) =>
    `This post already has ${most} different reactions: add yours to one of them.`,
} as const

/** The server's game list (docs/API.md, "Games"). */
export const GAME_MESSAGES = {
  gameNotFound: 'Game not found.',
  tooManyGames: 'A profile can list at most 30 games.',
  nameTaken: 'Another game already has this name: merge the two instead.',
  mergeIntoItself: 'A game cannot be merged into itself.',
  /** A player (not a host) adds a cover only while the game has none. */
  coverTaken: 'This game already has a cover: only a host of the server can change it.',
} as const

/** The server's custom emoji (docs/API.md, "Custom emoji"). */
export const EMOJI_MESSAGES = {
  badShortcode: (min: number, max: number) =>
    `A shortcode is ${min} to ${max} characters: lowercase letters a–z, digits and _ only.`,
  taken: (shortcode: string) => `There is already an emoji called :${shortcode}:.`,
  notFound: (shortcode: string) => `This server has no emoji called :${shortcode}:.`,
  tooMany: (most: number) =>
    `This server already has ${most} custom emoji: delete one before adding another.`,
} as const

/** Game nights (docs/API.md, "Game nights"): refusals of their rules. */
export const GAME_NIGHT_MESSAGES = {
  /** Also what someone blocked either way with its host gets: nobody learns it exists. */
  gameNightNotFound: 'Game night not found.',
  hostOnly: 'Only the host of a game night can change it.',
  cancelled: 'This game night was cancelled.',
  closed: 'This game night is closed: the host takes no more answers.',
  over: 'This game night is over.',
  startsInPast: 'A game night cannot start in the past.',
  tooFarAhead: 'A game night can be planned at most a year ahead.',
  hostAnswers: 'The host is always going to their own game night.',
} as const

/** Squad calls (docs/API.md, "Squad calls"): a join, a leave or a close refused. */
export const SQUAD_CALL_MESSAGES = {
  /** Also what someone blocked either way with its creator gets: nobody learns it exists. */
  squadCallNotFound: 'Squad call not found.',
  full: "It's full: every place was taken.",
  ended: 'It has ended.',
  creatorOnly: 'Only the player who made the call can close it.',
  creatorJoins: "You made this call: you're in it already.",
  blocked: "You can't join this call.",
} as const

/** Polls (docs/API.md, "Polls"): a vote or an edit refused. */
export const POLL_MESSAGES = {
  notFound: 'This post has no poll.',
  ended: 'This poll has ended: its results are final.',
  optionNotInPoll: "That option is not one of this poll's options.",
  locked:
    'People have voted in this poll, so its options and end cannot change any more. You can still edit the text.',
  withImages: POST_RULE_MESSAGES.pollWithImages,
} as const

/** The live stream refused at one of its caps (docs/API.md, "Live events"; routes/events.ts). */
export const STREAM_MESSAGES = {
  userCap: 'Too many live connections for this user. Close another window or tab and try again.',
  addressCap:
    'Too many live connections from this address. Close another window or tab and try again.',
  serverCap:
    'The server has as many live connections as it can take. Live updates resume by themselves once one closes.',
} as const

/** The sentences of conversations' refusals (docs/API.md, "Conversations"). */
export const CONVERSATION_MESSAGES = {
  /** Also what a non-member gets for a conversation that exists: nobody learns it does. */
  conversationNotFound: 'Conversation not found.',
  messageNotFound: 'Message not found.',
  messageSelf: 'You cannot start a conversation with yourself.',
  blocked: 'You cannot message someone you blocked or who blocked you.',
  blockedMember: 'You cannot add someone you blocked or who blocked you.',
  creatorOnly: "Only the group's creator can add or remove members or rename it.",
  notAGroup: 'A one-to-one conversation has no name or members to change: start a group instead.',
  groupFull: `A group can have at most ${CONVERSATION_LIMITS.membersMax} members.`,
  editForeign: 'You can only edit your own messages.',
  deleteForeign: 'You can only delete your own messages.',
  editDeleted: 'A deleted message cannot be edited.',
  removeSelf: 'To leave the group, use Leave.',
  pictureCreatorOnly: "Only the group's creator can change its picture.",
  pictureNotAGroup:
    'A one-to-one conversation has no picture of its own: it shows the other person’s.',
  reactDeleted: 'A deleted message cannot get reactions.',
  tooManyReactions: `This message already has ${CONVERSATION_LIMITS.reactionsMax} different reactions: add yours to one of them.`,
  reportOwn: 'You cannot report your own message.',
} as const
