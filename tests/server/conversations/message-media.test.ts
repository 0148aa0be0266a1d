/**
 * Images and clips in messages, a group's picture, and reactions to messages (docs/API.md,
 * "Conversations"). On SQLite and PostgreSQL (`npm run test:pg`).
 */
import type { PostMediaItem, PostResponse } from '../../../src/shared/api-types'
import type {
  Conversation,
  ConversationResponse,
  ConversationsPage,
  MessageReactionsEvent,
  MessageResponse,
  MessagesPage,
} from '../../../src/shared/conversation-types'
import {
  CONVERSATION_LIMITS,
  MESSAGE_EMPTY,
  MESSAGE_TOO_MANY_MEDIA,
} from '../../../src/shared/conversation-schemas'
import {
  CONVERSATION_MESSAGES,
  MESSAGES,
  SHARE_MESSAGES,
} from '../../../src/server/errors/messages'
import { DRAFT_UPLOAD_TTL_MS, sweepUnusedMedia } from '../../../src/server/services/media/media'
import { expectError, ok, quickUser, TINY_PNG, upload } from '../../helpers/api'
import { uploadClip } from '../../helpers/clip-upload'
import { describe, expect, it } from '../../helpers/fixtures'
import { liveStreams } from '../../helpers/live-streams'
import type { TestApp } from '../../helpers/server-app'
import { makeMp4 } from '../../helpers/videos'

const connect = liveStreams()

type Who = { token: string; id: string }

async function group(app: TestApp, creator: Who, members: Who[]): Promise<Conversation> {
  return (
    await ok<ConversationResponse>(
      app.send(
        '/api/conversations/group',
        { name: 'squad', memberIds: members.map((member) => member.id) },
        creator,
      ),
      201,
    )
  ).conversation
}

async function image(app: TestApp, who: Who): Promise<PostMediaItem> {
  const answer = await upload(app, TINY_PNG, { token: who.token, route: '/api/media/post-images' })
  return ((await answer.json()) as { media: PostMediaItem }).media
}

const send = (app: TestApp, who: Who, conversationId: string, body: unknown) =>
  app.send(`/api/conversations/${conversationId}/messages`, body, who)

const react = (
  app: TestApp,
  who: Who,
  conversationId: string,
  messageId: string,
  reaction: string,
  on = true,
) =>
  app.send(
    `/api/conversations/${conversationId}/messages/${messageId}/reactions/${encodeURIComponent(reaction)}`,
    {},
    { token: who.token, method: on ? 'PUT' : 'DELETE' },
  )

const messagesOf = async (app: TestApp, who: Who, conversationId: string) =>
  (await ok<MessagesPage>(app.get(`/api/conversations/${conversationId}/messages`, who.token)))
    .messages

function pictureForm(bytes: Uint8Array, type = 'image/png'): FormData {
  const form = new FormData()
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), 'group.png')
  return form
}

const putPicture = (app: TestApp, who: Who, conversationId: string, bytes = TINY_PNG) =>
  app.request(`/api/conversations/${conversationId}/picture`, {
    method: 'PUT',
    headers: { authorization: who.token },
    body: pictureForm(bytes),
  })

describe('images and clips in messages', () => {
  it.override({ appOptions: { demo: false } })

  it('sends images and a clip with alt text, a message of media alone, and shows them to members', async ({
    app,
  }) => {
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const squad = await group(app, ana, [bo])
    const picture = await image(app, ana)
    const clip = (
      (await (await uploadClip(app, makeMp4(), ana.token)).json()) as { media: PostMediaItem }
    ).media
    const sent = await ok<MessageResponse>(
      send(app, ana, squad._id, {
        media: [
          { id: picture.id, alt: 'our lan setup' },
          { id: clip.id, alt: '' },
        ],
      }),
      201,
    )
    expect(sent.message.text).toBe('')
    expect(sent.message.media.map((item) => [item.id, item.alt, item.kind])).toEqual([
      [picture.id, 'our lan setup', 'image'],
      [clip.id, '', 'clip'],
    ])
    const [seen] = await messagesOf(app, bo, squad._id)
    expect(seen?.media.map((item) => item.url)).toEqual([picture.url, clip.url])
    expect((await app.get(picture.url)).status).toBe(200)
    expect((await app.get(picture.thumbUrl)).status).toBe(200)
    // The conversation list's last message carries them too.
    const list = await ok<ConversationsPage>(app.get('/api/conversations', bo.token))
    expect(list.conversations[0]?.lastMessage?.media).toHaveLength(2)
  })

  it('refuses an empty message, too many items, and media that is not the sender’s to attach', async ({
    app,
  }) => {
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const squad = await group(app, ana, [bo])
    await expectError(send(app, ana, squad._id, { text: '  ' }), 400, MESSAGE_EMPTY, 'VALIDATION')
    await expectError(send(app, ana, squad._id, { media: [] }), 400, MESSAGE_EMPTY, 'VALIDATION')
    const five = await Promise.all([1, 2, 3, 4, 5].map(() => image(app, ana)))
    await expectError(
      send(app, ana, squad._id, { media: five.map((item) => ({ id: item.id })) }),
      400,
      MESSAGE_TOO_MANY_MEDIA,
      'VALIDATION',
    )
    // Hostile shapes: not a list, an id that is not text, the same one twice.
    await expectError(send(app, ana, squad._id, { text: 'x', media: 'all' }), 400, /media/)
    await expectError(send(app, ana, squad._id, { text: 'x', media: [{ id: 7 }] }), 400, /id/)
    const one = five[0] as PostMediaItem
    await expectError(
      send(app, ana, squad._id, { media: [{ id: one.id }, { id: one.id }] }),
      400,
      'The same image is attached twice.',
    )
    // Someone else's upload, and one that never was: MEDIA_GONE naming them, nothing sent.
    const bos = await image(app, bo)
    const gone = await send(app, ana, squad._id, {
      text: 'look',
      media: [{ id: bos.id }, { id: 'AAAAAAAAAAAAAAAA' }, { id: one.id }],
    })
    expect(gone.status).toBe(422)
    expect(await gone.json()).toMatchObject({
      code: 'MEDIA_GONE',
      missingMedia: [bos.id, 'AAAAAAAAAAAAAAAA'],
    })
    expect(await messagesOf(app, ana, squad._id)).toEqual([])
    // Once on a message, an upload goes to no second message and no post.
    await ok(send(app, ana, squad._id, { media: [{ id: one.id }] }), 201)
    const again = await send(app, ana, squad._id, { media: [{ id: one.id }] })
    expect(((await again.json()) as { code: string }).code).toBe('MEDIA_GONE')
    const post = await app.send(
      '/api/posts',
      { postData: { content: 'reuse', media: [{ id: one.id }] } },
      ana,
    )
    expect(((await post.json()) as { code: string }).code).toBe('MEDIA_GONE')
    // And a post's upload goes to no message.
    const posted = await image(app, ana)
    await ok<PostResponse>(
      app.send('/api/posts', { postData: { content: 'mine', media: [{ id: posted.id }] } }, ana),
      201,
    )
    const taken = await send(app, ana, squad._id, { media: [{ id: posted.id }] })
    expect(((await taken.json()) as { code: string }).code).toBe('MEDIA_GONE')
  })

  it('deletes a message’s media with it: its addresses stop answering', async ({ app }) => {
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const squad = await group(app, ana, [bo])
    const picture = await image(app, ana)
    const sent = await ok<MessageResponse>(
      send(app, ana, squad._id, { text: 'soon gone', media: [{ id: picture.id }] }),
      201,
    )
    await ok(react(app, bo, squad._id, sent.message._id, 'fire'))
    const deleted = await ok<MessageResponse>(
      app.send(
        `/api/conversations/${squad._id}/messages/${sent.message._id}`,
        {},
        {
          token: ana.token,
          method: 'DELETE',
        },
      ),
    )
    expect(deleted.message.media).toEqual([])
    expect(deleted.message.reactions.counts).toEqual([])
    expect((await app.get(picture.url)).status).toBe(404)
    expect((await app.get(picture.thumbUrl)).status).toBe(404)
    await expectError(
      react(app, bo, squad._id, sent.message._id, 'fire'),
      400,
      CONVERSATION_MESSAGES.reactDeleted,
      'STATE_CONFLICT',
    )
  })
})

describe("a group's picture", () => {
  it.override({ appOptions: { demo: false } })

  it('keeps a group picture and a message picture through the sweep of unused uploads, days ahead', async ({
    app,
  }) => {
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const squad = await group(app, ana, [bo])
    const pictureUrl =
      (await ok<ConversationResponse>(putPicture(app, ana, squad._id))).conversation.pictureUrl ??
      ''
    const shot = await image(app, ana)
    await ok(
      app.send(
        `/api/conversations/${squad._id}/messages`,
        { text: 'the setup', media: [{ id: shot.id, alt: '' }] },
        ana,
      ),
      201,
    )
    // An upload never attached: the sweep's to take once a draft's week is over.
    const stray = await image(app, ana)
    await sweepUnusedMedia(app.db, Date.now() + DRAFT_UPLOAD_TTL_MS + 24 * 3_600_000)
    expect((await app.get(pictureUrl)).status).toBe(200)
    expect((await app.get(shot.url)).status).toBe(200)
    expect((await app.get(shot.thumbUrl)).status).toBe(200)
    expect((await app.get(stray.url)).status).toBe(404)
  })

  it('is set and removed by the creator, told live to members, refused to others', async ({
    app,
  }) => {
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const squad = await group(app, ana, [bo])
    expect(squad.pictureUrl).toBeNull()
    const boStream = await connect(app, bo)
    const set = await ok<ConversationResponse>(putPicture(app, ana, squad._id))
    const first = set.conversation.pictureUrl ?? ''
    expect(first).toMatch(/^\/api\/media\/[A-Za-z0-9_-]{16}$/)
    expect((await app.get(first)).status).toBe(200)
    const told = await boStream.next('conversation')
    expect(told.data.conversation.pictureUrl).toBe(first)
    // A new one replaces it: the old address stops answering.
    const second = (await ok<ConversationResponse>(putPicture(app, ana, squad._id))).conversation
    expect(second.pictureUrl).not.toBe(first)
    expect((await app.get(first)).status).toBe(404)
    // A member who is not its creator, a one-to-one, and bytes that are not an image.
    await expectError(
      putPicture(app, bo, squad._id),
      400,
      CONVERSATION_MESSAGES.pictureCreatorOnly,
      'NOT_OWNER',
    )
    const pair = (
      await ok<ConversationResponse>(
        app.send('/api/conversations/direct', { userId: bo.id }, ana),
        201,
      )
    ).conversation
    await expectError(
      putPicture(app, ana, pair._id),
      400,
      CONVERSATION_MESSAGES.pictureNotAGroup,
      'STATE_CONFLICT',
    )
    await expectError(
      putPicture(app, ana, squad._id, new TextEncoder().encode('not a picture at all')),
      400,
      MESSAGES.notAnImage,
    )
    await expectError(
      app.request(`/api/conversations/${squad._id}/picture`, {
        method: 'PUT',
        headers: { authorization: ana.token },
      }),
      400,
      MESSAGES.missingFile,
    )
    const removed = await ok<ConversationResponse>(
      app.send(
        `/api/conversations/${squad._id}/picture`,
        {},
        { token: ana.token, method: 'DELETE' },
      ),
    )
    expect(removed.conversation.pictureUrl).toBeNull()
    expect((await app.get(second.pictureUrl ?? '')).status).toBe(404)
  })
})

describe('reactions to messages', () => {
  it.override({ appOptions: { demo: false } })

  it('toggles any emoji, counts per viewer, and tells every member live', async ({ app }) => {
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const squad = await group(app, ana, [bo])
    const sent = await ok<MessageResponse>(send(app, ana, squad._id, { text: 'gg' }), 201)
    const id = sent.message._id
    const anaStream = await connect(app, ana)
    const mine = await ok<MessageReactionsEvent>(react(app, bo, squad._id, id, '🔥'))
    // The quick emoji is named by its key, as on posts.
    expect(mine.reactions).toEqual({ counts: [{ reaction: 'fire', count: 1 }], mine: ['fire'] })
    const told = await anaStream.next('message-reactions')
    expect(told.data).toEqual({
      conversationId: squad._id,
      messageId: id,
      reactions: { counts: [{ reaction: 'fire', count: 1 }], mine: [] },
    })
    // Again is the same; a second person adds to it; the page shows each their own.
    await ok(react(app, bo, squad._id, id, 'fire'))
    await ok(react(app, ana, squad._id, id, 'fire'))
    await ok(react(app, ana, squad._id, id, '🦊'))
    const [seen] = await messagesOf(app, bo, squad._id)
    expect(seen?.reactions).toEqual({
      counts: [
        { reaction: 'fire', count: 2 },
        { reaction: '🦊', count: 1 },
      ],
      mine: ['fire'],
    })
    const off = await ok<MessageReactionsEvent>(react(app, bo, squad._id, id, 'fire', false))
    expect(off.reactions.mine).toEqual([])
    expect(off.reactions.counts[0]).toEqual({ reaction: 'fire', count: 1 })
    // Taking back what is not there changes nothing.
    await ok(react(app, bo, squad._id, id, 'fire', false))
  })

  it('refuses outsiders, unknown emoji and missing messages', async ({ app }) => {
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const eve = await quickUser(app, 'eve')
    const squad = await group(app, ana, [bo])
    const sent = await ok<MessageResponse>(send(app, ana, squad._id, { text: 'gg' }), 201)
    await expectError(
      react(app, eve, squad._id, sent.message._id, 'fire'),
      404,
      CONVERSATION_MESSAGES.conversationNotFound,
      'CONVERSATION_NOT_FOUND',
    )
    await expectError(
      react(app, bo, squad._id, sent.message._id, 'not-an-emoji'),
      400,
      SHARE_MESSAGES.unknownReaction,
      'VALIDATION',
    )
    await expectError(
      react(app, bo, squad._id, sent.message._id, 'x'.repeat(300)),
      400,
      SHARE_MESSAGES.unknownReaction,
    )
    await expectError(
      react(app, bo, squad._id, '999999', 'fire'),
      404,
      CONVERSATION_MESSAGES.messageNotFound,
      'MESSAGE_NOT_FOUND',
    )
  })

  it("hides a blocked person's reactions, as their messages", async ({ app }) => {
    const ana = await quickUser(app, 'ana')
    const bo = await quickUser(app, 'bo')
    const cy = await quickUser(app, 'cy')
    const squad = await group(app, ana, [bo, cy])
    const sent = await ok<MessageResponse>(send(app, ana, squad._id, { text: 'gg' }), 201)
    await ok(react(app, cy, squad._id, sent.message._id, 'fire'))
    await ok(app.send(`/api/users/me/block/${cy.id}`, {}, { token: bo.token }))
    const boStream = await connect(app, bo)
    const [seen] = await messagesOf(app, bo, squad._id)
    expect(seen?.reactions.counts).toEqual([])
    expect((await messagesOf(app, ana, squad._id))[0]?.reactions.counts).toEqual([
      { reaction: 'fire', count: 1 },
    ])
    // Cy's next reaction reaches Ana live, not Bo; Ana's own reaches Bo without Cy's.
    await ok(react(app, cy, squad._id, sent.message._id, 'gg'))
    await ok(react(app, ana, squad._id, sent.message._id, 'clap'))
    const told = await boStream.next('message-reactions')
    expect(told.data.reactions.counts).toEqual([{ reaction: 'clap', count: 1 }])
  })

  it(`holds the cap of ${CONVERSATION_LIMITS.reactionsMax} different emoji, even when many add at once`, async ({
    app,
  }) => {
    const ana = await quickUser(app, 'ana')
    const animals = [...'🐶🐱🐭🐹🐰🦊🐻🐼🐨🐯🦁🐮🐷🐸🐵🐔🐧🐦🐤🦆🦅🦉🦇🐺🐗']
    const fans = await Promise.all(animals.map((_, index) => quickUser(app, `crowd${index}`)))
    const squad = await group(app, ana, fans)
    const sent = await ok<MessageResponse>(send(app, ana, squad._id, { text: 'react!' }), 201)
    const answers = await Promise.all(
      animals.map((emoji, index) =>
        react(app, fans[index] as Who, squad._id, sent.message._id, emoji),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    const most = CONVERSATION_LIMITS.reactionsMax
    expect(statuses.filter((status) => status === 200)).toHaveLength(most)
    expect(statuses.filter((status) => status === 400)).toHaveLength(animals.length - most)
    const [seen] = await messagesOf(app, ana, squad._id)
    expect(seen?.reactions.counts).toHaveLength(most)
    // Joining one already there still works; a new one is refused with the sentence.
    const present = seen?.reactions.counts[0]?.reaction ?? ''
    await ok(react(app, ana, squad._id, sent.message._id, present))
    await expectError(
      react(app, ana, squad._id, sent.message._id, '🦄'),
      400,
      CONVERSATION_MESSAGES.tooManyReactions,
      'STATE_CONFLICT',
    )
  })
})
