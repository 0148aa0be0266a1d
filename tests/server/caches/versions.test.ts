/**
 * Versions (caches/versions.ts) and the count of their moves, by which a kept answer's parts
 * (caches/read-cache.ts) are checked again only once some version has moved.
 */
import { describe, expect, it } from 'vitest'
import { ReadCache } from '../../../src/server/caches/read-cache'
import { Versions, versionMoves } from '../../../src/server/caches/versions'

const made = { body: new TextEncoder().encode('{}'), contentType: 'application/json', route: '/x' }

/** Parts showing one post (7) at `version`, paged from the explore list (0) at `listVersion`. */
function partsShowing(version: number, listVersion: number) {
  return {
    posts: new Map([[7, version]]),
    viewers: new Map<number, number>(),
    timelines: new Map<number, number>(),
    postLists: new Map([[0, listVersion]]),
    commentLists: new Map<number, number>(),
    unversioned: false,
  }
}

describe('versions', () => {
  it('move one thing at a time, all at once, and when the bound pushes one out', () => {
    const versions = new Versions(2)
    const base = versions.of(1)
    let moves = versionMoves()
    versions.move([1])
    expect(versions.of(1)).toBeGreaterThan(base)
    expect(versions.of(2)).toBe(base)
    expect(versionMoves()).not.toBe(moves)

    moves = versionMoves()
    versions.move([2])
    versions.move([3]) // the bound pushes 1 out: it and every thing never moved share a new base
    expect(versionMoves()).not.toBe(moves)
    expect(versions.of(1)).toBeGreaterThan(base)
    expect(versions.of(1)).toBe(versions.of(99))

    moves = versionMoves()
    const before = versions.of(3)
    versions.moveAll()
    expect(versionMoves()).not.toBe(moves)
    expect(versions.of(3)).toBeGreaterThan(before)
  })

  it('keep an answer with parts served while none moves, and drop it once one does', () => {
    const cache = new ReadCache()
    const showing = () => partsShowing(cache.postRows.versionOf(7), cache.lists.posts.of(0))
    cache.keepAnswer('feed', made, cache.answerMark, Infinity, showing())
    expect(cache.answer('feed')).toBeDefined()
    // Served again with nothing moved; then a version of something it does not show moves.
    expect(cache.answer('feed')).toBeDefined()
    cache.touchPosts([8])
    expect(cache.answer('feed')).toBeDefined()
    // The post it shows moves: the parts are checked again, and the answer goes.
    cache.touchPosts([7])
    expect(cache.answer('feed')).toBeUndefined()

    cache.keepAnswer('feed', made, cache.answerMark, Infinity, showing())
    expect(cache.answer('feed')).toBeDefined()
    cache.lists.posts.move([0])
    expect(cache.answer('feed')).toBeUndefined()
  })
})
