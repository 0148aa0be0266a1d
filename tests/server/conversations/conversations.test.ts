/**
 * Conversations (docs/API.md, "Conversations"): one-to-one and group chats, private to
 * their members. On SQLite (`npm run test:unit`) and PostgreSQL (`npm run test:pg`); across two
 * instances in tests/server/cluster/conversations-instances.test.ts.
 */
import type {
  Conversation,
  ConversationReadResponse,
  ConversationResponse,
  ConversationsPage,
  ConversationUnreadResponse,
  MessageResponse,
  MessagesPage,
} from '../../../src/shared/conversation-types'
import type { LiveEventMap, LiveEventType, OkResponse } from '../../../src/shared/api-types'
import type { EventReader } from '../../helpers/sse'
import { CONVERSATION_MESSAGES } from '../../../src/server/errors/messages'
import { expectError, ok, quickUser } from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'
import { liveStreams } from '../../helpers/live-streams'
import type { TestApp } from '../../helpers/server-app'

const connect = liveStreams()

/** The next event of `type` that `match` accepts, those before it passed over. */
async function nextWhere<Type extends LiveEventType>(
  stream: EventReader,
  type: Type,
  match: (data: LiveEventMap[Type]) => boolean,
): Promise<LiveEventMap[Type]> {
  for (;;) {
    const { data } = await stream.next(type)
    if (match(data)) return data
  }
}

type Who = { token: string; id: string }

async function direct(app: TestApp, from: Who, to: Who, status = 201): Promise<Conversation> {
  return (
    await ok<ConversationResponse>(
      app.send('/api/conversations/direct', { userId: to.id }, from),
      status,
    )
  ).conversation
}

async function group(app: TestApp, creator: Who, name: string, members: Who[]) {
  return (
    await ok<ConversationResponse>(
      app.send(
        '/api/conversations/group',
        { name, memberIds: members.map((member) => member.id) },
        creator,
      ),
      201,
    )
  ).conversation
}

async function say(app: TestApp, who: Who, conversationId: string, text: string, replyTo?: string) {
  return (
    await ok<MessageResponse>(
      app.send(`/api/conversations/${conversationId}/messages`, { text, replyTo }, who),
      201,
    )
  ).message
}

const texts = async (app: TestApp, who: Who, conversationId: string, query = '') =>
  (
    await ok<MessagesPage>(
      app.get(`/api/conversations/${conversationId}/messages${query}`, who.token),
    )
  ).messages.map((message) => message.text)

const list = (app: TestApp, who: Who) =>
  ok<ConversationsPage>(app.get('/api/conversations', who.token))

const unread = (app: TestApp, who: Who) =>
  ok<ConversationUnreadResponse>(app.get('/api/conversations/unread', who.token))

describe('conversations', () => {
  it.override({ appOptions: { demo: false } })

  it('starts a one-to-one once, reopens it, and lists it with its last message and unread count', async ({
    app,
  }) => {
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const started = await direct(app, ana, bo)
    expect(started.kind).toBe('direct')
    expect(started.members.map((member) => member.username).sort()).toEqual(['ana', 'bo'])
    // From either side, again: the same conversation (200, not a second one).
    expect((await direct(app, bo, ana, 200))._id).toBe(started._id)
    await say(app, ana, started._id, 'hi bo')
    await say(app, ana, started._id, 'lan tonight?')
    const bos = await list(app, bo)
    expect(bos.conversations).toHaveLength(1)
    expect(bos.conversations[0]?.lastMessage?.text).toBe('lan tonight?')
    expect(bos.conversations[0]?.unreadCount).toBe(2)
    expect(bos.totalUnread).toBe(2)
    // One's own messages are never unread.
    expect((await list(app, ana)).totalUnread).toBe(0)
    await expectError(
      app.send('/api/conversations/direct', { userId: ana.id }, ana),
      400,
      CONVERSATION_MESSAGES.messageSelf,
      'SELF_TARGET',
    )
    await expectError(
      app.send('/api/conversations/direct', { userId: '999999' }, ana),
      404,
      'User not found.',
      'USER_NOT_FOUND',
    )
  })

  it('pages the history newest first with a cursor', async ({ app }) => {
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const { _id } = await direct(app, ana, bo)
    for (const n of [1, 2, 3, 4, 5]) await say(app, n % 2 ? ana : bo, _id, `m${n}`)
    const first = await ok<MessagesPage>(
      app.get(`/api/conversations/${_id}/messages?limit=2`, bo.token),
    )
    expect(first.messages.map((message) => message.text)).toEqual(['m5', 'm4'])
    const second = await ok<MessagesPage>(
      app.get(`/api/conversations/${_id}/messages?limit=2&cursor=${first.nextCursor}`, bo.token),
    )
    expect(second.messages.map((message) => message.text)).toEqual(['m3', 'm2'])
    const last = await ok<MessagesPage>(
      app.get(`/api/conversations/${_id}/messages?limit=2&cursor=${second.nextCursor}`, bo.token),
    )
    expect(last.messages.map((message) => message.text)).toEqual(['m1'])
    expect(last.nextCursor).toBeNull()
    await expectError(
      app.get(`/api/conversations/${_id}/messages?cursor=nonsense`, bo.token),
      400,
      /cursor/,
      'INVALID_CURSOR',
    )
  })

  it('edits and deletes only one’s own messages, shown as edited and deleted, and keeps replies', async ({
    app,
  }) => {
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const { _id } = await direct(app, ana, bo)
    const first = await say(app, ana, _id, 'see you at 8')
    const reply = await say(app, bo, _id, 'make it 9', first._id)
    expect(reply.replyTo).toMatchObject({ _id: first._id, text: 'see you at 8', deleted: false })
    const path = `/api/conversations/${_id}/messages/${first._id}`
    await expectError(
      app.send(path, { text: 'hijacked' }, { ...bo, method: 'PATCH' }),
      400,
      CONVERSATION_MESSAGES.editForeign,
      'NOT_OWNER',
    )
    await expectError(
      app.send(path, undefined, { ...bo, method: 'DELETE' }),
      400,
      CONVERSATION_MESSAGES.deleteForeign,
      'NOT_OWNER',
    )
    const edited = await ok<MessageResponse>(
      app.send(path, { text: 'see you at 9' }, { ...ana, method: 'PATCH' }),
    )
    expect(edited.message.text).toBe('see you at 9')
    expect(edited.message.editedAt).not.toBeNull()
    const deleted = await ok<MessageResponse>(
      app.send(path, undefined, { ...ana, method: 'DELETE' }),
    )
    expect(deleted.message).toMatchObject({ text: '', deleted: true })
    await expectError(
      app.send(path, { text: 'back' }, { ...ana, method: 'PATCH' }),
      400,
      CONVERSATION_MESSAGES.editDeleted,
      'STATE_CONFLICT',
    )
    const page = await ok<MessagesPage>(app.get(`/api/conversations/${_id}/messages`, bo.token))
    expect(page.messages.map((message) => [message.text, message.deleted])).toEqual([
      ['make it 9', false],
      ['', true],
    ])
    // The reply still points at it, without its words.
    expect(page.messages[0]?.replyTo).toMatchObject({ _id: first._id, text: '', deleted: true })
    // Nothing of the deleted text is left in the database's answers.
    expect(JSON.stringify(page)).not.toContain('see you at')
  })

  it('refuses bad messages with a sentence', async ({ app }) => {
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const { _id } = await direct(app, ana, bo)
    const send = (body: unknown) => app.send(`/api/conversations/${_id}/messages`, body, ana)
    await expectError(send({ text: '   ' }), 400, 'A message cannot be empty.', 'VALIDATION')
    await expectError(
      send({ text: 'x'.repeat(2001) }),
      400,
      'A message can be at most 2000 characters.',
      'VALIDATION',
    )
    await expectError(send({ text: 'hi', extra: 1 }), 400, /extra|Unrecognized/i, 'VALIDATION')
    await expectError(
      send({ text: 'hi', replyTo: '999999' }),
      404,
      CONVERSATION_MESSAGES.messageNotFound,
      'MESSAGE_NOT_FOUND',
    )
  })

  it('answers 404 to a non-member on every conversation route, and tells them nothing live', async ({
    app,
  }) => {
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const eve = await quickUser(app, 'eve')
    const squad = await group(app, ana, 'squad', [bo])
    const message = await say(app, ana, squad._id, 'secret plans')
    const eveStream = await connect(app, eve)
    const boStream = await connect(app, bo)
    const id = squad._id
    const calls: [string, string, unknown][] = [
      ['GET', `/api/conversations/${id}`, undefined],
      ['PATCH', `/api/conversations/${id}`, { name: 'mine now' }],
      ['POST', `/api/conversations/${id}/members`, { userIds: [eve.id] }],
      ['DELETE', `/api/conversations/${id}/members/${bo.id}`, undefined],
      ['POST', `/api/conversations/${id}/leave`, {}],
      ['PUT', `/api/conversations/${id}/mute`, { muted: true }],
      ['POST', `/api/conversations/${id}/read`, {}],
      ['GET', `/api/conversations/${id}/messages`, undefined],
      ['POST', `/api/conversations/${id}/messages`, { text: 'let me in' }],
      ['PATCH', `/api/conversations/${id}/messages/${message._id}`, { text: 'x' }],
      ['DELETE', `/api/conversations/${id}/messages/${message._id}`, undefined],
      ['PUT', `/api/conversations/${id}/picture`, {}],
      ['DELETE', `/api/conversations/${id}/picture`, undefined],
      ['PUT', `/api/conversations/${id}/messages/${message._id}/reactions/fire`, {}],
      ['DELETE', `/api/conversations/${id}/messages/${message._id}/reactions/fire`, undefined],
      ['POST', `/api/conversations/${id}/typing`, {}],
      ['GET', `/api/conversations/${id}/messages/search?q=secret`, undefined],
    ]
    // Every route with a conversation id in its path is in the list above.
    const withId = app.routes
      .filter((route) => route.path.startsWith('/api/conversations/:conversationId'))
      .map((route) => `${route.method} ${route.path}`)
    expect(new Set(withId).size).toBe(calls.length)
    for (const [method, path, body] of calls) {
      const answer =
        method === 'GET'
          ? app.get(path, eve.token)
          : app.send(path, body, { token: eve.token, method })
      await expectError(
        answer,
        404,
        CONVERSATION_MESSAGES.conversationNotFound,
        'CONVERSATION_NOT_FOUND',
      )
    }
    // A conversation that does not exist answers the same.
    await expectError(
      app.get('/api/conversations/999999', eve.token),
      404,
      CONVERSATION_MESSAGES.conversationNotFound,
    )
    expect((await list(app, eve)).conversations).toEqual([])
    // A member's message reaches the members' streams only.
    await say(app, bo, id, 'members only')
    expect((await boStream.next('message')).data.message.text).toBe('members only')
    await eveStream.settle(150)
    expect(eveStream.events.some((event) => event.type.startsWith('message'))).toBe(false)
    expect(JSON.stringify(eveStream.events)).not.toContain('members only')
    expect(JSON.stringify(eveStream.events)).not.toContain('squad')
  })

  it('keeps read positions per user, across devices, and clears unread counts on each', async ({
    app,
  }) => {
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const { _id } = await direct(app, ana, bo)
    const phone = await connect(app, bo)
    const pc = await connect(app, bo)
    await say(app, ana, _id, 'one')
    const two = await say(app, ana, _id, 'two')
    await say(app, ana, _id, 'three')
    expect((await pc.next('message')).data.created).toBe(true)
    expect((await unread(app, bo)).totalUnread).toBe(3)
    // The phone reads up to "two": both devices are told, one message is left.
    const state = await ok<ConversationReadResponse>(
      app.send(`/api/conversations/${_id}/read`, { upTo: two._id }, bo),
    )
    expect(state).toMatchObject({ lastReadId: two._id, unreadCount: 1, totalUnread: 1 })
    expect((await pc.next('conversation-read')).data).toEqual(state)
    expect((await phone.next('conversation-read')).data).toEqual(state)
    // Reading an earlier message never moves the position back.
    const again = await ok<ConversationReadResponse>(
      app.send(`/api/conversations/${_id}/read`, { upTo: two._id }, bo),
    )
    expect(again.unreadCount).toBe(1)
    // Without upTo: up to the latest.
    const all = await ok<ConversationReadResponse>(
      app.send(`/api/conversations/${_id}/read`, {}, bo),
    )
    expect(all).toMatchObject({ unreadCount: 0, totalUnread: 0 })
    expect((await unread(app, bo)).conversations).toEqual({})
    // A muted conversation's unread messages are left out of the total, not of its own count.
    await ok(app.send(`/api/conversations/${_id}/mute`, { muted: true }, { ...bo, method: 'PUT' }))
    await say(app, ana, _id, 'four')
    const muted = await unread(app, bo)
    expect(muted).toEqual({ totalUnread: 0, conversations: { [_id]: 1 } })
  })

  it('lets the creator manage a group of at most 50, and members leave', async ({ app }) => {
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const cy = await quickUser(app, 'cy')
    const squad = await group(app, ana, 'squad', [bo])
    expect(squad.members.map((member) => member.username)).toEqual(['ana', 'bo'])
    const boStream = await connect(app, bo)
    const path = `/api/conversations/${squad._id}`
    await expectError(
      app.send(path, { name: 'bo rules' }, { ...bo, method: 'PATCH' }),
      400,
      CONVERSATION_MESSAGES.creatorOnly,
      'NOT_OWNER',
    )
    const renamed = await ok<ConversationResponse>(
      app.send(path, { name: 'ranked squad' }, { ...ana, method: 'PATCH' }),
    )
    expect(renamed.conversation.name).toBe('ranked squad')
    expect((await boStream.next('conversation')).data.conversation.name).toBe('ranked squad')
    await ok(app.send(`${path}/members`, { userIds: [cy.id] }, ana))
    await say(app, cy, squad._id, 'thanks for the invite')
    await ok(app.send(`${path}/members/${cy.id}`, undefined, { ...ana, method: 'DELETE' }))
    await expectError(app.get(`${path}/messages`, cy.token), 404, /Conversation not found/)
    // The creator leaves: bo manages the group now.
    await ok<OkResponse>(app.send(`${path}/leave`, {}, ana))
    const left = await nextWhere(
      boStream,
      'conversation',
      ({ conversation }) => conversation.members.length === 1,
    )
    expect(left.conversation.creatorId).toBe(bo.id)
    expect(left.conversation.members.map((member) => member.username)).toEqual(['bo'])
    // 50 members at most, the creator included.
    const many = await Promise.all(
      Array.from({ length: 49 }, (_, n) => quickUser(app, `player_${n}`)),
    )
    const full = await group(app, ana, 'full house', many)
    expect(full.members).toHaveLength(50)
    await expectError(
      app.send(`/api/conversations/${full._id}/members`, { userIds: [cy.id] }, ana),
      400,
      CONVERSATION_MESSAGES.groupFull,
      'STATE_CONFLICT',
    )
    await expectError(
      app.send(
        '/api/conversations/group',
        { name: 'x', memberIds: [...many, cy].map((u) => u.id) },
        ana,
      ),
      400,
      'A group can have at most 50 members.',
      'VALIDATION',
    )
    // A one-to-one has no name to change.
    const pair = await direct(app, ana, cy)
    await expectError(
      app.send(`/api/conversations/${pair._id}`, { name: 'ours' }, { ...ana, method: 'PATCH' }),
      400,
      CONVERSATION_MESSAGES.notAGroup,
      'STATE_CONFLICT',
    )
  })

  it('refuses one-to-ones across a block either way and hides the blocked person in groups', async ({
    app,
  }) => {
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const cy = await quickUser(app, 'cy')
    const pair = await direct(app, ana, bo)
    const squad = await group(app, cy, 'squad', [ana, bo])
    await say(app, bo, squad._id, 'before the block')
    await ok(app.send(`/api/users/me/block/${bo.id}`, {}, ana))
    // Neither may start or write a one-to-one.
    for (const [from, to] of [
      [ana, bo],
      [bo, ana],
    ] as const) {
      await expectError(
        app.send('/api/conversations/direct', { userId: to.id }, from),
        403,
        CONVERSATION_MESSAGES.blocked,
        'BLOCKED',
      )
      await expectError(
        app.send(`/api/conversations/${pair._id}/messages`, { text: 'hello?' }, from),
        403,
        CONVERSATION_MESSAGES.blocked,
        'BLOCKED',
      )
    }
    // In the group they share, each stops seeing the other's messages (live too).
    const anaStream = await connect(app, ana)
    const boStream = await connect(app, bo)
    const cyStream = await connect(app, cy)
    const fromBo = await say(app, bo, squad._id, 'bo writes')
    await say(app, ana, squad._id, 'ana writes')
    expect((await cyStream.next('message')).data.message.text).toBe('bo writes')
    expect((await cyStream.next('message')).data.message.text).toBe('ana writes')
    await anaStream.settle(150)
    const anaGot = anaStream.events.filter((event) => event.type === 'message')
    expect(JSON.stringify(anaGot)).not.toContain('bo writes')
    const boGot = boStream.events.filter((event) => event.type === 'message')
    expect(JSON.stringify(boGot)).not.toContain('ana writes')
    expect(await texts(app, ana, squad._id)).toEqual(['ana writes'])
    expect(await texts(app, bo, squad._id)).toEqual(['bo writes', 'before the block'])
    expect(await texts(app, cy, squad._id)).toEqual(['ana writes', 'bo writes', 'before the block'])
    // Ana's unread counts leave bo out; her list shows her own last message, not bo's.
    const anas = await list(app, ana)
    const shared = anas.conversations.find((c) => c._id === squad._id)
    expect(shared?.unreadCount).toBe(0)
    expect(shared?.lastMessage?.text).toBe('ana writes')
    // A reply to bo's message reaches ana with the reply withheld.
    await say(app, cy, squad._id, 'agreed', fromBo._id)
    const agreed = ({ message }: LiveEventMap['message']) => message.text === 'agreed'
    const replyToAna = (await nextWhere(anaStream, 'message', agreed)).message
    expect(replyToAna.replyTo).toEqual({
      _id: fromBo._id,
      author: null,
      text: '',
      deleted: false,
      unavailable: true,
    })
    const replyToBo = (await nextWhere(boStream, 'message', agreed)).message
    expect(replyToBo.replyTo?.text).toBe('bo writes')
    // The creator cannot add to a group someone blocked either way with them.
    await expectError(
      app.send('/api/conversations/group', { name: 'no', memberIds: [bo.id] }, ana),
      403,
      CONVERSATION_MESSAGES.blockedMember,
      'BLOCKED',
    )
    // Unblocked, the one-to-one opens again.
    await ok(app.send(`/api/users/me/unblock/${bo.id}`, {}, ana))
    await say(app, bo, pair._id, 'friends again')
  })

  it('forgets a deleted account in its conversations: messages, the latest one, the group, the empty', async ({
    app,
  }) => {
    const leaver = await app.signup('leaver', 'long enough password')
    const bo = await quickUser(app, 'bo')
    const cy = await quickUser(app, 'cy')
    const pair = await direct(app, bo, leaver)
    await say(app, bo, pair._id, 'you there?')
    await say(app, leaver, pair._id, 'bye all')
    const squad = await group(app, leaver, 'squad', [bo, cy])
    await say(app, cy, squad._id, 'gl hf')
    await say(app, leaver, squad._id, 'my last words')
    // A conversation the leaver alone is left in: bo and cy left it.
    const alone = await group(app, leaver, 'empty soon', [bo])
    await ok(app.send(`/api/conversations/${alone._id}/leave`, {}, bo))
    await ok(
      app.send(
        '/api/users/me',
        { password: 'long enough password' },
        { token: leaver.token, method: 'DELETE' },
      ),
    )
    // Their messages go, and each list shows the latest message that is left.
    expect(await texts(app, bo, pair._id)).toEqual(['you there?'])
    const listed = (await list(app, bo)).conversations
    expect(listed.find((c) => c._id === pair._id)?.lastMessage?.text).toBe('you there?')
    expect(listed.find((c) => c._id === squad._id)?.lastMessage?.text).toBe('gl hf')
    // The group passes to the member who joined first, who may manage it.
    const renamed = await ok<ConversationResponse>(
      app.send(
        `/api/conversations/${squad._id}`,
        { name: 'our squad' },
        { ...bo, method: 'PATCH' },
      ),
    )
    expect(renamed.conversation.name).toBe('our squad')
    // Nobody is left in the last one: it is gone with its rows.
    expect(
      await app.db.ids('SELECT id FROM conversations WHERE id = ?', Number(alone._id)),
    ).toEqual([])
  })

  it('limits messages per user per hour like posts', async ({ makeApp }) => {
    const app = await makeApp({ demo: false, limits: { messagesPerHour: 2 } })
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const { _id } = await direct(app, ana, bo)
    await say(app, ana, _id, 'one')
    await say(app, ana, _id, 'two')
    await expectError(
      app.send(`/api/conversations/${_id}/messages`, { text: 'three' }, ana),
      429,
      /Too many messages/,
      'RATE_LIMITED',
    )
  })
})
