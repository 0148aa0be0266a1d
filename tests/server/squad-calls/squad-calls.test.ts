/**
 * Squad calls (docs/API.md, "Squad calls"): making one (and bad input), joining and leaving, the
 * last place filling it and opening a chat of exactly its players, the creator's close, what
 * blocks hide, and the expiry's claim. On SQLite (`npm run test:unit`) and PostgreSQL
 * (`npm run test:pg`).
 */
import type { ConversationsPage, MessagesPage } from '../../../src/shared/conversation-types'
import type { SquadCallResponse, SquadCallsList } from '../../../src/shared/squad-call-types'
import { GAME_MESSAGES, SQUAD_CALL_MESSAGES } from '../../../src/server/errors/messages'
import { expireSquadCall } from '../../../src/server/actions/squad-calls'
import { dueExpiries } from '../../../src/server/services/writes/squad-calls'
import { expectError, ok, quickUser } from '../../helpers/api'
import { describe, expect, it } from '../../helpers/fixtures'
import { liveStreams } from '../../helpers/live-streams'
import type { TestApp } from '../../helpers/server-app'

const connect = liveStreams()

type Who = { token: string; id: string }

const MINUTE = 60_000

const liveOfApp = (app: TestApp) => ({
  db: app.db,
  hub: app.events,
  media: app.media,
  hostIds: [],
})

/** Gives `who` the game on their profile, so that the server's list holds it. */
const addGame = (app: TestApp, who: Who, name = 'Counter-Strike 2') =>
  ok(app.send('/api/me/games', { games: [name] }, { ...who, method: 'PUT' }))

const create = (app: TestApp, who: Who, fields: Record<string, unknown> = {}) =>
  app.send('/api/squad-calls', { game: 'counterstrike2', needed: 2, ...fields }, who)

async function call(app: TestApp, who: Who, fields: Record<string, unknown> = {}) {
  return (await ok<SquadCallResponse>(create(app, who, fields), 201)).squadCall
}

const join = (app: TestApp, who: Who, id: string) =>
  app.send(`/api/squad-calls/${id}/join`, {}, { ...who, method: 'PUT' })

const leave = (app: TestApp, who: Who, id: string) =>
  app.send(`/api/squad-calls/${id}/join`, {}, { ...who, method: 'DELETE' })

const close = (app: TestApp, who: Who, id: string) =>
  app.send(`/api/squad-calls/${id}/close`, {}, who)

const open = async (app: TestApp, who: Who) =>
  (await ok<SquadCallsList>(app.get('/api/squad-calls', who.token))).squadCalls

const names = (people: { username: string }[]) => people.map((person) => person.username)

describe('squad calls', () => {
  it.override({ appOptions: { demo: false } })

  it('makes a call open for an hour by default, listed for others and on its game', async ({
    app,
  }) => {
    const sam = await quickUser(app, 'sam')
    const ana = await quickUser(app, 'ana')
    await addGame(app, sam)
    await addGame(app, ana, 'Doom')
    const before = Date.now()
    const made = await call(app, sam, { note: '  chill games  ', rank: ' Gold ' })
    expect(made).toMatchObject({
      creator: { username: 'sam' },
      game: { slug: 'counterstrike2', name: 'Counter-Strike 2' },
      needed: 2,
      joinedCount: 0,
      note: 'chill games',
      rank: 'Gold',
      status: 'open',
      endedAt: null,
      players: [],
      joined: false,
      isCreator: true,
      conversationId: null,
    })
    const expires = Date.parse(made.expiresAt) - before
    expect(expires).toBeGreaterThanOrEqual(60 * MINUTE - 1000)
    expect(expires).toBeLessThanOrEqual(60 * MINUTE + 5000)
    const other = await call(app, ana, { game: 'doom', needed: 1, expiresInMinutes: 30, note: '' })
    expect(other.note).toBeNull()
    const lasts = Date.parse(other.expiresAt) - Date.parse(other.createdAt)
    expect(Math.abs(lasts - 30 * MINUTE)).toBeLessThanOrEqual(1000)
    // Newest first; one game's page lists its own.
    expect((await open(app, ana)).map((one) => one._id)).toEqual([other._id, made._id])
    const doom = await ok<SquadCallsList>(app.get('/api/squad-calls?game=doom', sam.token))
    expect(doom.squadCalls.map((one) => one._id)).toEqual([other._id])
    await expectError(
      app.get('/api/squad-calls?game=nope', sam.token),
      404,
      GAME_MESSAGES.gameNotFound,
      'GAME_NOT_FOUND',
    )
  })

  it('refuses bad input with a clear sentence, and makes nothing', async ({ app }) => {
    const sam = await quickUser(app, 'sam')
    await addGame(app, sam)
    const cases: [Record<string, unknown>, string][] = [
      [{ needed: 0 }, 'Ask for at least one player.'],
      [{ needed: 10 }, 'Ask for at most 9 players.'],
      [{ needed: 1.5 }, 'needed must be a whole number of players.'],
      [{ needed: '2' }, 'needed must be a number of players.'],
      [{ game: '' }, 'Choose a game.'],
      [{ note: 'x'.repeat(141) }, 'A note can be at most 140 characters.'],
      [{ rank: 'x'.repeat(41) }, 'A rank can be at most 40 characters.'],
      [{ expiresInMinutes: 45 }, 'expiresInMinutes must be 30, 60, 120 or 240.'],
      [{ extra: true }, ''],
    ]
    for (const [fields, sentence] of cases) {
      const answer = await create(app, sam, fields)
      const text = await answer.text()
      expect(answer.status, text).toBe(400)
      if (sentence) expect(JSON.parse(text).errors).toContain(sentence)
    }
    await expectError(
      create(app, sam, { game: 'nope' }),
      404,
      GAME_MESSAGES.gameNotFound,
      'GAME_NOT_FOUND',
    )
    expect(await open(app, sam)).toEqual([])
    await expectError(
      app.get('/api/squad-calls/999999', sam.token),
      404,
      SQUAD_CALL_MESSAGES.squadCallNotFound,
    )
    await expectError(join(app, sam, 'abc'), 404, SQUAD_CALL_MESSAGES.squadCallNotFound)
  })

  it('fills live, closes when full and opens a chat of exactly its players', async ({ app }) => {
    const sam = await quickUser(app, 'sam')
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const cy = await quickUser(app, 'cy')
    await addGame(app, sam)
    const made = await call(app, sam, { needed: 2, rank: 'Gold' })
    // Cy joins and leaves before it fills.
    await ok(join(app, cy, made._id))
    const left = (await ok<SquadCallResponse>(leave(app, cy, made._id))).squadCall
    expect(left).toMatchObject({ joined: false, joinedCount: 0 })
    const samStream = await connect(app, sam)
    const joined = (await ok<SquadCallResponse>(join(app, ana, made._id))).squadCall
    expect(joined).toMatchObject({ joined: true, joinedCount: 1, status: 'open' })
    expect(names(joined.players)).toEqual(['ana'])
    expect((await samStream.next('squad-call')).data.squadCall.joinedCount).toBe(1)
    // A second join changes nothing; the creator is in it already.
    expect((await ok<SquadCallResponse>(join(app, ana, made._id))).squadCall.joinedCount).toBe(1)
    await expectError(join(app, sam, made._id), 400, SQUAD_CALL_MESSAGES.creatorJoins)
    const anaStream = await connect(app, ana)
    const full = (await ok<SquadCallResponse>(join(app, bo, made._id))).squadCall
    expect(full).toMatchObject({ status: 'full', joinedCount: 2, joined: true })
    expect(full.endedAt).not.toBeNull()
    expect(names(full.players)).toEqual(['ana', 'bo'])
    expect(full.conversationId).not.toBeNull()
    // Ana hears of the call, the chat and its first message.
    const event = await anaStream.next('conversation')
    expect(event.data.conversation._id).toBe(full.conversationId)
    expect((await anaStream.next('message')).data.message.text).toContain('Counter-Strike 2')
    for (const who of [sam, ana, bo]) {
      const page = await ok<ConversationsPage>(app.get('/api/conversations', who.token))
      expect(page.conversations).toHaveLength(1)
      const chat = page.conversations[0]
      expect(chat?._id).toBe(full.conversationId)
      expect(chat?.kind).toBe('group')
      expect(names(chat?.members ?? []).sort()).toEqual(['ana', 'bo', 'sam'])
      const messages = await ok<MessagesPage>(
        app.get(`/api/conversations/${full.conversationId}/messages`, who.token),
      )
      expect(messages.messages.map((one) => one.text)).toEqual([
        "Squad's full for Counter-Strike 2: have fun! Rank: Gold.",
      ])
    }
    // Cy, who left, is in no chat and sees no conversation of the call.
    const cys = await ok<ConversationsPage>(app.get('/api/conversations', cy.token))
    expect(cys.conversations).toEqual([])
    const seenByCy = await ok<SquadCallResponse>(app.get(`/api/squad-calls/${made._id}`, cy.token))
    expect(seenByCy.squadCall.conversationId).toBeNull()
    // Full: off the lists, and every late join or leave is refused with its sentence.
    expect(await open(app, cy)).toEqual([])
    await expectError(join(app, cy, made._id), 400, SQUAD_CALL_MESSAGES.full)
    await expectError(leave(app, ana, made._id), 400, SQUAD_CALL_MESSAGES.ended)
    await expectError(close(app, sam, made._id), 400, SQUAD_CALL_MESSAGES.ended)
  })

  it('lets two race for the last place: one gets it, the other hears it is full', async ({
    app,
  }) => {
    const sam = await quickUser(app, 'sam')
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    await addGame(app, sam)
    const made = await call(app, sam, { needed: 1 })
    const answers = await Promise.all([join(app, ana, made._id), join(app, bo, made._id)])
    expect(answers.map((one) => one.status).sort()).toEqual([200, 400])
    const loser = answers.find((one) => one.status === 400)
    expect(((await loser?.json()) as { errors: string[] }).errors).toEqual([
      SQUAD_CALL_MESSAGES.full,
    ])
    const chats = await ok<ConversationsPage>(app.get('/api/conversations', sam.token))
    expect(chats.conversations).toHaveLength(1)
    expect(chats.conversations[0]?.members).toHaveLength(2)
  })

  it('lets the creator close it early, and nobody else', async ({ app }) => {
    const sam = await quickUser(app, 'sam')
    const ana = await quickUser(app, 'ana')
    await addGame(app, sam)
    const made = await call(app, sam)
    await ok(join(app, ana, made._id))
    await expectError(close(app, ana, made._id), 400, SQUAD_CALL_MESSAGES.creatorOnly, 'NOT_OWNER')
    const anaStream = await connect(app, ana)
    const closed = (await ok<SquadCallResponse>(close(app, sam, made._id))).squadCall
    expect(closed).toMatchObject({ status: 'closed', conversationId: null })
    expect((await anaStream.next('squad-call')).data.squadCall.status).toBe('closed')
    expect(await open(app, ana)).toEqual([])
    await expectError(join(app, ana, made._id), 400, SQUAD_CALL_MESSAGES.ended)
    const chats = await ok<ConversationsPage>(app.get('/api/conversations', sam.token))
    expect(chats.conversations).toEqual([])
  })

  it('hides a call from whoever is blocked either way with its creator; a block with a player refuses the join', async ({
    app,
  }) => {
    const sam = await quickUser(app, 'sam')
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const cy = await quickUser(app, 'cy')
    await addGame(app, sam)
    const made = await call(app, sam, { needed: 3 })
    await ok(join(app, ana, made._id))
    await ok(app.send(`/api/users/me/block/${sam.id}`, {}, bo))
    await ok(app.send(`/api/users/me/block/${cy.id}`, {}, ana))
    // Bo blocked Sam: no call in the list, its page and join are "not found".
    expect(await open(app, bo)).toEqual([])
    await expectError(
      app.get(`/api/squad-calls/${made._id}`, bo.token),
      404,
      SQUAD_CALL_MESSAGES.squadCallNotFound,
    )
    await expectError(join(app, bo, made._id), 404, SQUAD_CALL_MESSAGES.squadCallNotFound)
    // Sam's calls made later reach neither way: Bo's stream hears nothing of them.
    const boStream = await connect(app, bo)
    const later = await call(app, sam, { needed: 1 })
    const anaSees = await ok<SquadCallResponse>(app.get(`/api/squad-calls/${later._id}`, ana.token))
    expect(anaSees.squadCall._id).toBe(later._id)
    await boStream.settle(100)
    expect(boStream.events.filter((one) => one.type === 'squad-call')).toEqual([])
    // Cy sees the call without Ana (Ana blocked Cy) and may not join a chat with her.
    const cys = await ok<SquadCallResponse>(app.get(`/api/squad-calls/${made._id}`, cy.token))
    expect(cys.squadCall.players).toEqual([])
    expect(cys.squadCall.joinedCount).toBe(1)
    await expectError(join(app, cy, made._id), 403, SQUAD_CALL_MESSAGES.blocked, 'BLOCKED')
    const after = await ok<SquadCallResponse>(app.get(`/api/squad-calls/${made._id}`, sam.token))
    expect(names(after.squadCall.players)).toEqual(['ana'])
  })

  it('expires on time once, whatever number of instances claim it', async ({ app }) => {
    const sam = await quickUser(app, 'sam')
    const ana = await quickUser(app, 'ana')
    await addGame(app, sam)
    const made = await call(app, sam, { expiresInMinutes: 30 })
    await ok(join(app, ana, made._id))
    const expiresAt = Date.parse(made.expiresAt)
    expect(await dueExpiries(app.db, expiresAt - 1)).toEqual({ due: [], next: expiresAt })
    expect((await dueExpiries(app.db, expiresAt)).due).toEqual([Number(made._id)])
    const stream = await connect(app, ana)
    const live = liveOfApp(app)
    // Too early: nothing is claimed.
    expect(await expireSquadCall(live, Number(made._id), expiresAt - 1)).toBe(false)
    const claimed = await Promise.all([
      expireSquadCall(live, Number(made._id), expiresAt + 1),
      expireSquadCall(live, Number(made._id), expiresAt + 1),
    ])
    expect(claimed.filter(Boolean)).toHaveLength(1)
    expect((await stream.next('squad-call')).data.squadCall.status).toBe('expired')
    await stream.settle(100)
    expect(stream.events.filter((one) => one.type === 'squad-call')).toHaveLength(1)
    expect((await dueExpiries(app.db, expiresAt + 1)).due).toEqual([])
    await expectError(join(app, ana, made._id), 400, SQUAD_CALL_MESSAGES.ended)
    const chats = await ok<ConversationsPage>(app.get('/api/conversations', ana.token))
    expect(chats.conversations).toEqual([])
  })
})
