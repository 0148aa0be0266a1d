/**
 * The limits and request schemas of conversations (docs/API.md, "Conversations"): the
 * server checks requests with them, the Messages page checks before sending.
 */
import { z } from 'zod'
import { LIMITS } from './limits'
import { postImageRefSchema } from './schemas'

export const CONVERSATION_LIMITS = {
  /** Characters of one message. */
  messageMax: 2000,
  /** Characters of a group's name. */
  nameMax: 60,
  /** Members of a group, its creator included. */
  membersMax: 50,
  /** What a reply shows of the message it answers. */
  replyPreviewMax: 140,
  /** Images and clips of one message: as many as a post's. */
  mediaMax: LIMITS.postImagesMax,
  /** Different emoji on one message; adding to one already there always works. */
  reactionsMax: 20,
  /** The shortest word a search within a conversation looks for. */
  searchWordMin: 2,
} as const

/** The sentence a message past mediaMax gets. */
export const MESSAGE_TOO_MANY_MEDIA = `A message can have at most ${CONVERSATION_LIMITS.mediaMax} images or clips.`
/** The sentence a message with neither text nor media gets. */
export const MESSAGE_EMPTY = 'A message cannot be empty.'

/** The sentence a message past the limit gets, from the server and in the composer alike. */
export const MESSAGE_TOO_LONG = `A message can be at most ${CONVERSATION_LIMITS.messageMax} characters.`

const id = (what: string) =>
  z
    .string({ error: `${what} must be an id.` })
    .regex(/^[1-9][0-9]{0,15}$/, { error: `${what} must be an id.` })

const messageText = z
  .string({ error: 'A message must be text.' })
  .trim()
  .min(1, { error: MESSAGE_EMPTY })
  .max(CONVERSATION_LIMITS.messageMax, { error: MESSAGE_TOO_LONG })

const groupName = z
  .string({ error: "A group's name must be text." })
  .trim()
  .min(1, { error: "A group's name cannot be empty." })
  .max(CONVERSATION_LIMITS.nameMax, {
    error: `A group's name can be at most ${CONVERSATION_LIMITS.nameMax} characters.`,
  })

/** `POST /api/conversations/direct`. */
export const directConversationSchema = z.strictObject({ userId: id('userId') })

/** `POST /api/conversations/group`: the others to add (the creator is a member anyway). */
export const groupConversationSchema = z.strictObject({
  name: groupName,
  memberIds: z
    .array(id('Each member'), { error: 'memberIds must be a list of user ids.' })
    .min(1, { error: 'Add at least one other member to a group.' })
    .max(CONVERSATION_LIMITS.membersMax - 1, {
      error: `A group can have at most ${CONVERSATION_LIMITS.membersMax} members.`,
    }),
})

/** `PATCH /api/conversations/:id`. */
export const renameConversationSchema = z.strictObject({ name: groupName })

/** `POST /api/conversations/:id/members`. */
export const addMembersSchema = z.strictObject({
  userIds: z
    .array(id('Each member'), { error: 'userIds must be a list of user ids.' })
    .min(1, { error: 'Name at least one user to add.' })
    .max(CONVERSATION_LIMITS.membersMax - 1, {
      error: `A group can have at most ${CONVERSATION_LIMITS.membersMax} members.`,
    }),
})

/**
 * `POST /api/conversations/:id/messages`: text, or images and clips (ids from
 * `POST /api/media/post-images` and `/api/media/clips`, as a post's), or both.
 */
export const sendMessageSchema = z
  .strictObject({
    text: z
      .string({ error: 'A message must be text.' })
      .trim()
      .max(CONVERSATION_LIMITS.messageMax, { error: MESSAGE_TOO_LONG })
      .default(''),
    replyTo: id('replyTo').optional(),
    media: z
      .array(postImageRefSchema, { error: 'media must be a list of {id, alt}.' })
      .max(CONVERSATION_LIMITS.mediaMax, { error: MESSAGE_TOO_MANY_MEDIA })
      .refine((list) => new Set(list.map((item) => item.id)).size === list.length, {
        error: 'The same image is attached twice.',
      })
      .optional(),
  })
  .refine((body) => body.text.length > 0 || (body.media?.length ?? 0) > 0, {
    error: MESSAGE_EMPTY,
    path: ['text'],
  })

/** `PATCH /api/conversations/:id/messages/:messageId`. */
export const editMessageSchema = z.strictObject({ text: messageText })

/** `POST /api/conversations/:id/read`: without `upTo`, up to the latest message. */
export const readConversationSchema = z.strictObject({ upTo: id('upTo').optional() }).optional()

/** `PUT /api/conversations/:id/mute`. */
export const muteConversationSchema = z.strictObject({
  muted: z.boolean({ error: 'muted must be true or false.' }),
})

/** `GET /api/conversations/:id/messages/search`. */
export const messageSearchSchema = z.object({
  q: z
    .string({ error: 'Type something to search for.' })
    .max(1000, { error: 'A search can be at most 1000 characters.' }),
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 50.' })
    .int({ error: 'limit must be a whole number from 1 to 50.' })
    .min(1, { error: 'limit must be a whole number from 1 to 50.' })
    .max(50, { error: 'limit must be a whole number from 1 to 50.' })
    .optional(),
  cursor: z.string().max(1000, { error: 'The cursor is not valid.' }).optional(),
})
