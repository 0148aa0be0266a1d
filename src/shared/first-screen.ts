/**
 * The signed-in first screen the server draws into /home (docs/PERFORMANCE.md, "First screen"):
 * a browser's page request carries no `authorization` header, so the app keeps its token and its
 * theme in these cookies too, for the server to read when the page itself is asked for. The API
 * never reads them: every call still authenticates with its header.
 */
export const SESSION_COOKIE = 'gamerstage_session'
export const THEME_COOKIE = 'gamerstage_theme'

/**
 * Marks the server-drawn screen in the page. It is `inert` until the app replaces it (React
 * empties #root when it first draws): a click before then would land on a button with nothing
 * behind it yet.
 */
export const FIRST_SCREEN_ATTRIBUTE = 'data-first-screen'

/** What the server hands the renderer's first-screen module (out/renderer-ssr). */
export interface FirstScreenInput {
  /** The page's origin: the server the app will talk to. */
  origin: string
  token: string
  /** The answer of GET /api/auth/session, unchecked. */
  session: unknown
  /** The answer of GET /api/feed, unchecked. */
  feed: unknown
  theme: 'light' | 'dark'
}

/** Draws the first screen's HTML (inside #root), or null when the answers do not pass. */
export type RenderFirstScreen = (input: FirstScreenInput) => string | null
