/**
 * Each viewer's own state of each post: their like or dislike, their repost, their
 * emoji reactions, their poll vote (services/presenting/post-shared.ts `loadViewerState`), kept per viewer
 * and post, and changed by that viewer's own writes: each command that changes one says so
 * (caches/touched.ts `viewerStates`), and so does each that changes a post in a way that can
 * change anyone's state of it (its poll replaced by an edit, its deletion: the post's version,
 * caches/post-rows.ts). An entry is served only while both the viewer's and the post's versions
 * are those it was read under.
 */
import { cacheLookupsOf } from '../observability/metrics'
import { BoundedMap } from './bounded-map'
import { Versions } from './versions'

/** One viewer's own state of one post. */
export interface OwnState {
  /** Their like or dislike, with their username as stored (for the reactor lists). */
  reaction: { kind: string; username: string } | null
  reposted: boolean
  /** Their emoji reactions, as stored (post-shared.ts orders them). */
  emoji: string[]
  /** The poll option they chose. */
  vote: string | null
}

interface KeptState {
  viewerVersion: number
  postVersion: number
  state: OwnState
}

export class ViewerStates {
  private readonly kept: BoundedMap<string, KeptState>
  readonly viewers: Versions
  private readonly count = cacheLookupsOf('viewer_states')

  constructor(
    limit: number,
    /** The posts' versions (caches/post-rows.ts). */
    private readonly posts: Versions,
  ) {
    this.kept = new BoundedMap(limit)
    this.viewers = new Versions(limit)
  }

  get size(): number {
    return this.kept.size
  }

  /** The versions a fill notes before its read. */
  versionsOf(viewer: number, postId: number): [number, number] {
    return [this.viewers.of(viewer), this.posts.of(postId)]
  }

  get(viewer: number, postId: number): OwnState | undefined {
    const state = this.current(viewer, postId)
    this.count(state !== undefined)
    return state
  }

  /** The kept state while both versions are those it was read under, not counted as a lookup. */
  private current(viewer: number, postId: number): OwnState | undefined {
    const key = `${viewer}:${postId}`
    const kept = this.kept.get(key)
    if (!kept) return undefined
    const [viewerVersion, postVersion] = this.versionsOf(viewer, postId)
    if (kept.viewerVersion === viewerVersion && kept.postVersion === postVersion) return kept.state
    this.kept.delete(key)
    return undefined
  }

  keep(viewer: number, postId: number, state: OwnState, versions: [number, number]): void {
    const [viewerVersion, postVersion] = this.versionsOf(viewer, postId)
    if (versions[0] !== viewerVersion || versions[1] !== postVersion) return
    this.kept.set(`${viewer}:${postId}`, { viewerVersion, postVersion, state })
  }

  /** These viewers changed their own state of some post. */
  touch(viewers: Iterable<number>): void {
    this.viewers.move(viewers)
  }

  clear(): void {
    this.viewers.moveAll()
    this.kept.clear()
  }

  /** The kept states, with their viewer and post (tests compare each with the database). */
  *entries(): IterableIterator<{ viewer: number; postId: number; state: OwnState }> {
    for (const key of [...this.kept.keys()]) {
      const [viewer = 0, postId = 0] = key.split(':').map(Number)
      const state = this.current(viewer, postId)
      if (state) yield { viewer, postId, state }
    }
  }
}
