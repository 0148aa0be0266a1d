/**
 * What the app checks a server's answers against before showing them (README, "Security"). A
 * friend's server may be hostile: a username that breaks the username rule could become a link
 * off the app, a name could carry bidi overrides, a picture address could track every viewer.
 * Invalid items of a list are dropped (the rest still shows); an invalid single object fails
 * the call. Unknown keys are kept, so a newer server's extras pass through.
 */
import { z } from 'zod'
import type {
  BookmarksPage,
  CommentResponse,
  CommentsPage,
  FollowResponse,
  LoginResponse,
  PostResponse,
  PostsPage,
  SignupResponse,
  UserResponse,
  UsersPage,
} from './api-types'
import { LIMITS, USERNAME_PATTERN } from './limits'
import { OUR_MEDIA } from './schemas'
import { stripInvisible } from './text'

const DEFAULT_PICTURE = '/api/media/default-avatar.svg'

/** Ids end up in paths: letters, digits, `_` and `-` only. */
const idSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)
const usernameSchema = z.string().max(LIMITS.usernameMax).regex(USERNAME_PATTERN)
const oneLine = z.string().transform((text) => stripInvisible(text).trim())
const multiLine = z.string().transform((text) => stripInvisible(text, { multiline: true }).trim())
/** A picture that is not one of the server's own images shows as the default one. */
const pictureSchema = z
  .unknown()
  .transform((value) =>
    typeof value === 'string' && OUR_MEDIA.test(value) ? value : DEFAULT_PICTURE,
  )
const count = z.number().int().nonnegative()

/** The items of a list that pass `item`; the others are left out. */
function listOf<T extends z.ZodType>(item: T) {
  return z.array(z.unknown()).transform((values) =>
    values.flatMap((value) => {
      const parsed = item.safeParse(value)
      return parsed.success ? [parsed.data as z.output<T>] : []
    }),
  )
}

export const userSummarySchema = z.looseObject({
  _id: idSchema,
  username: usernameSchema,
  firstName: oneLine.catch(''),
  lastName: oneLine.catch(''),
  profileImg: pictureSchema,
})

const reactorSchema = z.looseObject({ _id: idSchema, username: usernameSchema })

export const commentSchema = z.looseObject({
  _id: idSchema,
  postId: idSchema,
  username: usernameSchema,
  author: userSummarySchema,
  text: z.string(),
  votes: z.looseObject({
    upvotedBy: listOf(reactorSchema),
    downvotedBy: listOf(reactorSchema),
    upvoteCount: count,
    downvoteCount: count,
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
})

/** An image of a post: only the server's own images are shown. */
const ownImage = z.string().regex(OUR_MEDIA)
const postMediaSchema = z.looseObject({
  id: idSchema,
  url: ownImage,
  thumbUrl: ownImage,
  width: count,
  height: count,
  alt: oneLine.catch(''),
})

export const postSchema = z.looseObject({
  _id: idSchema,
  content: z.string(),
  username: usernameSchema,
  author: userSummarySchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  likes: z.looseObject({
    likeCount: count,
    likedBy: listOf(reactorSchema),
    dislikedBy: listOf(reactorSchema),
  }),
  comments: listOf(commentSchema).catch([]),
  commentCount: count.catch(0),
  // An older server sends neither: no images, no edit mark.
  editedAt: z.string().nullable().catch(null),
  media: listOf(postMediaSchema).catch([]),
})

export const userListItemSchema = userSummarySchema.extend({
  bio: multiLine.catch(''),
  followerCount: count.catch(0),
  followingCount: count.catch(0),
})

export const userSchema = userListItemSchema.extend({
  followers: listOf(userSummarySchema),
  following: listOf(userSummarySchema),
  bookmarks: listOf(postSchema).catch([]),
  postCount: count.catch(0),
})

const cursor = z.string().nullable().catch(null)

/**
 * Each answer's schema, typed with the answer type it checks: the call sites keep the shared
 * types of src/shared/api-types.ts.
 */
const answer = <T>(schema: z.ZodType) => schema as z.ZodType<T>

export const ANSWERS = {
  user: answer<UserResponse>(z.looseObject({ user: userSchema })),
  login: answer<LoginResponse>(z.looseObject({ foundUser: userSchema, encodedToken: z.string() })),
  signup: answer<SignupResponse>(
    z.looseObject({ createdUser: userSchema, encodedToken: z.string() }),
  ),
  follow: answer<FollowResponse>(z.looseObject({ user: userSchema, followUser: userSchema })),
  usersPage: answer<UsersPage>(
    z.looseObject({ users: listOf(userListItemSchema), nextCursor: cursor }),
  ),
  post: answer<PostResponse>(z.looseObject({ post: postSchema })),
  postsPage: answer<PostsPage>(z.looseObject({ posts: listOf(postSchema), nextCursor: cursor })),
  bookmarksPage: answer<BookmarksPage>(
    z.looseObject({ bookmarks: listOf(postSchema), nextCursor: cursor }),
  ),
  comment: answer<CommentResponse>(z.looseObject({ comment: commentSchema })),
  commentsPage: answer<CommentsPage>(
    z.looseObject({ comments: listOf(commentSchema), nextCursor: cursor }),
  ),
}
