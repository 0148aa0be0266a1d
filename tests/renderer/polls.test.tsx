import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { Post, PostPoll } from '../../src/shared/api-types'
import { PollView } from '../../src/renderer/src/components/PollView'
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
