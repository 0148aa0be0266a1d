/**
 * Each viewer's own state of each post: their like or dislike, their repost, their
 * emoji reactions, their poll vote (services/presenting/post-shared.ts `loadViewerState`), kept per viewer
 * and post, and changed by that viewer's own writes: each command that changes one says so
 * (caches/touched.ts `viewerStates`), and so does each that changes a post in a way that can
 * change anyone's state of it (its poll replaced by an edit, its deletion: the post's version,
 * caches/post-rows.ts). An entry is served only while both the viewer's and the post's versions
 * are those it was read under.
 *
 * A post made on this instance has no one's state when it is made: every viewer's state of it is
 * known to be none until that viewer's version or the post's moves (`born`). So the pages that
 * show new posts (the explore page, a home feed) do not read the state of posts nobody has seen.
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

/** What no viewer has of a post: no reaction, repost, emoji or vote. */
export const NO_STATE: OwnState = Object.freeze({
  reaction: null,
  reposted: false,
  emoji: [],
  vote: null,
})

/** Posts made here, kept apart from the viewers' states (some 50 bytes each). */
const BORN_KEPT = 10_000

interface Birth {
  /** The viewers' versions' count before the post's command began (`stamp`). */
  viewersBefore: number
  postVersion: number
}

interface KeptState {
  viewerVersion: number
  postVersion: number
  state: OwnState
}

export class ViewerStates {
  private readonly kept: BoundedMap<string, KeptState>
  private readonly births = new BoundedMap<number, Birth>(BORN_KEPT)
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
    if (!kept) return this.unborn(viewer, postId)
    const [viewerVersion, postVersion] = this.versionsOf(viewer, postId)
    if (kept.viewerVersion === viewerVersion && kept.postVersion === postVersion) return kept.state
    this.kept.delete(key)
    return this.unborn(viewer, postId)
  }

  /**
   * None, for a post made here whose version has not moved, by a viewer whose version has not
   * moved since before the post's command began: any command that gave them a state of it since
   * moved theirs. A viewer whose version was pushed out by the bound has the base, which is past.
   */
  private unborn(viewer: number, postId: number): OwnState | undefined {
    const birth = this.births.peek(postId)
    if (!birth) return undefined
    if (this.viewers.of(viewer) > birth.viewersBefore) return undefined
    if (this.posts.of(postId) !== birth.postVersion) return undefined
    return NO_STATE
  }

  /** Taken before a command that may make posts (actions/live.ts commit): see `born`. */
  stamp(): number {
    return this.viewers.latest
  }

  /** A post was made by a command that began at `stamp`: no viewer has a state of it yet. */
  born(postId: number, stamp: number): void {
    this.births.set(postId, { viewersBefore: stamp, postVersion: this.posts.of(postId) })
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
    this.births.clear()
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
