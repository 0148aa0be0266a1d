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

/* Sessions, accounts and moderation (docs/API.md "Sessions and accounts", "Moderation"). */

/** `POST /auth/logout`, `DELETE /users/me`, and the host's moderation calls. */
export interface OkResponse {
  ok: true
}
/** `POST /auth/password`: the fresh token for this session (every other one has ended). */
export interface PasswordChangeResponse {
  encodedToken: string
}
/** `GET /auth/session`: who the token stands for, and whether they host this server. */
export interface SessionResponse {
  user: User
  isHost: boolean
}
/** `GET /users/me/relations` and the block/mute calls: whom the user blocked and muted. */
export interface RelationsResponse {
  blocked: UserSummary[]
  muted: UserSummary[]
}
/** What a report is about, as the host's list shows it. */
export interface ReportTarget {
  kind: 'post' | 'comment'
  /** The post's id, or the comment's. */
  _id: string
  /** The post the comment belongs to (for a post, its own id). */
  postId: string
  text: string
  author: UserSummary & { suspended: boolean }
}
export interface Report {
  _id: string
  reason: string
  createdAt: string
  reporter: UserSummary
  target: ReportTarget
}
export interface ReportResponse {
  report: Report
}
export interface ReportsResponse {
  reports: Report[]
}
/** `POST /moderation/suspend/:userId` and `unsuspend`: the account as it now is. */
export interface SuspensionResponse {
  user: UserSummary
  suspended: boolean
}
