/**
 * What reads keep ready between requests, every part bounded and every part dropped by
 * the live events that announce a change (docs/API.md, "Live events"): the hub hands each event
 * it publishes, or receives from another instance through Redis, to `forgetNamedIn`, which drops
 * whatever the event names. So a new command that publishes a post or user change invalidates
 * these without knowing of them. services/README.md tells how a new field joins.
 *
 * Kept: the shared part of presenting (author summaries, a post's images), never a viewer's own
 * state (likes, bookmarks, votes: read per request for the whole page), and signed-in sessions
 * (token → user row) for a short while, dropped at once when the hub ends a user's sessions
 * (`disconnectUser`: logout, session revoke, password change, suspension, account deletion).
 *
 * Fills are guarded by a generation: a fill whose reads began before an invalidation is not
 * kept, so a read racing a write cannot put back what the write's event just dropped. Sessions
 * have a generation of their own, moved only by what ends or changes them (kept-sessions.ts).
 * What an event names, and which kinds leave which parts, is named-in.ts's to say.
 *
 * Whole answers kept with what they show (answer-parts.ts: the home feed's) are the exception
 * among answers: the event kinds whose commands say all they touched (`TOUCH_FOLLOWED_EVENTS`)
 * leave them to the versions those touches move.
 *
 * Some parts no event drops: post rows by id and version (post-rows.ts), each
 * viewer's own state of each post (viewer-states.ts) and the home timelines (home-timelines.ts),
 * changed only by what each command says it touched (touched.ts): here, and in a cluster on
 * every instance, carried through the events' stream; used only while this instance follows
 * that stream (`keepsTouched`, `touchedCacheOf`). A cluster's home timelines are shared in Redis
 * instead (`sharedTimelines`, redis-timelines.ts): this instance keeps only their versions.
 */
import type { PostMediaItem, UserSummary } from '../../shared/api-types'
import type { UserRow } from '../db/rows'
import { cacheLookupsOf } from '../observability/metrics'
import { BoundedMap, CountedMap } from './bounded-map'
import { versionMoves } from './versions'
import { FeedPlans } from './feed-plans'
import { HomeTimelines } from './home-timelines'
import { KeptSessions } from './kept-sessions'
import type { SharedTimelineKeeper, TimelineKeeper } from './timeline-keeper'
import { partsCurrent, type PartVersions, type ShownParts } from './answer-parts'
import {
  ANSWER_NEUTRAL_EVENTS,
  RETOLD_EVENTS,
  TOUCH_FOLLOWED_EVENTS,
  VISIBILITY_NEUTRAL_EVENTS,
  namedIn,
} from './named-in'
import { ListVersions } from './lists'
import { PostRows } from './post-rows'
import { ViewerStates } from './viewer-states'
import { KeptAnswers, type AnswerMade, type KeptAnswer } from './whole-answers'
import { KeptPieces, type AnswerPiece, type KeptPiece } from './answer-pieces'
import {
  DEFAULT_READ_CACHE_LIMITS,
  type AnswerMark,
  type KeptVisibility,
  type PostShared,
  type ReadCacheLimits,
} from './read-cache-limits'

export { BoundedMap }
export {
  DEFAULT_READ_CACHE_LIMITS,
  type AnswerMark,
  type KeptVisibility,
  type PostShared,
  type ReadCacheLimits,
} from './read-cache-limits'

export class ReadCache {
  readonly summaries: BoundedMap<number, UserSummary>
  readonly postImages: BoundedMap<number, PostMediaItem[]>
  /** Signed-in sessions (caches/kept-sessions.ts), with a generation of their own. */
  readonly sessions: KeptSessions
  /** Viewer id (0: nobody signed in) → what they may not see. */
  readonly visibility: BoundedMap<number, KeptVisibility>
  /** Post id → its shared state. */
  readonly postShared: BoundedMap<number, PostShared>
  /** Whether each viewer's home feed is dense (caches/feed-plans.ts). */
  readonly feedPlans = new FeedPlans()

  /**
   * Viewers whose home feed holds no repost at all (services/reads/home-feed.ts skips its three repost
   * statements for them), each until the first of their mutes runs out (its end brings
   * reposts back without any event): dropped wholly by any `repost` or `follow` event, and by
   * whatever drops the visibility sets (an unblock or unmute can bring reposts back).
   */
  readonly feedsWithoutReposts = new BoundedMap<number, number>(5_000)

  /** Post rows by id and version: changed only by what commands say they touched. */
  readonly postRows: PostRows
  /** Home timelines as lists of post ids, changed by the writes that concern them. */
  readonly timelines: HomeTimelines
  /** The versions of the explore page's, the profiles' and the comment pages' lists. */
  readonly lists = new ListVersions()
  /**
   * A cluster's home timelines, one list per player shared in Redis (server.ts sets it with
   * `--redis`): used instead of `timelines`, which then stay empty.
   */
  sharedTimelines: SharedTimelineKeeper | undefined = undefined

  /** The home timelines reads page from: the cluster's shared ones, or this process's. */
  get homeTimelines(): TimelineKeeper {
    return this.sharedTimelines ?? this.timelines
  }
  /** Each viewer's own state of each post, changed by their own writes. */
  readonly viewerStates: ViewerStates

  /**
   * Whether what commands touch is kept (post rows, timelines): always on one server; in a
   * cluster while this instance follows the events' stream, which carries the other instances'
   * touches (app.ts sets it from the event hub: EventHub.followsOthers).
   */
  keepsTouched: () => boolean = () => true

  /** Off: every read goes to the database (the byte-for-byte test compares both). */
  enabled = true
  private generationCount = 0
  private visibilityGenerationCount = 0
  private answerGenerationCount = 0
  private partsGenerationCount = 0
  private touchCount = 0
  /** Whole answers of reads (http/kept-answers.ts). */
  readonly answers: KeptAnswers
  /** Pieces of answers kept with their parts (caches/answer-pieces.ts). */
  readonly pieces: KeptPieces

  constructor(limits: Partial<ReadCacheLimits> = {}) {
    this.limits = { ...DEFAULT_READ_CACHE_LIMITS, ...limits }
    this.summaries = new CountedMap(this.limits.summaries, 'summaries')
    this.postImages = new CountedMap(this.limits.postImages, 'post_images')
    this.sessions = new KeptSessions(this.limits.sessions, this.limits.sessionMs)
    this.visibility = new BoundedMap(this.limits.visibility)
    this.postShared = new CountedMap(this.limits.postShared, 'post_shared')
    this.answers = new KeptAnswers(this.limits.answerBytes)
    this.pieces = new KeptPieces(this.limits.pieceBytes)
    this.postRows = new PostRows(this.limits.postRows)
    this.viewerStates = new ViewerStates(this.limits.viewerStates, this.postRows.versions)
    this.timelines = new HomeTimelines({
      timelines: this.limits.timelines,
      length: this.limits.timelineLength,
    })
  }

  /** Taken before a whole answer's fill; it is kept only if nothing it shows changed meanwhile. */
  get answerMark(): AnswerMark {
    return {
      answer: this.answerGenerationCount,
      parts: this.partsGenerationCount,
      touches: this.touchCount,
    }
  }

  /**
   * A command said what it touched (caches/touched.ts), which moves some versions: a fill whose
   * reads began before is kept neither as a part nor as an answer kept with its parts.
   */
  noteTouched(): void {
    this.touchCount++
    this.generationCount++
  }

  /**
   * A command changed these posts: their rows' versions move (caches/post-rows.ts), and what
   * is kept under them goes now, before the command's event does (an answer made in between
   * notes the new version, so it must not find the old images, poll or emoji counts).
   */
  touchPosts(postIds: readonly number[]): void {
    this.postRows.touch(postIds)
    for (const id of postIds) {
      this.postImages.delete(id)
      this.postShared.delete(id)
    }
  }

  /** The current versions of what an answer kept with its parts showed. */
  private readonly partVersions: PartVersions = {
    post: (id) => this.postRows.versionOf(id),
    viewer: (id) => this.viewerStates.viewers.of(id),
    timeline: (owner) => this.homeTimelines.versionOf(owner),
    postList: (list) => this.lists.posts.of(list),
    commentList: (postId) => this.lists.comments.of(postId),
  }

  /**
   * A kept whole answer, while its time has not run out and nothing it shows was written since:
   * nothing at all, or for an answer kept with its parts (caches/answer-parts.ts), nothing that
   * moved none of their versions and nothing that moved one of them.
   */
  answer(key: string, now = Date.now()): KeptAnswer | undefined {
    if (!this.enabled) return undefined
    const kept = this.answers.get(key, this.holds, now)
    this.countAnswer(kept !== undefined)
    return kept
  }

  /**
   * As `answer`, for the door (http/kept-answer-door.ts), which sees every GET of the API: only a
   * hit is counted, a miss by the route that keeps answers (else each fill would count two).
   */
  answerAtDoor(key: string, now = Date.now()): KeptAnswer | undefined {
    const kept = this.enabled ? this.answers.get(key, this.holds, now) : undefined
    if (kept) this.countAnswer(true)
    return kept
  }

  private readonly holds = (kept: KeptAnswer): boolean => {
    if (!kept.parts) return kept.generation === this.answerGenerationCount
    if (kept.generation !== this.partsGenerationCount || !this.keepsTouched()) return false
    const moves = versionMoves()
    if (kept.partsCheckedAt === moves) return true
    if (!partsCurrent(kept.parts, this.partVersions)) return false
    kept.partsCheckedAt = moves
    return true
  }

  /** A kept piece (caches/answer-pieces.ts `KeptPieces.take`); none in a cluster or afresh. */
  piece(key: string, now = Date.now()): KeptPiece | undefined {
    if (!this.enabled || !this.keepsTouched()) return undefined
    return this.pieces.take(key, now, this.partsGenerationCount, this.partVersions)
  }

  private readonly countAnswer = cacheLookupsOf('answers')
  private readonly countVisibility = cacheLookupsOf('visibility')

  /**
   * Keeps a whole answer until `until` at most (its own time, e.g. a poll's end). With `parts`
   * (what it showed, by version), it is kept through the writes that change none of them, when
   * every part is versioned, the list it was paged from among them (a home timeline, a list of
   * posts), and no command touched anything during the fill (a version noted after a touch could
   * hide a row read before it); so are the `pieces` its fill presented (caches/answer-pieces.ts).
   */
  keepAnswer(
    key: string,
    made: AnswerMade,
    mark: AnswerMark,
    until: number,
    parts?: ShownParts,
    { now = Date.now(), pieces = [] }: { now?: number; pieces?: readonly AnswerPiece[] } = {},
  ): void {
    if (!this.enabled) return
    if (
      parts &&
      !parts.unversioned &&
      (parts.timelines.size > 0 || parts.postLists.size > 0 || parts.commentLists.size > 0) &&
      this.keepsTouched() &&
      mark.parts === this.partsGenerationCount &&
      mark.touches === this.touchCount
    ) {
      const end = Math.min(until, now + this.limits.partsAnswerMs)
      if (end <= now) return
      this.answers.set(key, { ...made, generation: this.partsGenerationCount, until: end, parts })
      this.pieces.keep(pieces, this.partsGenerationCount, end)
      return
    }
    const end = Math.min(until, now + this.limits.answerMs)
    if (end <= now || mark.answer !== this.answerGenerationCount) return
    this.answers.set(key, { ...made, generation: mark.answer, until: end })
  }

  /**
   * Every kept answer goes, but (`followedByTouches`: a change whose command said all it touched)
   * those kept with their parts, which the touched versions decide on.
   */
  private forgetAnswers(followedByTouches = false): void {
    this.answerGenerationCount++
    if (followedByTouches && this.keepsTouched()) return
    this.partsGenerationCount++
    this.answers.clear()
    this.pieces.clear()
  }

  readonly limits: ReadCacheLimits

  /** Taken before a visibility fill's reads (as `generation` for the rest). */
  get visibilityGeneration(): number {
    return this.visibilityGenerationCount
  }

  /** A viewer's kept visibility set, while no mute of theirs has run out since. */
  visibilityOf(viewer: number, now: number): KeptVisibility | undefined {
    if (!this.enabled) return undefined
    const kept = this.visibility.get(viewer)
    const fresh = kept !== undefined && now < kept.until
    this.countVisibility(fresh)
    if (fresh) return kept
    if (kept) this.visibility.delete(viewer)
    return undefined
  }

  keepVisibility(viewer: number, kept: KeptVisibility, generation: number): void {
    if (this.enabled && generation === this.visibilityGenerationCount) {
      this.visibility.set(viewer, kept)
    }
  }

  private forgetVisibility(): void {
    this.visibilityGenerationCount++
    this.visibility.clear()
    this.feedsWithoutReposts.clear()
  }

  /** Taken before a fill's reads; `keeps(generation)` after them says whether to keep it. */
  get generation(): number {
    return this.generationCount
  }

  keeps(generation: number): boolean {
    return this.enabled && generation === this.generationCount
  }

  /** Drops what a live event names (EventHub.onChange); a profile edit ends kept sessions too. */
  forgetNamedIn(type: string, data: unknown): void {
    this.generationCount++
    if (!ANSWER_NEUTRAL_EVENTS.has(type)) this.forgetAnswers(TOUCH_FOLLOWED_EVENTS.has(type))
    if (!VISIBILITY_NEUTRAL_EVENTS.has(type)) this.forgetVisibility()
    else if (type === 'repost' || type === 'follow') this.feedsWithoutReposts.clear()
    // A custom emoji deleted took its reactions from posts no event names. Rare: drop them all.
    if (type === 'custom-emoji') this.postShared.clear()
    // The commands of these kinds (here or, through the stream, elsewhere) already dropped what
    // they touched (touchPosts: images, poll, emoji counts), and none changes a user's summary:
    // what else the event names stays kept (the author and liker of a like, their summaries).
    if (TOUCH_FOLLOWED_EVENTS.has(type) && this.keepsTouched()) return
    if (RETOLD_EVENTS.has(type)) return
    const { posts, users } = namedIn(data)
    for (const postId of posts) {
      this.postImages.delete(postId)
      this.postShared.delete(postId)
    }
    for (const userId of users) {
      this.summaries.delete(userId)
      if (type === 'user') this.forgetSessionsOf(userId)
    }
  }

  /**
   * Drops every kept session of a user (EventHub.onChange: their sessions ended). Also every
   * visibility set and every post's shared state: a suspension, its lifting and an account's
   * deletion end sessions (actions/host.ts, accounts.ts), and a deleted account's votes and
   * reactions leave other posts' totals without an event naming each post. Rare enough to drop all.
   */
  forgetSessionsOf(userId: number): void {
    this.generationCount++
    this.forgetAnswers()
    this.forgetVisibility()
    this.postShared.clear()
    this.summaries.delete(userId)
    this.sessions.forgetOf(userId)
  }

  private shared: boolean | null = null

  /** Whether the server is shared now (AppDeps.isShared): a change drops every kept session. */
  noteSharing(shared: boolean): void {
    if (this.shared === shared) return
    if (this.shared !== null) {
      this.generationCount++
      this.sessions.clear()
      this.forgetAnswers()
    }
    this.shared = shared
  }

  session(token: string, now = Date.now()): UserRow | undefined {
    return this.enabled ? this.sessions.get(token, now) : undefined
  }

  /**
   * Taken before a session's reads (`keepSession`): moved only by what ends or changes sessions,
   * not by every event as `generation` is (caches/kept-sessions.ts).
   */
  get sessionGeneration(): number {
    return this.sessions.generation
  }

  /** Keeps a session for `sessionMs`, never past `expiresAtMs` (the token's own expiry). */
  keepSession(
    token: string,
    user: UserRow,
    sessionGeneration: number,
    expiresAtMs = Infinity,
    now = Date.now(),
  ): void {
    if (this.enabled) this.sessions.keep(token, user, sessionGeneration, expiresAtMs, now)
  }

  clear(): void {
    this.generationCount++
    this.summaries.clear()
    this.postImages.clear()
    this.sessions.clear()
    this.postShared.clear()
    this.feedPlans.clear()
    this.postRows.clear()
    this.viewerStates.clear()
    this.timelines.clear()
    this.lists.moveAll()
    this.sharedTimelines?.forget()
    this.forgetVisibility()
    this.forgetAnswers()
  }
}
