/**
 * Request body schemas, shared by the server (which enforces them) and the renderer's forms
 * (which show the same limits before sending). Messages are sentences a user can act on.
 */
import { z } from 'zod'
import {
  LIMITS,
  POLL_DURATIONS_HOURS,
  POLL_DURATIONS_MINUTES,
  RESERVED_USERNAMES,
  USERNAME_EDGES,
  USERNAME_PATTERN,
  type PollDurationMinutes,
  type UsernameRule,
} from './limits'
import { stripInvisible } from './text'
import { POST_RULE_MESSAGES, isEmptyPost, mixesPollAndImages } from './post-rules'
import { OUR_MEDIA } from './media-paths'
import { REPORT_CATEGORIES } from './report-categories'
import { NOTIFICATION_KINDS, type NotificationKind } from './notification-kinds'

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .min(min, { error: min === 1 ? `${label} cannot be empty.` : `${label} is too short.` })
    .max(max, { error: `${label} can be at most ${max} characters.` })

export const usernameSchema = z
  .string({ error: 'Username is required.' })
  .trim()
  .min(LIMITS.usernameMin, {
    error: `Username must be at least ${LIMITS.usernameMin} characters.`,
  })
  .max(LIMITS.usernameMax, { error: `Username can be at most ${LIMITS.usernameMax} characters.` })
  .regex(USERNAME_PATTERN, {
    error: 'Username can only use letters, digits, "_", "." and "-".',
  })
  .regex(USERNAME_EDGES, { error: 'Username cannot start or end with a dot.' })
  .refine((name) => !RESERVED_USERNAMES.has(name.toLowerCase()), {
    error: 'That username is reserved. Pick another one.',
  })

/** Which rule of USERNAME_RULES (limits.ts) each kind of usernameSchema issue breaks. */
const RULE_OF_ISSUE: Partial<Record<string, UsernameRule>> = {
  too_small: 'length',
  too_big: 'length',
  invalid_format: 'characters',
  custom: 'reserved',
}

/**
 * The rules of USERNAME_RULES a name breaks, as usernameSchema (what the server enforces) judges
 * it: the sign-up form's checklist shows exactly the server's verdict.
 */
export function brokenUsernameRules(name: string): Set<UsernameRule> {
  const result = usernameSchema.safeParse(name)
  if (result.success) return new Set()
  return new Set(result.error.issues.flatMap((issue) => RULE_OF_ISSUE[issue.code] ?? []))
}

export const newPasswordSchema = z
  .string({ error: 'Password is required.' })
  .min(LIMITS.passwordMin, { error: `Password must be at least ${LIMITS.passwordMin} characters.` })
  .max(LIMITS.passwordMax, { error: `Password can be at most ${LIMITS.passwordMax} characters.` })

/** First and last names: one line, without invisible characters (shared/text.ts). */
const nameSchema = z
  .string({ error: 'Names must be text.' })
  .transform((name) => stripInvisible(name))
  .pipe(
    z
      .string()
      .trim()
      .max(LIMITS.nameMax, { error: `Names can be at most ${LIMITS.nameMax} characters.` }),
  )

/** Extra sign-up fields are kept as given, within reason (docs/decisions.md). */
const extraValue = z.union([z.string().max(500), z.number(), z.boolean(), z.null()], {
  error: 'Extra sign-up fields must be short text, numbers or true/false.',
})

export const signupSchema = z
  .object({
    username: usernameSchema,
    password: newPasswordSchema,
    firstName: nameSchema.optional(),
    lastName: nameSchema.optional(),
  })
  .catchall(extraValue)

export const loginSchema = z.object({
  username: z.string({ error: 'Username and password are required.' }).max(200),
  password: z.string({ error: 'Username and password are required.' }).max(LIMITS.passwordMax),
})

export const postContentSchema = text('A post', 1, LIMITS.postMax)
export const commentTextSchema = text('A comment', 1, LIMITS.commentMax)
export const bioSchema = z
  .string({ error: 'The bio must be text.' })
  .transform((bio) => stripInvisible(bio, { multiline: true }))
  .pipe(
    z
      .string()
      .trim()
      .max(LIMITS.bioMax, { error: `The bio can be at most ${LIMITS.bioMax} characters.` }),
  )

/** Accepts a bare string where the spec's client may send the text itself instead of an object. */
const textOrObject = (key: string) => (value: unknown) =>
  typeof value === 'string' ? { [key]: value } : value

/** An image to attach to a new post: an id from `POST /api/media/post-images`, and its alt text. */
export const postImageRefSchema = z.object({
  id: z.string({ error: 'An image id must be text.' }).max(64),
  alt: z
    .string({ error: 'Alt text must be text.' })
    .trim()
    .max(LIMITS.altMax, { error: `Alt text can be at most ${LIMITS.altMax} characters.` })
    .default(''),
})

/* Polls (docs/API.md "Polls"). */

const pollOptionSchema = z
  .string({ error: 'A poll option must be text.' })
  .trim()
  .min(1, { error: 'A poll option cannot be empty.' })
  .max(LIMITS.pollOptionMax, {
    error: `A poll option can be at most ${LIMITS.pollOptionMax} characters.`,
  })

const POLL_LENGTH_ERROR = `A poll runs ${POLL_DURATIONS_MINUTES.slice(0, -1).join(', ')} or ${POLL_DURATIONS_MINUTES.at(-1)} minutes.`

/**
 * A poll as a new post (or an edit before any vote) sends it: its options and how long it runs,
 * as `durationMinutes`; an app before issue 44 sends `durationHours` (1, 24, 72 or 168), read as
 * the same minutes. Either way the server sees `{options, durationMinutes}`.
 */
export const pollInputSchema = z
  .object(
    {
      options: z
        .array(pollOptionSchema, { error: 'A poll needs a list of options.' })
        .min(LIMITS.pollOptionsMin, {
          error: `A poll needs at least ${LIMITS.pollOptionsMin} options.`,
        })
        .max(LIMITS.pollOptionsMax, {
          error: `A poll can have at most ${LIMITS.pollOptionsMax} options.`,
        })
        .refine((list) => new Set(list.map((text) => text.toLowerCase())).size === list.length, {
          error: 'Each poll option must be different.',
        }),
      durationMinutes: z
        .union(
          POLL_DURATIONS_MINUTES.map((minutes) => z.literal(minutes)),
          { error: POLL_LENGTH_ERROR },
        )
        .optional(),
      durationHours: z
        .union(
          POLL_DURATIONS_HOURS.map((hours) => z.literal(hours)),
          { error: `durationHours is 1, 24, 72 or 168; ${POLL_LENGTH_ERROR}` },
        )
        .optional(),
    },
    { error: 'Send the poll as {"options": ["…", "…"], "durationMinutes": 60}.' },
  )
  .superRefine((poll, context) => {
    if (poll.durationMinutes === undefined && poll.durationHours === undefined) {
      context.addIssue({ code: 'custom', message: POLL_LENGTH_ERROR, path: ['durationMinutes'] })
    } else if (poll.durationMinutes !== undefined && poll.durationHours !== undefined) {
      context.addIssue({
        code: 'custom',
        message: 'Send the poll’s length once: durationMinutes or durationHours, not both.',
        path: ['durationMinutes'],
      })
    }
  })
  .transform(({ options, durationMinutes, durationHours }) => ({
    options,
    // One of the two is there (checked above); hours are whole minutes of the list.
    durationMinutes: (durationMinutes ?? (durationHours ?? 0) * 60) as PollDurationMinutes,
  }))
/** A poll as the server reads it. */
export type PollInput = z.infer<typeof pollInputSchema>
/** A poll as a client sends it (minutes, or an older server's hours). */
export type PollInputSent = z.input<typeof pollInputSchema>

/** `POST /api/posts/:postId/poll/vote`: `{optionId}`. */
export const pollVoteBodySchema = z.object(
  { optionId: z.string({ error: 'Send the vote as {"optionId": "…"}.' }).max(64) },
  { error: 'Send the vote as {"optionId": "…"}.' },
)

const postDataShape = {
  content: z
    .string({ error: 'A post must be text.' })
    .trim()
    .max(LIMITS.postMax, { error: POST_RULE_MESSAGES.tooLong })
    .default(''),
  media: z
    .array(postImageRefSchema)
    .max(LIMITS.postImagesMax, { error: POST_RULE_MESSAGES.tooManyImages })
    .refine((list) => new Set(list.map((item) => item.id)).size === list.length, {
      error: 'The same image is attached twice.',
    })
    .optional(),
  poll: pollInputSchema.optional(),
  // A quote names the post it quotes (docs/API.md, "Reposts and quotes").
  quoteOf: z
    .string({ error: 'quoteOf must be the id of the post to quote.' })
    .regex(/^[1-9][0-9]{0,15}$/, { error: 'quoteOf must be the id of the post to quote.' })
    .optional(),
}

const POST_SHAPE_ERROR = 'Send the post as {"postData": {"content": "…"}}.'

/**
 * `{postData: {content, media?}}`; the spec's client may also send the text as `postData` itself.
 * A new post needs text or at least one image.
 */
export const postBodySchema = z.object(
  {
    postData: z.preprocess(
      textOrObject('content'),
      z
        .object(postDataShape, { error: POST_SHAPE_ERROR })
        .refine((data) => !isEmptyPost(data.content, data.media?.length ?? 0), {
          error: POST_RULE_MESSAGES.empty,
          path: ['content'],
        })
        .refine((data) => !mixesPollAndImages(Boolean(data.poll), data.media?.length ?? 0), {
          error: POST_RULE_MESSAGES.pollWithImages,
          path: ['poll'],
        }),
    ),
  },
  { error: POST_SHAPE_ERROR },
)

/**
 * An edit changes the text; it may be empty when the post has images (checked by the server).
 * `poll` (docs/API.md "Polls"): left out, the poll stays; a poll replaces it and `null` removes
 * it, both only while nobody voted (the server refuses with POLL_LOCKED after).
 */
export const postEditBodySchema = z.object(
  {
    postData: z.preprocess(
      textOrObject('content'),
      z.object(
        { content: postDataShape.content, poll: pollInputSchema.nullable().optional() },
        { error: POST_SHAPE_ERROR },
      ),
    ),
  },
  { error: POST_SHAPE_ERROR },
)

/** `{commentData: {text}}` or `{commentData: "text"}`. */
export const commentBodySchema = z.object(
  {
    commentData: z.preprocess(
      textOrObject('text'),
      z.object(
        {
          text: commentTextSchema,
          // threads: the id of the comment this one answers (docs/API.md, "Threads")
          replyTo: z.optional(
            z
              .string({ error: 'replyTo must be a comment id.' })
              .regex(/^[1-9][0-9]{0,15}$/, { error: 'replyTo must be a comment id.' }),
          ),
        },
        { error: 'Send the comment as {"commentData": {"text": "…"}}.' },
      ),
    ),
  },
  { error: 'Send the comment as {"commentData": {"text": "…"}}.' },
)

export { OUR_MEDIA }

/**
 * A picture: one of this server's own uploads (`/api/media/…`), or '' for the default. Never a
 * web address: every viewer would fetch it, which tracks them or sends GET requests at devices
 * on their LAN (docs/security.md).
 */
export const profileImgSchema = z
  .string({ error: 'The profile picture must be an address.' })
  .trim()
  .max(2048, { error: 'The profile picture address is too long.' })
  .refine((value) => value === '' || OUR_MEDIA.test(value), {
    error:
      'The profile picture must be an image uploaded to this server (/api/media/…) or the default picture.',
  })

/**
 * `/users/edit` takes the whole user object, as the spec's client sends it; only these fields may
 * change, and every other key (username, password, _id, followers, …) is ignored.
 */
export const editProfileSchema = z.object(
  {
    userData: z.object(
      {
        bio: bioSchema.optional(),
        profileImg: profileImgSchema.optional(),
        firstName: nameSchema.optional(),
        lastName: nameSchema.optional(),
      },
      { error: 'Send the changes as {"userData": {"bio": "…"}}.' },
    ),
  },
  { error: 'Send the changes as {"userData": {"bio": "…"}}.' },
)

/** The orders of `GET /posts?sort=` (the type is PostSort in api-types.ts). */
export const POST_SORTS = ['recent', 'likes'] as const
export const postSortSchema = z.enum(POST_SORTS, { error: 'sort must be "recent" or "likes".' })

export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${LIMITS.pageSizeMax}.` })
    .int({ error: `limit must be a whole number from 1 to ${LIMITS.pageSizeMax}.` })
    .min(1, { error: `limit must be a whole number from 1 to ${LIMITS.pageSizeMax}.` })
    .max(LIMITS.pageSizeMax, {
      error: `limit must be a whole number from 1 to ${LIMITS.pageSizeMax}.`,
    })
    .optional(),
  cursor: z.string().max(1000, { error: 'The cursor is not valid.' }).optional(),
})

/** `POST /auth/password`. */
export const passwordChangeSchema = z.strictObject({
  currentPassword: z
    .string({ error: 'Enter your current password.' })
    .min(1, { error: 'Enter your current password.' })
    .max(LIMITS.passwordMax),
  newPassword: newPasswordSchema,
})

/** `DELETE /users/me`: the password confirms it is really the owner. */
export const deleteAccountSchema = z.strictObject({
  password: z
    .string({ error: 'Enter your password to delete your account.' })
    .min(1, { error: 'Enter your password to delete your account.' })
    .max(LIMITS.passwordMax),
})

/** How long a mute lasts (`POST /users/me/mute/:userId`): milliseconds, or null for good. */
export const MUTE_DURATIONS = {
  '1h': 60 * 60 * 1000,
  '1d': 24 * 60 * 60 * 1000,
  '1w': 7 * 24 * 60 * 60 * 1000,
  forever: null,
} as const

export type MuteDuration = keyof typeof MUTE_DURATIONS

/** `POST /users/me/mute/:userId`: for how long (for good when left out). */
export const muteSchema = z.strictObject({
  duration: z
    .enum(Object.keys(MUTE_DURATIONS) as [MuteDuration, ...MuteDuration[]], {
      error: 'The mute duration must be "1h", "1d", "1w" or "forever".',
    })
    .optional(),
})

/**
 * `POST /reports`: a post, a comment or a person; what kind of problem it is ("other" when an
 * older app sends none) and an optional note in the reporter's words.
 */
export const reportSchema = z
  .strictObject({
    postId: z.string().max(20).optional(),
    commentId: z.string().max(20).optional(),
    /** A person, from their profile. */
    userId: z.string().max(20).optional(),
    /** A conversation's message, by one of its members. */
    messageId: z.string().max(20).optional(),
    category: z
      .enum(REPORT_CATEGORIES, {
        error:
          'Choose what the report is about: "spam", "harassment", "cheating", "explicit" or "other".',
      })
      .default('other'),
    reason: text('The note', 0, LIMITS.reportReasonMax).default(''),
  })
  .refine(
    (body) =>
      [body.postId, body.commentId, body.userId, body.messageId].filter((id) => id !== undefined)
        .length === 1,
    {
      error:
        'Report one post (postId), comment (commentId), person (userId) or message (messageId).',
    },
  )

// --- clips ---
/** `PUT /moderation/clip-limit`: a whole number of megabytes (MiB), 1 to 500. */
export const CLIP_LIMIT_MB = { min: 1, max: 500 } as const
export const clipLimitSchema = z.strictObject({
  maxBytes: z
    .number({ error: 'The clip size limit must be a whole number of megabytes from 1 to 500.' })
    .int('The clip size limit must be a whole number of megabytes from 1 to 500.')
    .refine(
      (bytes) =>
        bytes % (1024 * 1024) === 0 &&
        bytes >= CLIP_LIMIT_MB.min * 1024 * 1024 &&
        bytes <= CLIP_LIMIT_MB.max * 1024 * 1024,
      { error: 'The clip size limit must be a whole number of megabytes from 1 to 500.' },
    ),
})
// --- end clips ---

// --- notification settings ---
const KINDS_SAID = NOTIFICATION_KINDS.map((kind) => `"${kind}"`).join(', ')
const channelsSchema = z.strictObject(
  {
    inApp: z.boolean({ error: 'inApp must be true or false.' }).optional(),
    desktop: z.boolean({ error: 'desktop must be true or false.' }).optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'Each kind takes only "inApp" and "desktop", each true or false.'
        : 'Each kind takes an object such as {"inApp": false}.',
  },
)

/** `PATCH /notifications/settings`: only the kinds and switches that change. */
export const notificationSettingsSchema = z.strictObject(
  {
    settings: z.strictObject(
      Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, channelsSchema.optional()])) as {
        [Kind in NotificationKind]: z.ZodOptional<typeof channelsSchema>
      },
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? `The kinds of notification are ${KINDS_SAID}.`
            : 'settings must be an object of kinds, e.g. {"likes": {"inApp": false}}.',
      },
    ),
  },
  { error: 'Send {"settings": {...}} with the kinds to change.' },
)
