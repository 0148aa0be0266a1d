import { Hono } from 'hono'
import type { OkResponse } from '../../shared/api-types'
import type {
  ConversationReadResponse,
  ConversationResponse,
  ConversationsPage,
  ConversationUnreadResponse,
  MessageReactionsEvent,
  MessageResponse,
  MessagesPage,
} from '../../shared/conversation-types'
import {
  addMembersSchema,
  directConversationSchema,
  editMessageSchema,
  groupConversationSchema,
  muteConversationSchema,
  readConversationSchema,
  renameConversationSchema,
  sendMessageSchema,
} from '../../shared/conversation-schemas'
import { pageQuerySchema } from '../../shared/schemas'
import * as commands from '../actions/conversations'
import { reactToMessage, removeGroupPicture, setGroupPicture } from '../actions/conversation-extras'
import { imageUploadGuards } from '../http/image-upload'
import { checkedReaction } from '../services/reads/reaction-names'
import { liveOf } from '../actions/live'
import { perUserLimit, requireUser, type AppDeps, type AppEnv } from '../http/context'
import { idParams, validate } from '../http/validate'
import { pageRequest } from '../services/reads/pagination'
import {
  conversationAnswer,
  conversationsPage,
  messageAnswer,
  messagesPage,
  unreadAnswer,
} from '../services/presenting/conversations'

const ids = (list: string[]) => list.map(Number)

/**
 * `/api/conversations` (docs/API.md, "Conversations"): always the signed-in user's
 * own, and a conversation they are not a member of is CONVERSATION_NOT_FOUND on every route.
 * No answer here is kept whole (http/kept-answers.ts): messages change without touching posts.
 */
export function conversationsRoutes(deps: AppDeps) {
  const { db } = deps
  const live = liveOf(deps)
  const conversation = idParams('conversationId')
  const message = idParams('conversationId', 'messageId')
  const member = idParams('conversationId', 'userId')
  // A group's picture is uploaded as a profile picture is (size, type, hourly uploads).
  const { sizeLimit, uploadLimit, uploadedBytes } = imageUploadGuards(deps)
  const reactionLimit = perUserLimit(deps, 'reactions')
  /** A member's reaction added (`on`) or taken back: the reactions as they see them now. */
  const react = async (
    user: AppEnv['Variables']['user'],
    ids: { conversationId: number; messageId: number },
    rawReaction: string,
    on: boolean,
  ) => {
    const reaction = await checkedReaction(db, rawReaction, !on)
    return (await reactToMessage(
      live,
      user,
      ids.conversationId,
      ids.messageId,
      reaction,
      on,
    )) satisfies MessageReactionsEvent
  }
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .get('/', validate('query', pageQuerySchema), async (c) => {
      const page = pageRequest(c.req.valid('query'))
      return c.json(
        (await conversationsPage(db, c.get('user').id, page)) satisfies ConversationsPage,
      )
    })
    .get('/unread', async (c) =>
      c.json((await unreadAnswer(db, c.get('user').id)) satisfies ConversationUnreadResponse),
    )
    .post('/direct', validate('json', directConversationSchema), async (c) => {
      const user = c.get('user')
      const started = await commands.startDirect(live, user, Number(c.req.valid('json').userId))
      const answer = await conversationAnswer(db, user.id, started.conversation.id)
      return c.json(answer satisfies ConversationResponse, started.created ? 201 : 200)
    })
    .post('/group', validate('json', groupConversationSchema), async (c) => {
      const user = c.get('user')
      const { name, memberIds } = c.req.valid('json')
      const started = await commands.startGroup(live, user, name, ids(memberIds))
      const answer = await conversationAnswer(db, user.id, started.conversation.id)
      return c.json(answer satisfies ConversationResponse, 201)
    })
    .get('/:conversationId', conversation, async (c) =>
      c.json(
        (await conversationAnswer(
          db,
          c.get('user').id,
          c.req.valid('param').conversationId,
        )) satisfies ConversationResponse,
      ),
    )
    .patch(
      '/:conversationId',
      conversation,
      validate('json', renameConversationSchema),
      async (c) => {
        const user = c.get('user')
        const { conversationId } = c.req.valid('param')
        await commands.renameGroup(live, user, conversationId, c.req.valid('json').name)
        return c.json(
          (await conversationAnswer(db, user.id, conversationId)) satisfies ConversationResponse,
        )
      },
    )
    .put('/:conversationId/picture', sizeLimit, conversation, uploadLimit, async (c) => {
      const user = c.get('user')
      const { conversationId } = c.req.valid('param')
      await setGroupPicture(live, user, conversationId, () => uploadedBytes(c))
      return c.json(
        (await conversationAnswer(db, user.id, conversationId)) satisfies ConversationResponse,
      )
    })
    .delete('/:conversationId/picture', conversation, async (c) => {
      const user = c.get('user')
      const { conversationId } = c.req.valid('param')
      await removeGroupPicture(live, user, conversationId)
      return c.json(
        (await conversationAnswer(db, user.id, conversationId)) satisfies ConversationResponse,
      )
    })
    .put('/:conversationId/messages/:messageId/reactions/:reaction', message, reactionLimit, (c) =>
      react(c.get('user'), c.req.valid('param'), c.req.param('reaction'), true).then((answer) =>
        c.json(answer),
      ),
    )
    .delete(
      '/:conversationId/messages/:messageId/reactions/:reaction',
      message,
      reactionLimit,
      (c) =>
        react(c.get('user'), c.req.valid('param'), c.req.param('reaction'), false).then((answer) =>
          c.json(answer),
        ),
    )
    .post(
      '/:conversationId/members',
      conversation,
      validate('json', addMembersSchema),
      async (c) => {
        const user = c.get('user')
        const { conversationId } = c.req.valid('param')
        await commands.addMembers(live, user, conversationId, ids(c.req.valid('json').userIds))
        return c.json(
          (await conversationAnswer(db, user.id, conversationId)) satisfies ConversationResponse,
        )
      },
    )
    .delete('/:conversationId/members/:userId', member, async (c) => {
      const user = c.get('user')
      const { conversationId, userId } = c.req.valid('param')
      await commands.removeMember(live, user, conversationId, userId)
      return c.json(
        (await conversationAnswer(db, user.id, conversationId)) satisfies ConversationResponse,
      )
    })
    .post('/:conversationId/leave', conversation, async (c) => {
      await commands.leave(live, c.get('user'), c.req.valid('param').conversationId)
      return c.json({ ok: true } satisfies OkResponse)
    })
    .put(
      '/:conversationId/mute',
      conversation,
      validate('json', muteConversationSchema),
      async (c) => {
        const state = await commands.setMuted(
          live,
          c.get('user'),
          c.req.valid('param').conversationId,
          c.req.valid('json').muted,
        )
        return c.json(state satisfies ConversationReadResponse)
      },
    )
    .post(
      '/:conversationId/read',
      conversation,
      validate('json', readConversationSchema),
      async (c) => {
        const upTo = c.req.valid('json')?.upTo
        const state = await commands.markRead(
          live,
          c.get('user'),
          c.req.valid('param').conversationId,
          upTo === undefined ? null : Number(upTo),
        )
        return c.json(state satisfies ConversationReadResponse)
      },
    )
    .get(
      '/:conversationId/messages',
      conversation,
      validate('query', pageQuerySchema),
      async (c) => {
        const { conversationId } = c.req.valid('param')
        const page = pageRequest(c.req.valid('query'))
        return c.json(
          (await messagesPage(db, c.get('user').id, conversationId, page)) satisfies MessagesPage,
        )
      },
    )
    .post(
      '/:conversationId/messages',
      conversation,
      perUserLimit(deps, 'messages'),
      validate('json', sendMessageSchema),
      async (c) => {
        const user = c.get('user')
        const { text, replyTo, media } = c.req.valid('json')
        const sent = await commands.sendMessage(
          live,
          user,
          c.req.valid('param').conversationId,
          text,
          replyTo === undefined ? null : Number(replyTo),
          media ?? [],
        )
        return c.json(
          (await messageAnswer(db, user.id, sent.message)) satisfies MessageResponse,
          201,
        )
      },
    )
    .patch(
      '/:conversationId/messages/:messageId',
      message,
      validate('json', editMessageSchema),
      async (c) => {
        const user = c.get('user')
        const { conversationId, messageId } = c.req.valid('param')
        const row = await commands.editMessage(
          live,
          user,
          conversationId,
          messageId,
          c.req.valid('json').text,
        )
        return c.json((await messageAnswer(db, user.id, row)) satisfies MessageResponse)
      },
    )
    .delete('/:conversationId/messages/:messageId', message, async (c) => {
      const user = c.get('user')
      const { conversationId, messageId } = c.req.valid('param')
      const row = await commands.deleteMessage(live, user, conversationId, messageId)
      return c.json((await messageAnswer(db, user.id, row)) satisfies MessageResponse)
    })
}
