/**
 * The end of a paged list (LoadMore): the button keeps focus while its page loads, and when the
 * last page arrives with focus on it, focus moves to the note that the list is complete instead
 * of falling to the page behind.
 */
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useRef } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LoadMore } from '../../src/renderer/src/components/LoadMore'

function List(props: {
  more: boolean
  loading: boolean
  onLoadMore: () => void
  endText?: string
}) {
  const sentinelRef = useRef<HTMLDivElement>(null)
  return (
    <div>
      <a href="#first">first</a>
      <LoadMore what="followers" sentinelRef={sentinelRef} {...props} />
    </div>
  )
}

afterEach(cleanup)

describe('LoadMore', () => {
  it('loads on click, and ignores clicks while its page loads', async () => {
    const onLoadMore = vi.fn()
    const { rerender } = render(<List more loading={false} onLoadMore={onLoadMore} />)
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }))
    expect(onLoadMore).toHaveBeenCalledTimes(1)

    rerender(<List more loading onLoadMore={onLoadMore} />)
    const busy = screen.getByRole('button', { name: 'Loading more followers…' })
    expect(busy.getAttribute('aria-disabled')).toBe('true')
    await userEvent.click(busy)
    expect(onLoadMore).toHaveBeenCalledTimes(1)
  })

  it('keeps focus on the button while the page loads and after it, while more remain', () => {
    const onLoadMore = vi.fn()
    const { rerender } = render(<List more loading={false} onLoadMore={onLoadMore} />)
    const button = screen.getByRole('button', { name: 'Load more' })
    act(() => button.focus())
    rerender(<List more loading onLoadMore={onLoadMore} />)
    expect(document.activeElement).toBe(button)
    rerender(<List more loading={false} onLoadMore={onLoadMore} />)
    expect(document.activeElement).toBe(button)
  })

  it('moves focus to the end note when the last page comes with focus on the button', () => {
    const onLoadMore = vi.fn()
    const { rerender } = render(<List more loading={false} onLoadMore={onLoadMore} />)
    act(() => screen.getByRole('button', { name: 'Load more' }).focus())
    rerender(<List more loading onLoadMore={onLoadMore} />)
    rerender(<List more={false} loading={false} onLoadMore={onLoadMore} />)
    const note = screen.getByText("That's all the followers")
    expect(document.activeElement).toBe(note)
    expect(screen.queryByRole('button')).toBeNull()
    // It stays after later renders.
    rerender(<List more={false} loading={false} onLoadMore={onLoadMore} />)
    expect(document.activeElement).toBe(screen.getByText("That's all the followers"))
  })

  it('shows no note at the end when focus was elsewhere and the list has no end text', () => {
    const onLoadMore = vi.fn()
    const { rerender } = render(<List more loading={false} onLoadMore={onLoadMore} />)
    act(() => screen.getByRole('link', { name: 'first' }).focus())
    rerender(<List more={false} loading={false} onLoadMore={onLoadMore} />)
    expect(screen.queryByText("That's all the followers")).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'first' }))
  })

  it('shows the end text of a list that has one, and focuses it when the button had focus', () => {
    const onLoadMore = vi.fn()
    const { rerender } = render(
      <List more loading={false} onLoadMore={onLoadMore} endText="You're all caught up" />,
    )
    act(() => screen.getByRole('button', { name: 'Load more' }).focus())
    rerender(
      <List more={false} loading={false} onLoadMore={onLoadMore} endText="You're all caught up" />,
    )
    expect(document.activeElement).toBe(screen.getByText("You're all caught up"))
  })
})
