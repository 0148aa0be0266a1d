/**
 * What a whole answer showed, by version (http/kept-answers.ts, for the routes that ask for it):
 * the home timeline or the list it was paged from (caches/lists.ts: the newest posts of the
 * explore page, a player's posts on their profile, a post's comments), the posts it presented (their rows, images, polls and emoji
 * counts: all under the post's version, caches/post-rows.ts), and its viewer's own state
 * (caches/viewer-states.ts). Such an answer is served again while each of those versions is the
 * one it was made under, so a write changes only the kept answers that show what it touched: a
 * like moves one post's version and the liker's, a new post the timelines of its author's
 * followers. Any write no version follows still drops it (caches/named-in.ts
 * `TOUCH_FOLLOWED_EVENTS` says which kinds of event the versions follow wholly).
 *
 * The presenting code notes what it shows as it goes (`noteShownPosts`, and `noteShown` for a
 * viewer, a timeline or a list); a read that shows something no version follows says so
 * (`noteUnversioned`), and the answer is then kept as any other. Outside such a fill the notes
 * do nothing.
 */
import { ScopedStorage } from './scoped-storage'

/** What a fill noted, each with the version it was read under. */
export interface ShownParts {
  /** Post id → version. */
  posts: Map<number, number>
  /** Viewer id → the version of their own state. */
  viewers: Map<number, number>
  /** Timeline owner → its version. */
  timelines: Map<number, number>
  /** Post list (caches/lists.ts: 0 all posts, else an author's) → its version. */
  postLists: Map<number, number>
  /** Post whose comments were shown → the version of its comment list (caches/lists.ts). */
  commentLists: Map<number, number>
  /** Something shown that no version follows: kept only as an answer without parts. */
  unversioned: boolean
}

/** Reads the current versions of what a kept answer showed (caches/read-cache.ts). */
export interface PartVersions {
  post(id: number): number
  viewer(id: number): number
  timeline(owner: number): number
  postList(list: number): number
  commentList(postId: number): number
}

const shown = new ScopedStorage<ShownParts>()

/** Runs a fill, answering its result and what it showed (null: nothing but versioned parts). */
export async function measuringShownParts<Result>(
  fill: () => Promise<Result>,
): Promise<{ result: Result; parts: ShownParts }> {
  const parts: ShownParts = {
    posts: new Map(),
    viewers: new Map(),
    timelines: new Map(),
    postLists: new Map(),
    commentLists: new Map(),
    unversioned: false,
  }
  const result = await shown.run(parts, fill)
  return { result, parts }
}

/** Whether a fill is noting what it shows (nothing to note otherwise). */
export const notingShownParts = (): boolean => shown.getStore() !== undefined

export function noteShownPosts(ids: Iterable<number>, versionOf: (id: number) => number): void {
  const parts = shown.getStore()
  if (!parts) return
  for (const id of ids) if (!parts.posts.has(id)) parts.posts.set(id, versionOf(id))
}

/** The parts noted by one id each, with their version: a viewer, a timeline, a list. */
export type ShownPart = 'viewers' | 'timelines' | 'postLists' | 'commentLists'

/**
 * The answer being made shows `part` `id` (a viewer's own state, an owner's home timeline, a list
 * of posts, a post's comments) as it is at `version`; the first note of each counts.
 */
export function noteShown(part: ShownPart, id: number, version: number): void {
  const noted = shown.getStore()?.[part]
  if (noted && !noted.has(id)) noted.set(id, version)
}

/** The answer shows something no version follows (a page read from the database). */
export function noteUnversioned(): void {
  const parts = shown.getStore()
  if (parts) parts.unversioned = true
}

/** Whether every part is still at the version it was shown under. */
export function partsCurrent(parts: ShownParts, versions: PartVersions): boolean {
  for (const [owner, version] of parts.timelines) {
    if (versions.timeline(owner) !== version) return false
  }
  for (const [list, version] of parts.postLists) {
    if (versions.postList(list) !== version) return false
  }
  for (const [postId, version] of parts.commentLists) {
    if (versions.commentList(postId) !== version) return false
  }
  for (const [viewer, version] of parts.viewers) {
    if (versions.viewer(viewer) !== version) return false
  }
  for (const [id, version] of parts.posts) if (versions.post(id) !== version) return false
  return true
}
