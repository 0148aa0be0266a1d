/**
 * The profile's post count follows the live stream (live/merge.ts, docs/API.md "Live events"):
 * `post` and `post-deleted` carry the author's count, which is set (never added to) on every
 * loaded profile of that author, so a replayed event or one's own post counts once.
 */
import './state-mocks'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { livePostAtom, livePostDeletedAtom } from '../../src/renderer/src/live/merge'
import { userAtom } from '../../src/renderer/src/state/auth'
import { profileAtom, profilesAtom } from '../../src/renderer/src/state/users'
import { ME, NOVA, RIVAL, post, signedInStore, userOf, type Store } from './state-fixtures'

let store: Store
beforeEach(() => {
  vi.resetAllMocks()
  store = signedInStore([NOVA], { postCount: 3 })
  const loaded = (user: ReturnType<typeof userOf>) => ({
    status: 'ready' as const,
    loaded: true,
    error: null,
    user,
  })
  store.set(profilesAtom, {
    nova: loaded(userOf(NOVA, { postCount: 5 })),
    rival: loaded(userOf(RIVAL, { postCount: 1 })),
    viewer: loaded(userOf(ME, { postCount: 3 })),
  })
})

const postCountOf = (username: string) => store.get(profileAtom(username)).user?.postCount

describe('the post count of a profile', () => {
  it("rises to the author's count with a new post, and only on the author's profile", () => {
    store.set(livePostAtom, { post: post('p9', NOVA), authorPostCount: 6 })
    expect(postCountOf('nova')).toBe(6)
    expect(postCountOf('rival')).toBe(1)
    expect(postCountOf('viewer')).toBe(3)
  })

  it('is set, not added to: the same event told twice (a replay) counts once', () => {
    store.set(livePostAtom, { post: post('p9', NOVA), authorPostCount: 6 })
    store.set(livePostAtom, { post: post('p9', NOVA), authorPostCount: 6 })
    expect(postCountOf('nova')).toBe(6)
  })

  it('falls with a deletion, found by the author id alone', () => {
    store.set(livePostDeletedAtom, { postId: 'p1', authorId: NOVA._id, authorPostCount: 4 })
    store.set(livePostDeletedAtom, { postId: 'p1', authorId: NOVA._id, authorPostCount: 4 })
    expect(postCountOf('nova')).toBe(4)
    expect(postCountOf('rival')).toBe(1)
  })

  it("sets one's own count on the profile and the session user, once for one's own post", () => {
    store.set(livePostAtom, { post: post('mine', ME), authorPostCount: 4 })
    store.set(livePostAtom, { post: post('mine', ME), authorPostCount: 4 })
    expect(postCountOf('viewer')).toBe(4)
    expect(store.get(userAtom)?.postCount).toBe(4)
    store.set(livePostDeletedAtom, { postId: 'mine', authorId: ME._id, authorPostCount: 3 })
    expect(postCountOf('viewer')).toBe(3)
    expect(store.get(userAtom)?.postCount).toBe(3)
  })

  it('leaves profiles never loaded alone', () => {
    store.set(profilesAtom, {})
    store.set(livePostAtom, { post: post('p9', NOVA), authorPostCount: 6 })
    expect(store.get(profilesAtom)).toEqual({})
  })
})
