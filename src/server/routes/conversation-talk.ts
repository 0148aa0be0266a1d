import { Hono } from 'hono'
import type { OkResponse } from '../../shared/api-types'
import type { MessageSearchPage } from '../../shared/conversation-types'
import { messageSearchSchema } from '../../shared/conversation-schemas'
import { signalTyping } from '../actions/conversation-typing'
import { liveOf } from '../actions/live'
import { perUserLimit, requireUser, type AppDeps, type AppEnv } from '../http/context'
import { idParams, validate } from '../http/validate'
import { pageRequest } from '../services/reads/pagination'
import { messageSearchWords, searchMessages } from '../services/reads/conversation-search'
import { hiddenFrom } from '../services/reads/conversations'
import { presentMessages } from '../services/presenting/conversations'

/**
 * What goes on around a conversation's messages (docs/API.md, "Conversations"): "typing…"
 * signals and search within a conversation, mounted beside `conversationsRoutes` under
 * `/api/conversations`. As there, a conversation the caller is not a member of is
 * CONVERSATION_NOT_FOUND.
 */
export function conversationTalkRoutes(deps: AppDeps) {
  const { db } = deps
  const live = liveOf(deps)
  const conversation = idParams('conversationId')
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .post('/:conversationId/typing', conversation, perUserLimit(deps, 'typing'), async (c) => {
      await signalTyping(live, c.get('user'), c.req.valid('param').conversationId)
      return c.json({ ok: true } satisfies OkResponse)
    })
    .get(
      '/:conversationId/messages/search',
      conversation,
      validate('query', messageSearchSchema),
      async (c) => {
        const viewerId = c.get('user').id
        const { q, limit, cursor } = c.req.valid('query')
        const words = messageSearchWords(q)
        const found = await searchMessages(
          db,
          viewerId,
          c.req.valid('param').conversationId,
          words,
          pageRequest({ limit, cursor }),
        )
        return c.json({
          words,
          messages: await presentMessages(db, found.rows, await hiddenFrom(db, viewerId)),
          nextCursor: found.nextCursor,
        } satisfies MessageSearchPage)
      },
    )
}
