import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RelativeTime } from '../../src/renderer/src/components/RelativeTime'
import { formatFullTime } from '../../src/renderer/src/lib/relative-time'
import { tickerListenerCount, useNow } from '../../src/renderer/src/lib/ticker'

/** Shows the `now` it is given, as an ISO time. */
function Now({ measuring }: { measuring?: string }) {
  return <span data-testid="now">{new Date(useNow(measuring)).toISOString()}</span>
}

describe('one clock and one date formatter for every time on screen', () => {
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('runs a single interval for fifty times, moves them all on, and stops with the last', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T15:00:30Z') })
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval')
    const clearIntervalSpy = vi.spyOn(globalThis, 'clearInterval')
    const view = render(
      <ul>
        {Array.from({ length: 50 }, (_, i) => (
          <li key={i}>
            <RelativeTime iso="2026-11-22T15:00:00+00:00" />
          </li>
        ))}
      </ul>,
    )
    expect(setIntervalSpy).toHaveBeenCalledTimes(1)
    expect(tickerListenerCount()).toBe(50)
    expect(screen.getAllByText('now')).toHaveLength(50)

    act(() => vi.advanceTimersByTime(60_000))
    expect(screen.getAllByText('1m')).toHaveLength(50)
    expect(setIntervalSpy).toHaveBeenCalledTimes(1)

    view.unmount()
    expect(tickerListenerCount()).toBe(0)
    expect(clearIntervalSpy).toHaveBeenCalledTimes(1)
  })

  it('reads the time afresh for a first render, not at the last tick, then ticks with the rest', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T15:00:00Z') })
    const view = render(<RelativeTime iso="2026-11-22T15:00:00+00:00" />)
    // The shared clock ticked at 15:01; forty seconds later a new time appears.
    act(() => vi.advanceTimersByTime(100_000))
    view.rerender(
      <>
        <RelativeTime iso="2026-11-22T15:00:00+00:00" />
        <Now />
      </>,
    )
    expect(screen.getByTestId('now').textContent).toBe('2026-11-22T15:01:40.000Z')
    // Drawn again before the next tick: still its own reading, not the older tick's.
    view.rerender(
      <>
        <RelativeTime iso="2026-11-22T15:00:00+00:00" />
        <Now />
      </>,
    )
    expect(screen.getByTestId('now').textContent).toBe('2026-11-22T15:01:40.000Z')
    act(() => vi.advanceTimersByTime(20_000))
    expect(screen.getByTestId('now').textContent).toBe('2026-11-22T15:02:00.000Z')
    expect(screen.getByText('2m')).toBeTruthy()
    expect(tickerListenerCount()).toBe(2)
  })

  it('reads the time afresh when what it measures changes', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T15:00:00Z') })
    const view = render(<Now measuring="a" />)
    act(() => vi.advanceTimersByTime(30_000))
    view.rerender(<Now measuring="a" />)
    expect(screen.getByTestId('now').textContent).toBe('2026-11-22T15:00:00.000Z')
    view.rerender(<Now measuring="b" />)
    expect(screen.getByTestId('now').textContent).toBe('2026-11-22T15:00:30.000Z')
    act(() => vi.advanceTimersByTime(30_000))
    expect(screen.getByTestId('now').textContent).toBe('2026-11-22T15:01:00.000Z')
  })

  it('formats full times without building a formatter per call', () => {
    const construct = vi.spyOn(Intl, 'DateTimeFormat')
    const texts = Array.from({ length: 100 }, (_, i) =>
      formatFullTime(`2026-11-22T15:${String(i % 60).padStart(2, '0')}:00+00:00`),
    )
    expect(construct).not.toHaveBeenCalled()
    expect(new Set(texts).size).toBe(60)
  })
})
