/**
 * usePagedList (state/paged-list.ts), the one way a screen reads a list a page at a time: the
 * first page on mount, the next on demand, one request at a time, the failed page retried,
 * nobody twice, each list kept by its key, and nothing answered after the screen went.
 */
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { usePagedList, type Page, type PageReader } from '../../src/renderer/src/state/paged-list'

interface Person {
  _id: string
}

const people = (...ids: string[]): Person[] => ids.map((_id) => ({ _id }))

/** A reader whose pages the test answers by hand, in the order they were asked. */
function scriptedReader() {
  const asked: {
    cursor: string | null
    signal: AbortSignal
    answer: (page: Page<Person>) => void
    fail: (error: Error) => void
  }[] = []
  const read = vi.fn<PageReader<Person>>(
    (cursor, signal) =>
      new Promise<Page<Person>>((resolve, reject) => {
        asked.push({ cursor, signal, answer: resolve, fail: reject })
      }),
  )
  /** Answers the latest request. */
  const answer = async (ids: string[], nextCursor: string | null) => {
    await act(async () => asked.at(-1)?.answer({ items: people(...ids), nextCursor }))
  }
  const fail = async (message: string) => {
    await act(async () => asked.at(-1)?.fail(new Error(message)))
  }
  return { read, asked, answer, fail }
}

const byId = (person: Person) => person._id

afterEach(cleanup)

describe('usePagedList', () => {
  it('loads the first page on mount, then the next on demand, until the end', async () => {
    const server = scriptedReader()
    const { result } = renderHook(() => usePagedList('followers:ann', server.read, byId))
    expect(result.current).toMatchObject({ loading: true, loaded: false, items: [] })
    expect(server.read).toHaveBeenCalledTimes(1)
    expect(server.asked[0]?.cursor).toBeNull()

    await server.answer(['a', 'b'], 'c2')
    expect(result.current).toMatchObject({ loading: false, loaded: true, more: true })
    expect(result.current.items.map(byId)).toEqual(['a', 'b'])

    act(() => result.current.loadMore())
    // One request at a time: a second ask while the page loads asks nothing.
    act(() => result.current.loadMore())
    expect(server.read).toHaveBeenCalledTimes(2)
    expect(server.asked[1]?.cursor).toBe('c2')
    expect(result.current.loading).toBe(true)

    // A follow made meanwhile shifted the page: b is not listed twice.
    await server.answer(['b', 'c'], null)
    expect(result.current.items.map(byId)).toEqual(['a', 'b', 'c'])
    expect(result.current.more).toBe(false)
    act(() => result.current.loadMore())
    expect(server.read).toHaveBeenCalledTimes(2)
  })

  it('keeps what it had when a page fails, and asks that page again on retry', async () => {
    const server = scriptedReader()
    const { result } = renderHook(() => usePagedList('players:halo', server.read, byId))
    await server.fail('No connection')
    expect(result.current).toMatchObject({ loaded: false, status: 'error', error: 'No connection' })

    act(() => result.current.retry())
    expect(server.asked[1]?.cursor).toBeNull()
    await server.answer(['a'], 'next')

    act(() => result.current.loadMore())
    await server.fail('Server unreachable')
    expect(result.current.items.map(byId)).toEqual(['a'])
    expect(result.current).toMatchObject({ loaded: true, error: 'Server unreachable' })

    act(() => result.current.retry())
    expect(server.asked[3]?.cursor).toBe('next')
    await server.answer(['b'], null)
    expect(result.current.items.map(byId)).toEqual(['a', 'b'])
    expect(result.current.error).toBeNull()
  })

  it('keeps each list by its key: a list shown again shows what it loaded, without asking', async () => {
    const server = scriptedReader()
    const { result, rerender } = renderHook(
      ({ listKey }) => usePagedList(listKey, server.read, byId),
      { initialProps: { listKey: 'fire' } },
    )
    await server.answer(['a'], null)

    rerender({ listKey: 'heart' })
    expect(result.current).toMatchObject({ loading: true, items: [] })
    await waitFor(() => expect(server.read).toHaveBeenCalledTimes(2))
    await server.answer(['b', 'c'], null)
    expect(result.current.items.map(byId)).toEqual(['b', 'c'])

    rerender({ listKey: 'fire' })
    expect(result.current.items.map(byId)).toEqual(['a'])
    expect(server.read).toHaveBeenCalledTimes(2)
  })

  it('aborts its request when the screen goes, and takes no answer after', async () => {
    const server = scriptedReader()
    const { unmount } = renderHook(() => usePagedList('search:tags:x', server.read, byId))
    const first = server.asked[0]
    unmount()
    expect(first?.signal.aborted).toBe(true)
    // A late answer lands on nothing (React would warn of an update to an unmounted component).
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await server.answer(['a'], null)
    expect(errors).not.toHaveBeenCalled()
    errors.mockRestore()
  })
})
