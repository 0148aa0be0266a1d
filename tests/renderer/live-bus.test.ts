import { afterEach, describe, expect, it, vi } from 'vitest'
import { onLiveEvent, publishLiveEvent } from '../../src/renderer/src/live/bus'

const unsubscribers: (() => void)[] = []
afterEach(() => {
  for (const unsubscribe of unsubscribers.splice(0)) unsubscribe()
  vi.restoreAllMocks()
})

describe('live event bus', () => {
  it('hands each event only to the subscribers of its type, with its id', () => {
    const deleted = vi.fn()
    const counts = vi.fn()
    unsubscribers.push(onLiveEvent('post-deleted', deleted), onLiveEvent('unread-count', counts))
    publishLiveEvent('post-deleted', { postId: '7', authorId: '2', authorPostCount: 0 }, '41')
    expect(deleted).toHaveBeenCalledWith({ postId: '7', authorId: '2', authorPostCount: 0 }, '41')
    expect(counts).not.toHaveBeenCalled()
  })

  it('stops calling a handler once unsubscribed', () => {
    const handler = vi.fn()
    const unsubscribe = onLiveEvent('unread-count', handler)
    publishLiveEvent('unread-count', { unreadCount: 1 })
    unsubscribe()
    publishLiveEvent('unread-count', { unreadCount: 2 })
    expect(handler).toHaveBeenCalledTimes(1)
  })

  it('keeps delivering to the others when one subscriber throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const after = vi.fn()
    unsubscribers.push(
      onLiveEvent('unread-count', () => {
        throw new Error('broken screen')
      }),
      onLiveEvent('unread-count', after),
    )
    publishLiveEvent('unread-count', { unreadCount: 3 })
    expect(after).toHaveBeenCalledWith({ unreadCount: 3 }, null)
    expect(console.error).toHaveBeenCalledOnce()
  })
})
