/**
 * Polls (docs/API.md, "Polls"): written with a post, from 5 minutes to 7 days, one vote per user
 * (the author too) that moves until the end, counts live with a growing revision to
 * everyone who may see the post, voting refused after the end (at `endsAt` exactly), options
 * locked once anyone voted, a page's polls in one query.
 */
import { vi } from 'vitest'
import type { PollVoteResponse, PostResponse, PostsPage } from '../../../src/shared/api-types'
import { POLL_MESSAGES } from '../../../src/server/errors/messages'
import { castVote } from '../../../src/server/services/writes/polls'
import { readCacheOf } from '../../../src/server/caches/store-caches'
import { createPost, expectError, ok, onePost } from '../../helpers/api'
import { liveStreams } from '../../helpers/live-streams'
import { createPoll, vote } from '../../helpers/polls'
import { describe, expect, it, test } from '../../helpers/fixtures'
import type { TestApp } from '../../helpers/server-app'

const connect = liveStreams()
const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE

const send = (app: TestApp, token: string, poll: unknown, extra: object = {}) =>
  app.send(
    '/api/posts',
    { postData: { content: 'Who’s in Saturday?', poll, ...extra } },
    { token, headers: { Prefer: 'return=minimal' } },
  )

describe('polls', () => {
  test.override({ appOptions: { demo: false } })

  it('writes a poll with a post: options trimmed, in order, counts at 0, an end', async ({
    app,
  }) => {
    const author = await app.signup('author')
    const before = Date.now()
    const { post } = await ok<PostResponse>(
      send(app, author.token, { options: ['  Saturday ', 'Sunday'], durationMinutes: 4320 }),
      201,
    )
    expect(post.poll).toMatchObject({
      options: [
        { text: 'Saturday', votes: 0 },
        { text: 'Sunday', votes: 0 },
      ],
      ended: false,
      voterCount: 0,
      ownVote: null,
      revision: 0,
    })
    const endsAt = Date.parse(post.poll?.endsAt ?? '')
    // Timestamps have whole seconds.
    expect(endsAt).toBeGreaterThanOrEqual(before + 72 * HOUR - 1000)
    expect(endsAt).toBeLessThanOrEqual(Date.now() + 72 * HOUR)
    // A post without a poll answers null.
    const plain = await createPost(app, author.token, 'no poll here')
    expect((await onePost(app, plain)).poll).toBeNull()
  })

  it('runs a poll from 5 minutes, and still takes the hours an older app sends', async ({
    app,
  }) => {
    const author = await app.signup('author')
    for (const [poll, length] of [
      [{ options: ['now', 'later'], durationMinutes: 5 }, 5 * MINUTE],
      [{ options: ['now', 'later'], durationMinutes: 15 }, 15 * MINUTE],
      [{ options: ['now', 'later'], durationHours: 1 }, HOUR],
      [{ options: ['now', 'later'], durationHours: 168 }, 168 * HOUR],
    ] as const) {
      const before = Date.now()
      const { post } = await ok<PostResponse>(send(app, author.token, poll), 201)
      const endsAt = Date.parse(post.poll?.endsAt ?? '')
      // Timestamps have whole seconds.
      expect(endsAt).toBeGreaterThanOrEqual(before + length - 1000)
      expect(endsAt).toBeLessThanOrEqual(Date.now() + length)
    }
  })

  const LENGTHS = 'A poll runs 5, 15, 30, 60, 360, 1440, 4320 or 10080 minutes.'

  it.for<[unknown, string]>([
    // (options, the sentence)
    [{ options: ['only one'], durationMinutes: 60 }, 'A poll needs at least 2 options.'],
    [
      { options: ['a', 'b', 'c', 'd', 'e'], durationMinutes: 60 },
      'A poll can have at most 4 options.',
    ],
    [{ options: ['Same', ' same '], durationMinutes: 60 }, 'Each poll option must be different.'],
    [{ options: ['a', '   '], durationMinutes: 60 }, 'A poll option cannot be empty.'],
    [
      { options: ['a', 'x'.repeat(51)], durationMinutes: 60 },
      'A poll option can be at most 50 characters.',
    ],
    [{ options: ['a', 'b'], durationMinutes: 1 }, LENGTHS],
    [{ options: ['a', 'b'], durationMinutes: '5' }, LENGTHS],
    [{ options: ['a', 'b'] }, LENGTHS],
    [{ options: ['a', 'b'], durationHours: 5 }, `durationHours is 1, 24, 72 or 168; ${LENGTHS}`],
    [
      { options: ['a', 'b'], durationMinutes: 60, durationHours: 1 },
      'Send the poll’s length once: durationMinutes or durationHours, not both.',
    ],
    [{ options: 'a,b', durationMinutes: 60 }, 'A poll needs a list of options.'],
  ])('refuses the poll %j: %s', async ([poll, message], { app }) => {
    const author = await app.signup('author')
    await expectError(send(app, author.token, poll), 400, message, 'VALIDATION')
  })

  it('refuses a poll with images, and a poll without a question', async ({ app }) => {
    const author = await app.signup('author')
    const poll = { options: ['a', 'b'], durationMinutes: 1440 }
    await expectError(
      send(app, author.token, poll, { media: [{ id: 'abcdefghijklmnop' }] }),
      400,
      POLL_MESSAGES.withImages,
      'VALIDATION',
    )
    await expectError(
      app.send('/api/posts', { postData: { content: ' ', poll } }, { token: author.token }),
      400,
      'A post cannot be empty.',
      'VALIDATION',
    )
  })

  it('takes one vote per user, the author’s too, which moves until the end', async ({ app }) => {
    const author = await app.signup('author')
    const voter = await app.signup('voter')
    const { postId, optionIds } = await createPoll(app, author.token)
    const [saturday, sunday] = optionIds as [string, string]
    const first = await ok<PollVoteResponse>(vote(app, voter.token, postId, sunday))
    expect(first.poll).toMatchObject({ ownVote: sunday, voterCount: 1, revision: 1 })
    expect(first.poll.options.map((option) => option.votes)).toEqual([0, 1, 0])

    // The author votes in their own poll.
    const own = await ok<PollVoteResponse>(vote(app, author.token, postId, saturday))
    expect(own.poll).toMatchObject({ ownVote: saturday, voterCount: 2, revision: 2 })

    // A change moves the vote: the voters stay two, the revision goes on.
    const moved = await ok<PollVoteResponse>(vote(app, voter.token, postId, saturday))
    expect(moved.poll).toMatchObject({ ownVote: saturday, voterCount: 2, revision: 3 })
    expect(moved.poll.options.map((option) => option.votes)).toEqual([2, 0, 0])
    // The same option again changes nothing.
    const again = await ok<PollVoteResponse>(vote(app, voter.token, postId, saturday))
    expect(again.poll).toEqual(moved.poll)
    const rows = await app.db.all('SELECT 1 FROM poll_votes WHERE post_id = ?', Number(postId))
    expect(rows).toHaveLength(2)

    // Each viewer sees their own vote; the counts are the same for all.
    expect((await onePost(app, postId, voter.token)).poll?.ownVote).toBe(saturday)
    expect((await onePost(app, postId, author.token)).poll?.ownVote).toBe(saturday)
    expect((await onePost(app, postId)).poll).toMatchObject({
      voterCount: 2,
      ownVote: null,
      revision: 3,
    })
  })

  it('refuses an option of another poll, a garbage option and a post without a poll', async ({
    app,
  }) => {
    const author = await app.signup('author')
    const voter = await app.signup('voter')
    const first = await createPoll(app, author.token)
    const second = await createPoll(app, author.token)
    for (const optionId of [second.optionIds[0] ?? '', '0', 'abc', '99999999999999999999']) {
      await expectError(
        vote(app, voter.token, first.postId, optionId),
        400,
        POLL_MESSAGES.optionNotInPoll,
        'VALIDATION',
      )
    }
    const plain = await createPost(app, author.token, 'no poll')
    await expectError(
      vote(app, voter.token, plain, first.optionIds[0] ?? ''),
      404,
      POLL_MESSAGES.notFound,
      'POLL_NOT_FOUND',
    )
    await expectError(
      vote(app, voter.token, '99999', first.optionIds[0] ?? ''),
      404,
      'Post not found.',
      'POST_NOT_FOUND',
    )
    await expectError(
      app.send(`/api/posts/${first.postId}/poll/vote`, { optionId: first.optionIds[0] }),
      401,
      'The token is invalid. Unauthorized access error.',
      'INVALID_TOKEN',
    )
    // Nothing was counted.
    expect((await onePost(app, first.postId)).poll?.voterCount).toBe(0)
  })

  it('refuses a vote on the poll of someone blocked, either way', async ({ app }) => {
    const author = await app.signup('author')
    const pest = await app.signup('pest')
    const { postId, optionIds } = await createPoll(app, author.token)
    await ok(app.send(`/api/users/me/block/${pest.id}`, {}, { token: author.token }))
    const message = 'You cannot react to or comment on the posts of someone blocked.'
    await expectError(vote(app, pest.token, postId, optionIds[0] ?? ''), 403, message, 'BLOCKED')
    const theirs = await createPoll(app, pest.token)
    await expectError(
      vote(app, author.token, theirs.postId, theirs.optionIds[0] ?? ''),
      403,
      message,
      'BLOCKED',
    )
    expect((await onePost(app, postId)).poll?.voterCount).toBe(0)
  })

  it('takes votes until the end and refuses them from the end on, results final', async ({
    app,
  }) => {
    const author = await app.signup('author')
    const early = await app.signup('early')
    const late = await app.signup('late')
    const { postId, optionIds } = await createPoll(app, author.token, 5)
    const endsAt = await app.db.get<{ endsAt: number }>(
      'SELECT ends_at AS "endsAt" FROM polls WHERE post_id = ?',
      Number(postId),
    )
    const end = endsAt?.endsAt ?? 0
    // The service with an injected clock: 1 ms before the end is in time, the end itself not.
    await castVote(app.db, Number(early.id), Number(postId), Number(optionIds[0]), end - 1)
    await expect(
      castVote(app.db, Number(late.id), Number(postId), Number(optionIds[0]), end),
    ).rejects.toMatchObject({ code: 'POLL_ENDED' })
    // Nor can a vote move at the end.
    await expect(
      castVote(app.db, Number(early.id), Number(postId), Number(optionIds[1]), end),
    ).rejects.toMatchObject({ code: 'POLL_ENDED' })
    // A vote cast straight through the service publishes no event, which is what drops a post's
    // kept poll totals (caches/read-cache.ts): the command's route does.
    readCacheOf(app.db)?.clear()

    // Through the API with a faked clock past the end.
    vi.useFakeTimers({ toFake: ['Date'], now: end + 1 })
    try {
      for (const token of [late.token, early.token]) {
        await expectError(
          vote(app, token, postId, optionIds[1] ?? ''),
          400,
          POLL_MESSAGES.ended,
          'POLL_ENDED',
        )
      }
      const poll = (await onePost(app, postId, early.token)).poll
      expect(poll).toMatchObject({ ended: true, voterCount: 1, ownVote: optionIds[0] })
    } finally {
      vi.useRealTimers()
    }
  })

  it('lets the author change the poll until someone votes, then only the text', async ({ app }) => {
    const author = await app.signup('author')
    const voter = await app.signup('voter')
    const { postId } = await createPoll(app, author.token)
    const edit = (postData: object, token = author.token) =>
      app.send(
        `/api/posts/edit/${postId}`,
        { postData },
        {
          token,
          headers: { Prefer: 'return=minimal' },
        },
      )
    // Before any vote: new options, then a text-only edit that leaves the poll alone.
    const replaced = await ok<PostResponse>(
      edit({ content: 'Which day?', poll: { options: ['Fri', 'Sat'], durationMinutes: 5 } }),
    )
    expect(replaced.post.poll?.options.map((option) => option.text)).toEqual(['Fri', 'Sat'])
    const textOnly = await ok<PostResponse>(edit({ content: 'Which day, really?' }))
    expect(textOnly.post.poll?.options.map((option) => option.text)).toEqual(['Fri', 'Sat'])
    // Hostile edits are checked as new polls are.
    await expectError(
      edit({ content: 'x', poll: { options: ['a', 'b', 'c', 'd', 'e'], durationMinutes: 5 } }),
      400,
      'A poll can have at most 4 options.',
      'VALIDATION',
    )
    // Someone else cannot touch it.
    await expectError(
      edit({ content: 'mine', poll: null }, voter.token),
      400,
      "Cannot edit a Post doesn't belong to the logged in User.",
      'NOT_OWNER',
    )

    await ok(vote(app, voter.token, postId, textOnly.post.poll?.options[0]?.id ?? ''))
    for (const poll of [null, { options: ['Fri', 'Sat', 'Sun'], durationMinutes: 1440 }]) {
      await expectError(
        edit({ content: 'changed', poll }),
        400,
        POLL_MESSAGES.locked,
        'POLL_LOCKED',
      )
    }
    // The refused edits changed nothing, not even the text; a text edit still goes through.
    expect((await onePost(app, postId)).content).toBe('Which day, really?')
    const after = await ok<PostResponse>(edit({ content: 'Friday it is' }))
    expect(after.post.content).toBe('Friday it is')
    expect(after.post.poll?.voterCount).toBe(1)
  })

  it('removes a poll without votes on request', async ({ app }) => {
    const author = await app.signup('author')
    const { postId } = await createPoll(app, author.token)
    await ok(
      app.send(
        `/api/posts/edit/${postId}`,
        { postData: { content: 'no poll', poll: null } },
        author,
      ),
    )
    expect((await onePost(app, postId)).poll).toBeNull()
  })

  it('sends the counts live to everyone who may see the post, not to the blocked', async ({
    app,
  }) => {
    const author = await app.signup('author')
    const voter = await app.signup('voter')
    const watcher = await app.signup('watcher')
    const pest = await app.signup('pest')
    const { postId, optionIds } = await createPoll(app, author.token)
    await ok(app.send(`/api/users/me/block/${pest.id}`, {}, { token: author.token }))
    const authorStream = await connect(app, author)
    const watcherStream = await connect(app, watcher)
    const pestStream = await connect(app, pest)

    await ok(vote(app, voter.token, postId, optionIds[2] ?? ''))
    // A change sends the counts again, with the next revision; a vote that changes nothing, none.
    await ok(vote(app, voter.token, postId, optionIds[0] ?? ''))
    await ok(vote(app, voter.token, postId, optionIds[0] ?? ''))
    for (const stream of [authorStream, watcherStream]) {
      expect((await stream.next('poll')).data).toEqual({
        postId,
        options: optionIds.map((id, index) => ({ id, votes: index === 2 ? 1 : 0 })),
        voterCount: 1,
        revision: 1,
      })
      expect((await stream.next('poll')).data).toEqual({
        postId,
        options: optionIds.map((id, index) => ({ id, votes: index === 0 ? 1 : 0 })),
        voterCount: 1,
        revision: 2,
      })
      expect(await stream.settle()).not.toContain('poll')
    }
    expect(await pestStream.settle()).not.toContain('poll')
  })

  it('presents the polls of a page in one query, and removes them with the post', async ({
    app,
  }) => {
    const author = await app.signup('author')
    const voter = await app.signup('voter')
    const polls = [await createPoll(app, author.token), await createPoll(app, author.token)]
    await createPost(app, author.token, 'between the polls')
    await ok(vote(app, voter.token, polls[0]?.postId ?? '', polls[0]?.optionIds[1] ?? ''))
    const statements = vi.spyOn(app.db, 'all')
    const page = await ok<PostsPage>(app.get('/api/posts?limit=10', voter.token))
    const pollQueries = statements.mock.calls.filter(([sql]) =>
      String(sql).includes('poll_options'),
    )
    expect(pollQueries).toHaveLength(1)
    statements.mockRestore()
    expect(page.posts.map((post) => post.poll?.ownVote ?? null)).toEqual([
      null,
      null,
      polls[0]?.optionIds[1],
    ])

    await ok(app.send(`/api/posts/${polls[0]?.postId}`, undefined, { ...author, method: 'DELETE' }))
    const left = await app.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM poll_votes')
    expect(Number(left?.n)).toBe(0)
  })
})
