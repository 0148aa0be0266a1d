// @vitest-environment node
/**
 * The API client's live event marks (live/marks.ts, docs/API.md "Live events"): each answer's
 * `X-Live-Event-Id` is noted per server and token, and the earliest is where the stream starts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { configureApi, request } from '../../src/renderer/src/api/client'
import {
  earliestLiveEventMark,
  liveMarkScope,
  noteLiveEventMark,
  onLiveEventMark,
  resetLiveEventMarks,
} from '../../src/renderer/src/live/marks'
import { isEarlierMark, parseLiveEventId } from '../../src/shared/live-event-id'

const HOME = liveMarkScope('http://127.0.0.1:4000', 'token-a')

beforeEach(() => resetLiveEventMarks())
afterEach(() => vi.unstubAllGlobals())

describe('live event ids', () => {
  it('parse as run and number, and compare only within one run', () => {
    const a = parseLiveEventId('5f1c09ab-42')
    const b = parseLiveEventId('5f1c09ab-43')
    const other = parseLiveEventId('00ff-1')
    expect(a).toEqual({ id: '5f1c09ab-42', run: '5f1c09ab', major: 0, seq: 42 })
    if (!a || !b || !other) throw new Error('unparsed')
    expect(isEarlierMark(a, b)).toBe(true)
    expect(isEarlierMark(b, a)).toBe(false)
    expect(isEarlierMark(a, a)).toBe(false)
    expect(isEarlierMark(other, b)).toBe(false)
    expect(isEarlierMark(b, other)).toBe(false)
  })

  it("compare a cluster's stream ids by milliseconds, then number, whichever instance sent them", () => {
    const a = parseLiveEventId('1718000000000-5')
    const b = parseLiveEventId('1718000000001-0')
    const c = parseLiveEventId('1718000000001-2')
    const start = parseLiveEventId('0-0')
    expect(a).toEqual({ id: '1718000000000-5', run: 'stream', major: 1718000000000, seq: 5 })
    if (!a || !b || !c || !start) throw new Error('unparsed')
    expect(isEarlierMark(a, b)).toBe(true)
    expect(isEarlierMark(b, c)).toBe(true)
    expect(isEarlierMark(c, a)).toBe(false)
    expect(isEarlierMark(start, a)).toBe(true)
    // A server run of eight digits stays a run: 8 hex digits are one process's ids.
    expect(parseLiveEventId('12345678-3')?.run).toBe('12345678')
    noteLiveEventMark(HOME, '1718000000001-0')
    noteLiveEventMark(HOME, '1718000000000-9')
    noteLiveEventMark(HOME, '1718000000002-0')
    expect(earliestLiveEventMark(HOME)?.id).toBe('1718000000000-9')
  })

  it("compare a cluster's ids within one stream epoch only", () => {
    const a = parseLiveEventId('5f1c09ab-1718000000000-5')
    const b = parseLiveEventId('5f1c09ab-1718000000001-0')
    const otherEpoch = parseLiveEventId('0a1b2c3d-1718000000002-0')
    expect(a).toEqual({
      id: '5f1c09ab-1718000000000-5',
      run: '5f1c09ab',
      major: 1718000000000,
      seq: 5,
    })
    if (!a || !b || !otherEpoch) throw new Error('unparsed')
    expect(isEarlierMark(a, b)).toBe(true)
    expect(isEarlierMark(b, a)).toBe(false)
    // After Redis lost its stream, ids of the new epoch say nothing about the old one's.
    expect(isEarlierMark(a, otherEpoch)).toBe(false)
    expect(isEarlierMark(otherEpoch, a)).toBe(false)
    expect(parseLiveEventId('12345678-1718000000000-0')?.run).toBe('12345678')
  })

  it('refuse anything else', () => {
    for (const bad of [
      null,
      undefined,
      '',
      '42',
      'run-1',
      'ab-',
      'ab-1-2',
      'AB-1',
      'ab-1\n',
      'ab-1234567890123456',
      '5f1c09ab-1-2-3',
      '5f1c09a-1718000000000-0',
    ]) {
      expect(parseLiveEventId(bad)).toBeNull()
    }
  })
})

describe('the earliest mark', () => {
  it('is the earliest answer of the scope, whatever order the answers come in', () => {
    noteLiveEventMark(HOME, 'ab-7')
    noteLiveEventMark(HOME, 'ab-5')
    noteLiveEventMark(HOME, 'ab-9')
    expect(earliestLiveEventMark(HOME)?.id).toBe('ab-5')
  })

  it('ignores a missing or malformed header (an older server)', () => {
    noteLiveEventMark(HOME, 'ab-5')
    noteLiveEventMark(HOME, null)
    noteLiveEventMark(HOME, 'ab-1; drop')
    expect(earliestLiveEventMark(HOME)?.id).toBe('ab-5')
  })

  it('starts over for another server, user or token', () => {
    noteLiveEventMark(HOME, 'ab-5')
    const otherToken = liveMarkScope('http://127.0.0.1:4000', 'token-b')
    const otherServer = liveMarkScope('http://10.0.0.2:4000', 'token-a')
    noteLiveEventMark(otherToken, 'ab-8')
    expect(earliestLiveEventMark(HOME)).toBeNull()
    expect(earliestLiveEventMark(otherToken)?.id).toBe('ab-8')
    noteLiveEventMark(otherServer, 'cd-3')
    expect(earliestLiveEventMark(otherToken)).toBeNull()
    expect(earliestLiveEventMark(otherServer)?.id).toBe('cd-3')
  })

  it('is replaced by a mark of a new run of the server (the old run cannot replay)', () => {
    noteLiveEventMark(HOME, 'ab-5')
    noteLiveEventMark(HOME, 'cd-90')
    expect(earliestLiveEventMark(HOME)?.id).toBe('cd-90')
  })

  it('tells listeners of every mark with its scope, until they unsubscribe', () => {
    const heard: string[] = []
    const off = onLiveEventMark((scope, mark) => heard.push(`${scope === HOME}:${mark.id}`))
    noteLiveEventMark(HOME, 'ab-5')
    noteLiveEventMark(HOME, 'ab-9')
    off()
    noteLiveEventMark(HOME, 'ab-2')
    expect(heard).toEqual(['true:ab-5', 'true:ab-9'])
  })

  it('is noted by the API client from every answer, refusals included', async () => {
    configureApi({ baseUrl: 'http://127.0.0.1:4000', getToken: () => 'token-a' })
    const answers = [
      new Response('{"posts":[],"nextCursor":null}', {
        status: 200,
        headers: { 'x-live-event-id': 'ab-12' },
      }),
      new Response('{"errors":["Post not found."],"code":"POST_NOT_FOUND"}', {
        status: 404,
        headers: { 'x-live-event-id': 'ab-10' },
      }),
    ]
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift()),
    )
    await request('/posts')
    await expect(request('/posts/9')).rejects.toThrow('Post not found.')
    expect(earliestLiveEventMark(HOME)?.id).toBe('ab-10')
  })
})
