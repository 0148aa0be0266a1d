/**
 * Around a conversation's messages (docs/API.md, "Conversations"): "typing…" signals, search
 * within a conversation and reports of a message. On SQLite (`npm run test:unit`) and
 * PostgreSQL (`npm run test:pg`); typing across two instances in
 * tests/server/cluster/conversations-instances.test.ts.
 */
import type {
  Conversation,
  ConversationResponse,
  MessageResponse,
  MessageSearchPage,
} from '../../../src/shared/conversation-types'
import type {
  HostActionsResponse,
  NotificationsPage,
  ReportResponse,
  ReportsResponse,
} from '../../../src/shared/api-types'
import { ACCOUNT_MESSAGES, CONVERSATION_MESSAGES } from '../../../src/server/errors/messages'
import { expectError, ok, quickUser, signedInAs } from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'
import { liveStreams } from '../../helpers/live-streams'
import type { TestApp } from '../../helpers/server-app'

const connect = liveStreams()

type Who = { token: string; id: string }

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

async function say(app: TestApp, who: Who, conversationId: string, text: string) {
  return (
    await ok<MessageResponse>(
      app.send(`/api/conversations/${conversationId}/messages`, { text }, who),
      201,
    )
  ).message
}

const search = (app: TestApp, who: Who, conversation: Conversation, query: string) =>
  app.get(
    `/api/conversations/${conversation._id}/messages/search?q=${encodeURIComponent(query)}`,
    who.token,
  )

const found = async (app: TestApp, who: Who, conversation: Conversation, query: string) =>
  (await ok<MessageSearchPage>(search(app, who, conversation, query))).messages.map(
    (message) => message.text,
  )

const block = (app: TestApp, who: Who, other: Who) =>
  ok(app.send(`/api/users/me/block/${other.id}`, {}, who))

describe('typing', () => {
  it.override({ appOptions: { demo: false } })

  it('tells the other members, not the typer’s own devices, not a blocked member; stores nothing', async ({
    app,
  }) => {
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const cy = await quickUser(app, 'cy')
    const eve = await quickUser(app, 'eve')
    const squad = await group(app, ana, 'squad', [bo, cy])
    await block(app, cy, ana)
    const anaPhone = await connect(app, ana)
    const boStream = await connect(app, bo)
    const cyStream = await connect(app, cy)
    const eveStream = await connect(app, eve)
    const before = await app.db.get<{ count: number }>('SELECT count(*) AS count FROM messages')

    await ok(app.send(`/api/conversations/${squad._id}/typing`, {}, ana))
    const told = await boStream.next('conversation-typing')
    expect(told.data).toEqual({
      conversationId: squad._id,
      user: expect.objectContaining({ _id: ana.id, username: 'ana' }),
    })
    await Promise.all([anaPhone.settle(150), cyStream.settle(150), eveStream.settle(150)])
    for (const stream of [anaPhone, cyStream, eveStream]) {
      expect(stream.events.some((event) => event.type === 'conversation-typing')).toBe(false)
    }
    // Nothing is written: no message, no row anywhere that names it.
    const after = await app.db.get<{ count: number }>('SELECT count(*) AS count FROM messages')
    expect(Number(after?.count)).toBe(Number(before?.count))

    // Bo types: Ana hears it, Cy too (no block between them).
    await ok(app.send(`/api/conversations/${squad._id}/typing`, {}, bo))
    expect((await anaPhone.next('conversation-typing')).data.user.username).toBe('bo')
    expect((await cyStream.next('conversation-typing')).data.user.username).toBe('bo')
  })

  it('refuses a non-member, a conversation that is not there, and counts against its limit', async ({
    makeApp,
  }) => {
    const app = await makeApp({ demo: false, limits: { typingPerHour: 2 } })
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const eve = await quickUser(app, 'eve')
    const squad = await group(app, ana, 'squad', [bo])
    const type = (who: Who, id = squad._id) => app.send(`/api/conversations/${id}/typing`, {}, who)
    await expectError(type(eve), 404, CONVERSATION_MESSAGES.conversationNotFound)
    await expectError(type(ana, '999999'), 404, CONVERSATION_MESSAGES.conversationNotFound)
    await expectError(type(ana, 'abc'), 404, CONVERSATION_MESSAGES.conversationNotFound)
    await ok(type(ana))
    const limited = await type(ana)
    expect(limited.status).toBe(429)
    expect(((await limited.json()) as { code: string }).code).toBe('RATE_LIMITED')
  })
})

describe('search within a conversation', () => {
  it.override({ appOptions: { demo: false } })

  it('finds every word, newest first, paged; never deleted messages or blocked authors', async ({
    app,
  }) => {
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const cy = await quickUser(app, 'cy')
    const squad = await group(app, ana, 'squad', [bo, cy])
    const other = await group(app, ana, 'elsewhere', [bo])
    await say(app, ana, squad._id, 'LAN party at nine')
    await say(app, bo, squad._id, 'bring the lan cables')
    await say(app, cy, squad._id, 'lan party snacks from cy')
    const gone = await say(app, bo, squad._id, 'lan party deleted plan')
    await ok(
      app.send(`/api/conversations/${squad._id}/messages/${gone._id}`, undefined, {
        token: bo.token,
        method: 'DELETE',
      }),
    )
    await say(app, ana, other._id, 'lan party in the other chat')

    // Every word, anywhere, any case; the newest first; the other chat is not searched.
    expect(await found(app, bo, squad, 'party LAN')).toEqual([
      'lan party snacks from cy',
      'LAN party at nine',
    ])
    expect(await found(app, bo, squad, 'cable')).toEqual(['bring the lan cables'])
    // Pages.
    const first = await ok<MessageSearchPage>(
      app.get(`/api/conversations/${squad._id}/messages/search?q=lan&limit=2`, bo.token),
    )
    expect(first.messages.map((message) => message.text)).toEqual([
      'lan party snacks from cy',
      'bring the lan cables',
    ])
    expect(first.words).toEqual(['lan'])
    const second = await ok<MessageSearchPage>(
      app.get(
        `/api/conversations/${squad._id}/messages/search?q=lan&limit=2&cursor=${first.nextCursor ?? ''}`,
        bo.token,
      ),
    )
    expect(second.messages.map((message) => message.text)).toEqual(['LAN party at nine'])
    expect(second.nextCursor).toBeNull()

    // Bo blocks Cy: Cy's messages never match for Bo, nor Bo's for Cy.
    await block(app, bo, cy)
    expect(await found(app, bo, squad, 'lan')).toEqual([
      'bring the lan cables',
      'LAN party at nine',
    ])
    expect(await found(app, cy, squad, 'lan')).toEqual([
      'lan party snacks from cy',
      'LAN party at nine',
    ])
  })

  it('takes % and _ as themselves, words of 2 characters at least, and says when none is left', async ({
    app,
  }) => {
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const squad = await group(app, ana, 'squad', [bo])
    await say(app, ana, squad._id, '100% sure')
    await say(app, ana, squad._id, 'snake_case name')
    await say(app, ana, squad._id, 'a b c')
    for (const query of ['%', '_', '%%', '%_%', '!!! ???', 'a b', '\\', "' OR 1=1 --"]) {
      const page = await ok<MessageSearchPage>(search(app, bo, squad, query))
      expect(page.words.filter((word) => word.length < 2)).toEqual([])
      if (query !== "' OR 1=1 --") {
        expect(page).toEqual({ words: [], messages: [], nextCursor: null })
      }
    }
    expect(await found(app, bo, squad, "' OR 1=1 --")).toEqual([])
    expect(await found(app, bo, squad, '100%')).toEqual(['100% sure'])
    expect(await found(app, bo, squad, 'snake_case')).toEqual(['snake_case name'])
    expect(await found(app, bo, squad, 'ake_ca')).toEqual(['snake_case name'])
  })

  it('answers 404 to a non-member and 400 to a bad query', async ({ app }) => {
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const eve = await quickUser(app, 'eve')
    const squad = await group(app, ana, 'squad', [bo])
    await say(app, ana, squad._id, 'secret plans')
    await expectError(
      search(app, eve, squad, 'secret'),
      404,
      CONVERSATION_MESSAGES.conversationNotFound,
      'CONVERSATION_NOT_FOUND',
    )
    await expectError(
      app.get('/api/conversations/999999/messages/search?q=secret', ana.token),
      404,
      CONVERSATION_MESSAGES.conversationNotFound,
    )
    const missing = await app.get(`/api/conversations/${squad._id}/messages/search`, ana.token)
    expect(missing.status).toBe(400)
    const badLimit = await app.get(
      `/api/conversations/${squad._id}/messages/search?q=x&limit=0`,
      ana.token,
    )
    expect(badLimit.status).toBe(400)
    const badCursor = await app.get(
      `/api/conversations/${squad._id}/messages/search?q=secret&cursor=nope`,
      ana.token,
    )
    expect(badCursor.status).toBe(400)
  })
})

describe('reporting a message', () => {
  it('reaches the host with the message, 3 either side as the reporter saw them, and the chat’s name only', async ({
    makeApp,
  }) => {
    const app = await makeApp({ demo: false, admins: ['boss'] })
    const boss = await signedInAs(app, 'boss')
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const cy = await quickUser(app, 'cy')
    const eve = await quickUser(app, 'eve')
    const squad = await group(app, ana, 'night squad', [bo, cy])
    for (const n of [1, 2, 3, 4]) await say(app, ana, squad._id, `before ${n}`)
    await say(app, cy, squad._id, 'cy hidden from bo')
    const bad = await say(app, cy, squad._id, 'the rude one')
    for (const n of [1, 2, 3, 4]) await say(app, bo, squad._id, `after ${n}`)
    const report = (body: unknown, who: Who = bo) => app.send('/api/reports', body, who)

    // Not one's own, not a non-member's, not one that is not there.
    await expectError(
      report({ messageId: bad._id }, cy),
      400,
      CONVERSATION_MESSAGES.reportOwn,
      'SELF_TARGET',
    )
    await expectError(
      report({ messageId: bad._id }, eve),
      404,
      CONVERSATION_MESSAGES.messageNotFound,
      'MESSAGE_NOT_FOUND',
    )
    await expectError(report({ messageId: '999999' }), 404, CONVERSATION_MESSAGES.messageNotFound)
    await expectError(report({ messageId: 'x' }), 404, CONVERSATION_MESSAGES.messageNotFound)

    const filed = await ok<ReportResponse>(
      report({ messageId: bad._id, category: 'harassment', reason: 'mean' }),
      201,
    )
    expect(filed.report.target.kind).toBe('message')
    await expectError(
      report({ messageId: bad._id }),
      400,
      ACCOUNT_MESSAGES.alreadyReported,
      'STATE_CONFLICT',
    )

    const { reports } = await ok<ReportsResponse>(app.get('/api/reports', boss.token))
    expect(reports).toHaveLength(1)
    const target = reports[0]?.target
    if (target?.kind !== 'message') throw new Error('a message report')
    expect(target).toMatchObject({
      _id: bad._id,
      conversation: { _id: squad._id, kind: 'group', name: 'night squad' },
      text: 'the rude one',
      deleted: false,
      author: expect.objectContaining({ username: 'cy', suspended: false }),
    })
    expect(target.before.map((item) => item.text)).toEqual([
      'before 3',
      'before 4',
      'cy hidden from bo',
    ])
    expect(target.after.map((item) => item.text)).toEqual(['after 1', 'after 2', 'after 3'])
    // Nothing else of the conversation: not its members, nor messages further away.
    const shown = JSON.stringify(reports)
    expect(shown).not.toContain('before 1')
    expect(shown).not.toContain('after 4')
    expect(shown).not.toContain('"members"')
    const heard = await ok<NotificationsPage>(app.get('/api/notifications', boss.token))
    expect(heard.notifications[0]).toMatchObject({ type: 'report', postId: null })
    expect(JSON.stringify(heard)).not.toContain('rude')

    // Dismissed: the reporter hears it was handled.
    await ok(
      app.send(`/api/reports/${reports[0]?._id ?? ''}`, undefined, {
        token: boss.token,
        method: 'DELETE',
      }),
    )
    const reporterHeard = await ok<NotificationsPage>(app.get('/api/notifications', bo.token))
    expect(reporterHeard.notifications[0]).toMatchObject({ type: 'report-handled' })
  })

  it('shows the context as the reporter could see it: a block hides the blocked one’s messages', async ({
    makeApp,
  }) => {
    const app = await makeApp({ demo: false, admins: ['boss'] })
    const boss = await signedInAs(app, 'boss')
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const cy = await quickUser(app, 'cy')
    const squad = await group(app, ana, 'squad', [bo, cy])
    await say(app, cy, squad._id, 'cy whispers')
    const bad = await say(app, ana, squad._id, 'the rude one')
    await block(app, bo, cy)
    await ok(app.send('/api/reports', { messageId: bad._id }, bo), 201)
    const { reports } = await ok<ReportsResponse>(app.get('/api/reports', boss.token))
    expect(JSON.stringify(reports)).not.toContain('cy whispers')
    // Cy cannot report what Bo wrote since the block: Cy does not see it.
    const hidden = await say(app, bo, squad._id, 'bo after the block')
    await expectError(
      app.send('/api/reports', { messageId: hidden._id }, cy),
      404,
      CONVERSATION_MESSAGES.messageNotFound,
    )
  })

  it('lets a host delete a reported message, and no other: its reporters hear, the members see it go', async ({
    makeApp,
  }) => {
    const app = await makeApp({ demo: false, admins: ['boss'] })
    const boss = await signedInAs(app, 'boss')
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const squad = await group(app, ana, 'squad', [bo])
    const bad = await say(app, ana, squad._id, 'the rude one')
    const fine = await say(app, ana, squad._id, 'a fine one')
    const remove = (id: string, who: Who = boss) =>
      app.send(`/api/moderation/messages/${id}`, undefined, { token: who.token, method: 'DELETE' })
    // Nobody reported it: the host may not touch it.
    await expectError(remove(fine._id), 404, CONVERSATION_MESSAGES.messageNotFound)
    await ok(app.send('/api/reports', { messageId: bad._id }, bo), 201)
    // Not a host: refused.
    expect((await remove(bad._id, bo)).status).toBe(403)
    const boStream = await connect(app, bo)
    await ok(remove(bad._id))
    const event = await boStream.next('message')
    expect(event.data.message).toMatchObject({ _id: bad._id, deleted: true, text: '' })
    const { reports } = await ok<ReportsResponse>(app.get('/api/reports', boss.token))
    expect(reports).toEqual([])
    const heard = await ok<NotificationsPage>(app.get('/api/notifications', bo.token))
    expect(heard.notifications[0]).toMatchObject({ type: 'report-handled' })
    const audit = await ok<HostActionsResponse>(app.get('/api/moderation/audit', boss.token))
    expect(audit.actions[0]).toMatchObject({ action: 'delete-message' })
    expect(JSON.stringify(audit)).not.toContain('rude')
    await expectError(remove(bad._id), 404, CONVERSATION_MESSAGES.messageNotFound)
  })

  it('no other host tool, search or notification shows a message', async ({ makeApp }) => {
    const app = await makeApp({ demo: false, admins: ['boss'] })
    const boss = await signedInAs(app, 'boss')
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const squad = await group(app, ana, 'squad', [bo])
    const SECRET = 'zebraquartz'
    await say(app, ana, squad._id, `${SECRET} plans`)
    await say(app, bo, squad._id, `${SECRET} reply`)
    const hostReads = app.routes
      .filter(
        (route) =>
          route.method === 'GET' &&
          (route.path.startsWith('/api/moderation') ||
            route.path.startsWith('/api/reports') ||
            route.path.startsWith('/api/server')),
      )
      .map((route) => route.path.replace(':userId', ana.id))
    expect(hostReads.length).toBeGreaterThan(4)
    for (const path of [
      ...hostReads,
      `/api/search?q=${SECRET}`,
      '/api/notifications',
      `/api/users/ana`,
    ]) {
      const answer = await app.get(path, boss.token)
      // The search answers the words it looked for; nothing else may hold them.
      const text = (await answer.text()).replace(`"words":["${SECRET}"]`, '')
      expect(text, path).not.toContain(SECRET)
    }
  })
})
