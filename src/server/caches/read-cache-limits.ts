/**
 * The read cache's bounds (ReadCache, read-cache.ts) and the shapes of what it keeps that readers
 * outside it fill or take.
 */

export interface ReadCacheLimits {
  /** Author summaries kept (user id → UserSummary). */
  summaries: number
  /** Posts whose images are kept (post id → its images). */
  postImages: number
  /** Signed-in tokens kept (token → user row). */
  sessions: number
  /** How long a kept session is trusted without a look at the database. */
  sessionMs: number
  /** Viewers whose visibility set (blocks, mutes, suspensions) is kept. */
  visibility: number
  /** Posts whose shared state (poll options and totals, emoji counts) is kept. */
  postShared: number
  /** Bytes of whole answers kept at most (http/kept-answers.ts), counted as UTF-16. */
  answerBytes: number
  /** Bytes of pieces of kept answers at most (caches/answer-pieces.ts), counted as UTF-16. */
  pieceBytes: number
  /** How long a whole answer is served at most, with nothing written meanwhile. */
  answerMs: number
  /**
   * As `answerMs`, for an answer kept with its parts (caches/answer-parts.ts), which every write
   * that changes what it shows drops at once by the versions it moves.
   */
  partsAnswerMs: number
  /** Post rows kept by id and version (caches/post-rows.ts). */
  postRows: number
  /** Viewer and post pairs whose viewer's own state is kept (caches/viewer-states.ts). */
  viewerStates: number
  /** Home timelines kept (caches/home-timelines.ts), and the entries each keeps. */
  timelines: number
  timelineLength: number
}

/** About 60 MB at most, whatever the traffic (least recently used out). */
export const DEFAULT_READ_CACHE_LIMITS: ReadCacheLimits = {
  summaries: 10_000,
  postImages: 20_000,
  sessions: 5_000,
  sessionMs: 5_000,
  visibility: 5_000,
  postShared: 20_000,
  answerBytes: 16 * 1024 * 1024,
  // A feed item's JSON is some 600 bytes: about 7,000 viewers' pages of 20.
  pieceBytes: 8 * 1024 * 1024,
  answerMs: 1_000,
  partsAnswerMs: 10_000,
  postRows: 20_000,
  viewerStates: 50_000,
  // About 60 bytes an entry: 1,000 timelines of 250 at most are some 15 MB.
  timelines: 1_000,
  timelineLength: 200,
}

/**
 * What a viewer may not see (services/reads/visibility.ts hiddenAuthors): with their mutes, and without
 * them (the muted player's own profile), until the first of their mutes runs out.
 */
export interface KeptVisibility {
  hidden: number[]
  hiddenButMuted: number[]
  /** The earliest end of an active mute (milliseconds), Infinity when none ends. */
  until: number
}

/** What every viewer sees alike of a post, besides its row: its poll and its emoji counts. */
export interface PostShared {
  poll: {
    endsAt: number
    revision: number
    options: { id: string; text: string; votes: number }[]
  } | null
  emoji: { reaction: string; count: number }[]
}

/**
 * Taken before a whole answer's fill (ReadCache.answerMark): it is kept only if nothing it may
 * show changed meanwhile.
 */
export interface AnswerMark {
  /** Of every change. */
  answer: number
  /** Of the changes no version follows (what drops an answer kept with its parts too). */
  parts: number
  /** Of the commands' touches (caches/touched.ts). */
  touches: number
}
