import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Post, PostPoll } from '../../src/shared/api-types'
import { PollView } from '../../src/renderer/src/components/PollView'
import {
  EditPostEditor,
  durationFor,
  type PollEdit,
} from '../../src/renderer/src/components/EditPostEditor'
import { RelativeTime } from '../../src/renderer/src/components/RelativeTime'
import { pollOptionErrors, toPollInput } from '../../src/renderer/src/components/PollEditor'
import { keepOwnVote, pollPercentages, withLiveCounts } from '../../src/renderer/src/lib/polls'
import { fakeFriendServer, jsonResponse } from './fake-server'

const poll = (change: Partial<PostPoll> = {}): PostPoll => ({
  options: [
    { id: '1', text: 'Saturday', votes: 1 },
    { id: '2', text: 'Sunday', votes: 2 },
  ],
  endsAt: new Date(Date.now() + 3_600_000).toISOString(),
  ended: false,
  voterCount: 3,
  ownVote: null,
  ...change,
})

describe('poll helpers', () => {
  it.each([
    [
      [0, 0, 0],
      [0, 0, 0],
    ],
    [
      [1, 1, 1],
      [34, 33, 33],
    ],
    [
      [1, 2],
      [33, 67],
    ],
    [
      [5, 0],
      [100, 0],
    ],
  ])('shares %j as %j', (votes, percents) => {
    expect(pollPercentages(votes)).toEqual(percents)
  })

  it('takes live counts, unless they are older than what is shown', () => {
    const shown = poll()
    const newer = withLiveCounts(shown, {
      options: [
        { id: '1', votes: 2 },
        { id: '2', votes: 2 },
      ],
      voterCount: 4,
    })
    expect(newer.options.map((option) => option.votes)).toEqual([2, 2])
    const older = withLiveCounts(shown, {
      options: [
        { id: '1', votes: 1 },
        { id: '2', votes: 1 },
      ],
      voterCount: 2,
    })
    expect(older).toBe(shown)
  })

  it('keeps the viewer’s vote over a copy presented for nobody', () => {
    const mine = { _id: '9', poll: poll({ ownVote: '2' }) } as Post
    const event = { _id: '9', poll: poll({ voterCount: 4 }) } as Post
    expect(keepOwnVote(mine, event).poll).toMatchObject({ ownVote: '2', voterCount: 4 })
  })

  it('checks the composer’s options as the server does', () => {
    expect(pollOptionErrors({ options: ['Dust', ' dust', ''], durationHours: 24 })).toEqual([
      null,
      'This is the same as another option.',
      'Write something here, or remove this option.',
    ])
    expect(toPollInput({ options: [' a ', 'b'], durationHours: 72 })).toEqual({
      options: ['a', 'b'],
      durationHours: 72,
    })
  })
})

describe('PollView', () => {
  const fetchMock = fakeFriendServer()
  afterEach(cleanup)

  it('hides the results until the vote, votes by keyboard and then shows them', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        poll: poll({
          ownVote: '1',
          voterCount: 4,
          options: [
            { id: '1', text: 'Saturday', votes: 2 },
            { id: '2', text: 'Sunday', votes: 2 },
          ],
        }),
      }),
    )
    render(<PollView postId="9" poll={poll()} own={false} canVote />)
    expect(screen.queryByText('33%')).toBeNull()
    expect(screen.getByRole('button', { name: 'Vote' })).toHaveProperty('disabled', true)
    await userEvent.click(screen.getByRole('radio', { name: 'Saturday' }))
    await userEvent.click(screen.getByRole('button', { name: 'Vote' }))
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]))
    expect(url.pathname).toBe('/api/posts/9/poll/vote')
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ optionId: '1' })
  })

  it('shows the results to the author, and final ones after the end', () => {
    render(<PollView postId="9" poll={poll({ ended: true, ownVote: '2' })} own={false} canVote />)
    expect(screen.getByText('Final results')).toBeTruthy()
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Saturday33%, 1 vote',
      'Sunday, your vote67%, 2 votes',
    ])
    expect(screen.queryByRole('radio')).toBeNull()
  })
})

describe('a poll’s time left', () => {
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  /** An end `ms` from now, in whole seconds as the API sends it. */
  const endIn = (ms: number) =>
    new Date(Math.floor((Date.now() + ms) / 1000) * 1000).toISOString().replace('.000Z', '+00:00')
  const DAY = 24 * 3_600_000

  it('is measured from when it is shown, not from the screens’ last tick', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T15:00:00Z') })
    // The feed's times keep the shared clock going; it ticks at 15:01.
    const feed = render(<RelativeTime iso="2026-11-22T14:00:00+00:00" />)
    act(() => vi.advanceTimersByTime(100_000))
    const threeDays = poll({ endsAt: endIn(3 * DAY), voterCount: 0 })
    const view = render(<PollView postId="9" poll={threeDays} own canVote />)
    expect(screen.getByRole('group', { name: 'Poll' }).textContent).toContain('3 days left')

    // Its author edits it 30 s later (before the next tick) to one day, from then.
    act(() => vi.advanceTimersByTime(30_000))
    const oneDay = { ...threeDays, endsAt: endIn(DAY) }
    view.rerender(<PollView postId="9" poll={oneDay} own canVote />)
    expect(screen.getByRole('group', { name: 'Poll' }).textContent).toContain('24 hours left')
    feed.unmount()
  })
})

// --- the Edit Post dialog's poll ---
describe('the Edit Post dialog’s poll', () => {
  afterEach(cleanup)

  const editor = (shown: PostPoll) => {
    const sent: { text: string; poll: PollEdit }[] = []
    render(
      <EditPostEditor
        content="Who's in Saturday?"
        poll={shown}
        onDirtyChange={() => undefined}
        onSubmit={(text, edit) => {
          sent.push({ text, poll: edit })
          return Promise.resolve(null)
        }}
      />,
    )
    return sent
  }

  it('changes the options while nobody voted, sending a new poll', async () => {
    const user = userEvent.setup()
    const sent = editor(
      poll({ voterCount: 0, options: poll().options.map((o) => ({ ...o, votes: 0 })) }),
    )
    const second = screen.getByRole<HTMLInputElement>('textbox', { name: 'Option 2' })
    expect(second.value).toBe('Sunday')
    await user.clear(second)
    await user.type(second, 'Friday')
    expect(
      screen.getByText('Saving starts the poll again from now, for the length chosen.'),
    ).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(sent).toEqual([
      {
        text: "Who's in Saturday?",
        poll: { kind: 'set', poll: { options: ['Saturday', 'Friday'], durationHours: 1 } },
      },
    ])
  })

  it('removes the poll, or keeps it after all; untouched, it leaves the poll out', async () => {
    const user = userEvent.setup()
    const sent = editor(poll({ voterCount: 0 }))
    await user.click(screen.getByRole('button', { name: 'Remove poll' }))
    expect(screen.getByText(/The poll will be removed when you save/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Keep the poll' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(sent.at(-1)?.poll).toEqual({ kind: 'keep' })
    cleanup()
    const removed = editor(poll({ voterCount: 0 }))
    await user.click(screen.getByRole('button', { name: 'Remove poll' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(removed.at(-1)?.poll).toEqual({ kind: 'remove' })
  })

  it('says why the poll cannot change once people voted, or once it ended', () => {
    editor(poll({ voterCount: 3 }))
    expect(screen.queryByRole('textbox', { name: 'Option 1' })).toBeNull()
    expect(screen.getByRole('note').textContent).toBe(
      '3 people have voted in this poll, so its options and length cannot change any more. You can still edit the text.',
    )
    cleanup()
    editor(poll({ voterCount: 0, ended: true }))
    expect(screen.getByRole('note').textContent).toMatch(/^This poll has ended/)
  })

  it('offers the shortest length that covers the time left', () => {
    const now = Date.UTC(2026, 0, 1)
    const at = (hours: number) => new Date(now + hours * 3_600_000).toISOString()
    expect(durationFor(at(0.5), now)).toBe(1)
    expect(durationFor(at(20), now)).toBe(24)
    expect(durationFor(at(30), now)).toBe(72)
    expect(durationFor(at(100), now)).toBe(168)
  })
})
