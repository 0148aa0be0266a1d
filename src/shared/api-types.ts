/**
 * The JSON shapes of the Gamerstage API (SPEC.md section 3 and 7, DESIGN.md section 2).
 * Timestamps are strings formatted `YYYY-MM-DDTHH:mm:ss±hh:mm`; ids are strings and `id === _id`.
 */

/** A user as it appears inside other objects: followers, following, post and comment authors. */
export interface UserSummary {
  _id: string
  id: string
  username: string
  firstName: string
  lastName: string
  profileImg: string
}

/** A user in a page of `/api/users?limit=`: the summary plus what a list row shows. */
export interface UserListItem extends UserSummary {
  bio: string
  followerCount: number
  followingCount: number
}

/** A whole user: what login, signup, `/users/{username}` and `/users/edit` answer. */
export interface User extends UserSummary {
  bio: string
  createdAt: string
  updatedAt: string
  followers: UserSummary[]
  following: UserSummary[]
  bookmarks: Post[]
  followerCount: number
  followingCount: number
  postCount: number
  /** Extra sign-up fields are stored as given (SPEC section 3) and returned beside the rest. */
  [extra: string]: unknown
}

/** Someone in a likedBy, dislikedBy, upvotedBy or downvotedBy list. */
export interface Reactor {
  _id: string
  username: string
}

export interface PostLikes {
  likeCount: number
  /**
   * In the spec's whole-list answers: everyone. In a page (`?limit=`) or a minimal answer: only
   * the viewer, when the viewer is in it, so a page does not grow with a post's popularity.
   */
  likedBy: Reactor[]
  dislikedBy: Reactor[]
}

export interface Post {
  _id: string
  id: string
  content: string
  /** The author's username. */
  username: string
  author: UserSummary
  createdAt: string
  updatedAt: string
  likes: PostLikes
  /** The post's comments in the spec's whole-list answers; empty in pages (use commentCount). */
  comments: Comment[]
  commentCount: number
  /** When the text was last edited, or null (likes do not count as edits). */
  editedAt: string | null
  /** Up to four images, in the order the author attached them (docs/API.md "Images in posts"). */
  media: PostMediaItem[]
}

/** An image attached to a post. `url` is the full image, `thumbUrl` a small version of it. */
export interface PostMediaItem {
  id: string
  url: string
  thumbUrl: string
  width: number
  height: number
  /** Text for people who cannot see the image; may be empty. */
  alt: string
}

export interface CommentVotes {
  upvotedBy: Reactor[]
  downvotedBy: Reactor[]
  upvoteCount: number
  downvoteCount: number
}

export interface Comment {
  _id: string
  id: string
  postId: string
  /** The author's username. */
  username: string
  author: UserSummary
  text: string
  votes: CommentVotes
  createdAt: string
  updatedAt: string
}

/** Pages answer the list under its usual key plus where to continue; null at the end. */
export interface Page {
  nextCursor: string | null
}

export interface PostsResponse {
  posts: Post[]
}
export type PostsPage = PostsResponse & Page
export interface PostResponse {
  post: Post
}
export interface UsersResponse {
  users: User[]
}
export interface UsersPage extends Page {
  users: UserListItem[]
}
export interface UserResponse {
  user: User
}
export interface FollowResponse {
  user: User
  followUser: User
}
export interface CommentsResponse {
  comments: Comment[]
}
export type CommentsPage = CommentsResponse & Page
export interface CommentResponse {
  comment: Comment
}
export interface BookmarksResponse {
  bookmarks: Post[]
}
export type BookmarksPage = BookmarksResponse & Page
export interface SignupResponse {
  createdUser: User
  encodedToken: string
}
export interface LoginResponse {
  foundUser: User
  encodedToken: string
}
export interface MediaResponse {
  url: string
}
export interface MetaResponse {
  name: string
  version: string
  demoAccount: { username: string; password: string } | null
}
export interface HealthResponse {
  status: 'ok'
}

/** Every 4xx answer. `errors[0]` is the sentence to show. */
export interface ErrorResponse {
  errors: string[]
}
/** A 500 answer: never a stack trace. */
export interface ServerErrorResponse {
  error: { message: string }
}
