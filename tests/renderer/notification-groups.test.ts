import { describe, expect, it } from 'vitest'
import type { Notification, NotificationType } from '../../src/shared/api-types'
import {
  GROUP_WINDOW_MS,
  groupNotifications,
  groupSentence,
  groupTarget,
} from '../../src/renderer/src/lib/notification-groups'
import { summaryOf } from './answer-fixtures'

const HOUR = 60 * 60 * 1000
const START = Date.parse('2026-03-01T12:00:00+00:00')

let nextId = 1000
/** A notification `hoursAgo` before START, by `actor`. Ids fall with age, as the server's do. */
function note(
  type: NotificationType,
  actor: string,
  hoursAgo: number,
  extra: Partial<Notification> = {},
): Notification {
  nextId -= 1
  return {
    id: String(nextId),
    type,
    actor: summaryOf(actor, `u-${actor}`),
    postId: type === 'follow' ? null : '7',
    commentId: type === 'upvote' || type === 'comment' ? '70' : null,
    snippet: type === 'follow' ? '' : 'gg wp',
    createdAt: new Date(START - hoursAgo * HOUR).toISOString().replace('Z', '+00:00'),
    read: false,
    ...extra,
  }
}

const shape = (notifications: Notification[]) =>
  groupNotifications(notifications).map((group) => ({
    type: group.type,
    actors: group.actors.map((actor) => actor.username),
    size: group.items.length,
    unread: group.unread,
  }))

describe('groupNotifications', () => {
  it('groups likes of the same post at the place of the newest, whatever lies between', () => {
    const list = [
      note('like', 'player2', 0),
      note('comment', 'nova', 1),
      note('like', 'player3', 2),
      note('like', 'other_post', 3, { postId: '8' }),
      note('like', 'player4', 4),
    ]
    expect(shape(list)).toEqual([
      { type: 'like', actors: ['player2', 'player3', 'player4'], size: 3, unread: true },
      { type: 'comment', actors: ['nova'], size: 1, unread: true },
      { type: 'like', actors: ['other_post'], size: 1, unread: true },
    ])
  })

  it('groups emoji reactions by post, apart from likes: "… and 2 others reacted to your post"', () => {
    const list = [
      note('reaction', 'player2', 0),
      note('like', 'player2', 1),
      note('reaction', 'player3', 2),
      note('reaction', 'elsewhere', 3, { postId: '8' }),
      note('reaction', 'player4', 4),
    ]
    expect(shape(list).map((group) => [group.type, group.actors])).toEqual([
      ['reaction', ['player2', 'player3', 'player4']],
      ['like', ['player2']],
      ['reaction', ['elsewhere']],
    ])
    const [reactions] = groupNotifications(list)
    expect(reactions && groupSentence(reactions)).toBe('player2 and 2 others reacted to your post')
    expect(reactions && groupTarget(reactions)).toEqual({ kind: 'post', id: '7' })
  })

  it('groups upvotes by comment and follows together, but never comments or mentions', () => {
    const list = [
      note('upvote', 'a_user', 0),
      note('upvote', 'b_user', 1, { commentId: '71' }),
      note('upvote', 'c_user', 2),
      note('follow', 'd_user', 3),
      note('mention', 'e_user', 4),
      note('mention', 'e_user', 5),
      note('follow', 'f_user', 6),
      note('comment', 'g_user', 7),
      note('comment', 'h_user', 8),
    ]
    expect(shape(list).map((group) => [group.type, group.actors])).toEqual([
      ['upvote', ['a_user', 'c_user']],
      ['upvote', ['b_user']],
      ['follow', ['d_user', 'f_user']],
      ['mention', ['e_user']],
      ['mention', ['e_user']],
      ['comment', ['g_user']],
      ['comment', ['h_user']],
    ])
  })

  it('starts a new group past the window, measured from the group’s newest', () => {
    const windowHours = GROUP_WINDOW_MS / HOUR
    const list = [
      note('like', 'newest', 0),
      note('like', 'inside', windowHours),
      note('like', 'outside', windowHours + 1),
      note('like', 'joins_old', windowHours + 2),
    ]
    expect(shape(list).map((group) => group.actors)).toEqual([
      ['newest', 'inside'],
      ['outside', 'joins_old'],
    ])
  })

  it('counts an actor once, and is unread while any member is', () => {
    const list = [
      note('like', 'player2', 0, { read: true }),
      note('like', 'player2', 1, { read: true }),
      note('like', 'player3', 2, { read: false }),
    ]
    const [group] = groupNotifications(list)
    expect(group?.actors.map((actor) => actor.username)).toEqual(['player2', 'player3'])
    expect(group?.items).toHaveLength(3)
    expect(group?.unread).toBe(true)
    expect(groupNotifications(list.slice(0, 2))[0]?.unread).toBe(false)
  })

  it('never groups a notification whose time cannot be read, nor one without a target', () => {
    const list = [
      note('like', 'player2', 0),
      note('like', 'broken_time', 1, { createdAt: 'yesterday' }),
      note('like', 'no_post', 2, { postId: null }),
      note('like', 'no_post_2', 3, { postId: null }),
    ]
    expect(shape(list).map((group) => group.actors)).toEqual([
      ['player2'],
      ['broken_time'],
      ['no_post'],
      ['no_post_2'],
    ])
  })

  it('keeps a group’s key (its newest id) when older pages join it', () => {
    const first = [note('like', 'player2', 0)]
    const older = [note('like', 'player3', 1)]
    const [alone] = groupNotifications(first)
    const [joined] = groupNotifications([...first, ...older])
    expect(joined?.key).toBe(alone?.key)
    expect(joined?.items).toHaveLength(2)
  })

  it('answers an empty list for no notifications', () => {
    expect(groupNotifications([])).toEqual([])
  })
})

describe('groupSentence and groupTarget', () => {
  const sentence = (list: Notification[]) => {
    const [group] = groupNotifications(list)
    if (!group) throw new Error('no group')
    return groupSentence(group)
  }

  it.each([
    ['player2 liked your post', [note('like', 'player2', 0)]],
    [
      'player2 and player3 liked your post',
      [note('like', 'player2', 0), note('like', 'player3', 1)],
    ],
    [
      'player2 and 3 others liked your post',
      [
        note('like', 'player2', 0),
        note('like', 'player3', 1),
        note('like', 'player4', 2),
        note('like', 'player5', 3),
      ],
    ],
    ['a_user upvoted your comment', [note('upvote', 'a_user', 0)]],
    ['a_user and b_user followed you', [note('follow', 'a_user', 0), note('follow', 'b_user', 1)]],
    ['a_user commented on your post', [note('comment', 'a_user', 0)]],
    ['a_user mentioned you in a post', [note('mention', 'a_user', 0)]],
    ['a_user mentioned you in a comment', [note('mention', 'a_user', 0, { commentId: '70' })]],
  ])('says "%s"', (expected, list) => {
    expect(sentence(list)).toBe(expected)
  })

  it('leads to the post, or for a follow to the newest follower', () => {
    const [like] = groupNotifications([note('like', 'player2', 0)])
    const [upvote] = groupNotifications([note('upvote', 'player2', 0, { postId: '9' })])
    const [follow] = groupNotifications([note('follow', 'newest', 0), note('follow', 'older', 1)])
    if (!like || !upvote || !follow) throw new Error('missing group')
    expect(groupTarget(like)).toEqual({ kind: 'post', id: '7' })
    // threads: a comment's notification leads to the comment on its post (a deep link)
    expect(groupTarget(upvote)).toEqual({ kind: 'post', id: '9', commentId: '70' })
    expect(groupTarget(follow)).toEqual({ kind: 'profile', id: 'newest' })
  })

  it('says who replied to whom, one reply an entry (threads)', () => {
    const groups = groupNotifications([
      note('reply', 'player2', 0, { commentId: '71' }),
      note('reply', 'player3', 1, { commentId: '72' }),
    ])
    expect(groups.map((group) => groupSentence(group))).toEqual([
      'player2 replied to your comment',
      'player3 replied to your comment',
    ])
    const [first] = groups
    if (!first) throw new Error('missing group')
    expect(groupTarget(first)).toEqual({ kind: 'post', id: '7', commentId: '71' })
  })
})
