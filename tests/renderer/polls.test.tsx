import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider, createStore, useAtomValue } from 'jotai'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Post, PostPoll } from '../../src/shared/api-types'
import type { ServerFeature } from '../../src/shared/features'
import { postsByIdAtom, upsertPostsAtom } from '../../src/renderer/src/state/posts'
import { serverFeaturesAtom } from '../../src/renderer/src/state/server-features'
import { NEW_POLL, PollEditor } from '../../src/renderer/src/components/PollEditor'
import { PollView } from '../../src/renderer/src/components/PollView'
import {
  EditPostEditor,
  durationFor,
  type PollEdit,
} from '../../src/renderer/src/components/EditPostEditor'
import { RelativeTime } from '../../src/renderer/src/components/RelativeTime'
import { pollOptionErrors, toPollInput } from '../../src/renderer/src/components/PollEditor'
import { keepOwnVote, pollPercentages, withLiveCounts } from '../../src/renderer/src/lib/polls'
import { lengthToSend, pollLengths } from '../../src/renderer/src/lib/poll-lengths'
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

  it('orders counts by revision when the server numbers them: a moved vote keeps the totals', () => {
    const shown = poll({ revision: 5 })
    const moved = withLiveCounts(shown, {
      options: [
        { id: '1', votes: 2 },
        { id: '2', votes: 1 },
      ],
      voterCount: 3,
      revision: 6,
    })
    expect(moved).toMatchObject({ revision: 6, voterCount: 3 })
    expect(moved.options.map((option) => option.votes)).toEqual([2, 1])
    // An event that left before the counts shown is dropped, though its totals are as large.
    const late = withLiveCounts(moved, {
      options: [
        { id: '1', votes: 1 },
        { id: '2', votes: 2 },
      ],
      voterCount: 3,
      revision: 5,
    })
    expect(late).toBe(moved)
  })

  it('keeps the viewer’s vote over a copy presented for nobody', () => {
    const mine = { _id: '9', poll: poll({ ownVote: '2' }) } as Post
    const event = { _id: '9', poll: poll({ voterCount: 4 }) } as Post
    expect(keepOwnVote(mine, event).poll).toMatchObject({ ownVote: '2', voterCount: 4 })
  })

  it('checks the composer’s options as the server does', () => {
    expect(pollOptionErrors({ options: ['Dust', ' dust', ''], durationMinutes: 1440 })).toEqual([
      null,
      'This is the same as another option.',
      'Write something here, or remove this option.',
    ])
    expect(toPollInput({ options: [' a ', 'b'], durationMinutes: 5 }, true)).toEqual({
      options: ['a', 'b'],
      durationMinutes: 5,
    })
  })

  it('sends minutes to a server that takes them, and whole hours to an older one', () => {
    expect(pollLengths(true)).toEqual([5, 15, 30, 60, 360, 1440, 4320, 10080])
    expect(pollLengths(false)).toEqual([60, 1440, 4320, 10080])
    expect(lengthToSend(15, true)).toEqual({ durationMinutes: 15 })
    // A draft of 15 minutes for an older server runs the shortest it has: an hour.
    expect(lengthToSend(15, false)).toEqual({ durationHours: 1 })
    expect(lengthToSend(4320, false)).toEqual({ durationHours: 72 })
  })
})

describe('PollView', () => {
  const fetchMock = fakeFriendServer()
  afterEach(cleanup)

  /** The poll of post 9 as the store holds it, on a server naming `features`. */
  function renderPoll(shown: PostPoll, own: boolean, features: ServerFeature[] = ['poll-changes']) {
    const store = createStore()
    store.set(serverFeaturesAtom, new Set(features))
    store.set(upsertPostsAtom, [{ _id: '9', poll: shown } as Post])
    function Current() {
      const post = useAtomValue(postsByIdAtom)['9']
      return post?.poll ? <PollView postId="9" poll={post.poll} own={own} canVote /> : null
    }
    const wrap = (ui: ReactNode) => <Provider store={store}>{ui}</Provider>
    render(wrap(<Current />))
    return store
  }

  const answered = (ownVote: string, votes: [number, number], revision: number) =>
    jsonResponse(200, {
      poll: poll({
        ownVote,
        voterCount: votes[0] + votes[1],
        revision,
        options: [
          { id: '1', text: 'Saturday', votes: votes[0] },
          { id: '2', text: 'Sunday', votes: votes[1] },
        ],
      }),
    })
  const sentVotes = () =>
    fetchMock.mock.calls.map(([url, init]) => ({
      path: new URL(String(url)).pathname,
      body: JSON.parse(String(init?.body)) as unknown,
    }))

  it('votes with one tap on an option, no Vote button, and then shows the results', async () => {
    fetchMock.mockResolvedValueOnce(answered('1', [2, 2], 4))
    renderPoll(poll({ revision: 3 }), false)
    // Before voting: options as buttons, no results, a word on how to vote.
    expect(screen.queryByText('33%')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Vote' })).toBeNull()
    expect(screen.getByText('Choose an option to vote.')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Saturday' }))
    expect(sentVotes()).toEqual([{ path: '/api/posts/9/poll/vote', body: { optionId: '1' } }])
    const saturday = await screen.findByRole('button', {
      name: 'Saturday (your vote): 50%, 2 votes',
    })
    expect(saturday.getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByText('You can change your vote until the poll ends.')).toBeTruthy()
  })

  it('moves the vote with a tap on another option until the end', async () => {
    fetchMock.mockResolvedValueOnce(answered('2', [1, 3], 5))
    renderPoll(poll({ ownVote: '1', revision: 4 }), false)
    // A tap on the option already chosen sends nothing.
    await userEvent.click(screen.getByRole('button', { name: /^Saturday \(your vote\)/ }))
    expect(fetchMock).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: /^Sunday/ }))
    expect(sentVotes()).toEqual([{ path: '/api/posts/9/poll/vote', body: { optionId: '2' } }])
    expect(
      await screen.findByRole('button', { name: 'Sunday (your vote): 75%, 3 votes' }),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: /^Saturday/ }).getAttribute('aria-pressed')).toBe(
      'false',
    )
  })

  it('says a vote is final on a server that keeps the first one', () => {
    renderPoll(poll({ ownVote: '1' }), false, ['polls'])
    expect(screen.queryByRole('button', { name: /Sunday/ })).toBeNull()
    expect(screen.getByText('This server keeps your first vote: it can’t be changed.')).toBeTruthy()
  })

  it('lets the author vote in their own poll, results shown from the start', async () => {
    fetchMock.mockResolvedValueOnce(answered('2', [1, 3], 1))
    renderPoll(poll(), true)
    await userEvent.click(screen.getByRole('button', { name: 'Sunday: 67%, 2 votes' }))
    expect(sentVotes()).toEqual([{ path: '/api/posts/9/poll/vote', body: { optionId: '2' } }])
    expect(await screen.findByRole('button', { name: /^Sunday \(your vote\)/ })).toBeTruthy()
  })

  it('shows final results after the end, nothing to tap', () => {
    renderPoll(poll({ ended: true, ownVote: '2' }), false)
    expect(screen.getByText('Final results')).toBeTruthy()
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Saturday33%, 1 vote',
      'Sunday, your vote67%, 2 votes',
    ])
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('closes on time when the end passes while it is on screen', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval'] })
    try {
      renderPoll(poll({ endsAt: new Date(Date.now() + 5 * 60_000).toISOString() }), false)
      expect(screen.getAllByRole('button', { name: /Saturday|Sunday/ })).toHaveLength(2)
      act(() => vi.advanceTimersByTime(5 * 60_000 + 100))
      expect(screen.queryByRole('button', { name: /Saturday|Sunday/ })).toBeNull()
      expect(screen.getByText('Final results')).toBeTruthy()
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('the poll editor’s lengths', () => {
  afterEach(cleanup)

  it('offers 5 minutes and up on a server that takes minutes, hours on an older one', () => {
    for (const [features, first] of [
      [['polls', 'poll-changes'], '5 minutes'],
      [['polls'], '1 hour'],
    ] as const) {
      const store = createStore()
      store.set(serverFeaturesAtom, new Set<ServerFeature>(features))
      render(
        <Provider store={store}>
          <PollEditor
            value={NEW_POLL}
            onChange={() => undefined}
            onRemove={() => undefined}
            showAll={false}
          />
        </Provider>,
      )
      const lengths = screen.getAllByRole('option').map((option) => option.textContent)
      expect(lengths[0]).toBe(first)
      expect(lengths.at(-1)).toBe('7 days')
      cleanup()
    }
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
    expect(durationFor(at(0.05), now)).toBe(5)
    expect(durationFor(at(0.5), now)).toBe(30)
    expect(durationFor(at(20), now)).toBe(1440)
    expect(durationFor(at(30), now)).toBe(4320)
    expect(durationFor(at(100), now)).toBe(10080)
  })
})
