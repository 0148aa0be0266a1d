/**
 * Game nights in the app: which nights are on now ("Starting now", lib/starting-now.ts), and a
 * friend's server's game night answers checked as every answer is (shared/answer-schemas.ts).
 */
import { describe, expect, it } from 'vitest'
import type { GameNightShared } from '../../src/shared/game-night-types'
import { getGameNight, listGameNights } from '../../src/renderer/src/api/game-nights'
import { UNUSABLE_ANSWER_MESSAGE } from '../../src/renderer/src/api/client'
import { isOnNow, nextChangeIn, nightsOnNow } from '../../src/renderer/src/lib/starting-now'
import { summaryOf } from './answer-fixtures'
import { fakeFriendServer, jsonResponse } from './fake-server'

const fetchMock = fakeFriendServer()

const NOW = Date.UTC(2026, 11, 5, 20)
const HOUR = 3_600_000

function nightOf(
  id: string,
  startsAt: number,
  extra: Partial<Record<keyof GameNightShared, unknown>> = {},
): GameNightShared {
  return {
    _id: id,
    host: summaryOf('sam', '1'),
    game: { slug: 'counterstrike2', name: 'Counter-Strike 2' },
    title: `night ${id}`,
    startsAt: new Date(startsAt).toISOString(),
    durationMinutes: 120,
    place: null,
    slots: null,
    status: 'open',
    counts: { going: 2, maybe: 0, cant: 0, waiting: 0 },
    threadPostId: '9',
    createdAt: '2026-11-01T00:00:00+00:00',
    updatedAt: '2026-11-01T00:00:00+00:00',
    ...extra,
  } as GameNightShared
}

describe('which game nights are on now', () => {
  it('takes those started, not over and not cancelled, the earliest first', () => {
    const nights = [
      nightOf('later', NOW - HOUR / 2),
      nightOf('first', NOW - HOUR),
      nightOf('over', NOW - 3 * HOUR),
      nightOf('ends now', NOW - 2 * HOUR),
      nightOf('ahead', NOW + HOUR),
      nightOf('cancelled', NOW - HOUR, { status: 'cancelled' }),
      nightOf('closed', NOW - HOUR / 4, { status: 'closed' }),
      nightOf('starts now', NOW),
    ]
    expect(nightsOnNow(nights, NOW).map((night) => night._id)).toEqual([
      'first',
      'later',
      'closed',
      'starts now',
    ])
    expect(isOnNow(nightOf('bad', NOW, { startsAt: 'whenever' }), NOW)).toBe(false)
  })

  it('knows when the list changes by itself: the next start or end, at most a day ahead', () => {
    expect(nextChangeIn([nightOf('a', NOW - HOUR), nightOf('b', NOW + 3 * HOUR)], NOW)).toBe(HOUR)
    expect(nextChangeIn([nightOf('b', NOW + 30 * 60_000)], NOW)).toBe(30 * 60_000)
    expect(nextChangeIn([nightOf('c', NOW + 40 * 24 * HOUR)], NOW)).toBe(24 * HOUR)
    expect(nextChangeIn([nightOf('d', NOW + HOUR, { status: 'cancelled' })], NOW)).toBeNull()
    expect(nextChangeIn([], NOW)).toBeNull()
  })
})

describe('checking a friend’s server’s game nights', () => {
  it('leaves out nights that do not check out, and cleans those that do', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        gameNights: [
          nightOf('1', NOW, { title: 'LAN\u202e party' }),
          nightOf('2', NOW, { host: summaryOf('//evil.example', '8') }),
          nightOf('../3', NOW),
          nightOf('4', NOW, { startsAt: 'whenever' }),
          nightOf('5', NOW, { status: 'exploded' }),
          nightOf('6', NOW, { threadPostId: '../../post/1', place: 42 }),
        ],
        nextCursor: 'next',
      }),
    )
    const page = await listGameNights({ when: 'upcoming' })
    expect(page.gameNights.map((night) => night._id)).toEqual(['1', '6'])
    expect(page.gameNights[0]?.title).toBe('LAN party')
    expect(page.gameNights[1]).toMatchObject({ threadPostId: null, place: null })
    expect(page.nextCursor).toBe('next')
  })

  it('fails the call of a night that does not check out, with a plain sentence', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { gameNight: { ...nightOf('1', NOW), game: { slug: '../x', name: '' } } }),
    )
    await expect(getGameNight('1')).rejects.toThrow(UNUSABLE_ANSWER_MESSAGE)
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        gameNight: {
          ...nightOf('1', NOW),
          going: [summaryOf('ana', '2'), summaryOf('/evil', '3')],
          maybe: 'nobody',
          waiting: [],
          myAnswer: 'sure',
          isHost: false,
        },
      }),
    )
    const { gameNight } = await getGameNight('1')
    expect(gameNight.going.map((person) => person.username)).toEqual(['ana'])
    expect(gameNight.maybe).toEqual([])
    expect(gameNight.myAnswer).toBeNull()
  })
})
