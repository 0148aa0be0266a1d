/**
 * The app path of a profile. The name is encoded even though our own server only hands out
 * names of letters, digits, `_`, `.` and `-`: a friend's server can send anything, and
 * `/${'/evil.example'}` would be a link to another site (docs/security.md).
 */
export const profilePath = (username: string) => `/${encodeURIComponent(username)}`

/** The app path of a tag's page; `tag` is normalized (shared/rich-text.ts), without its `#`. */
export const tagPath = (tag: string) => `/tags/${encodeURIComponent(tag)}`

/** The app path of a game's page; a slug may hold letters of any script. */
export const gamePath = (slug: string) => `/games/${encodeURIComponent(slug)}`

/** The app path of a post's page. */
export const postPath = (postId: string) => `/post/${encodeURIComponent(postId)}`

/** A game night's page (game nights). */
export const gameNightPath = (id: string) => `/game-nights/${encodeURIComponent(id)}`
