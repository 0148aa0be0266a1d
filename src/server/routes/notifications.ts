import { Hono } from 'hono'
import { z } from 'zod'
import type { NotificationsPage, UnreadCountResponse } from '../../shared/api-types'
import { pageQuerySchema } from '../../shared/schemas'
import { requireUser, type AppDeps, type AppEnv } from '../http/context'
import type { EventHub } from '../events/hub'
import { markRead, pageNotifications, unreadCount } from '../services/notifications'
import { pageRequest } from '../services/pagination'
import { parseId, validate } from '../http/validate'

const markReadSchema = z
  .object({
    upTo: z
      .string({ error: 'upTo must be a notification id.' })
      .refine((id) => parseId(id) !== null, { error: 'upTo must be a notification id.' })
      .optional(),
  })
  .optional()

/** `/api/notifications` (docs/API.md, "Notifications"): always the signed-in user's own. */
export function notificationsRoutes(deps: AppDeps, hub: EventHub) {
  const { db } = deps
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .get('/', validate('query', pageQuerySchema), (c) => {
      const page = pageRequest(c.req.valid('query'))
      return c.json(pageNotifications(db, c.get('user').id, page) satisfies NotificationsPage)
    })
    .get('/unread-count', (c) =>
      c.json({ unreadCount: unreadCount(db, c.get('user').id) } satisfies UnreadCountResponse),
    )
    .post('/read', validate('json', markReadSchema), (c) => {
      const userId = c.get('user').id
      const upTo = c.req.valid('json')?.upTo
      const changed = markRead(db, userId, upTo === undefined ? null : parseId(upTo))
      const count = unreadCount(db, userId)
      // The user's other windows update their badge too.
      if (changed > 0) hub.publish('unread-count', { unreadCount: count }, { to: userId })
      return c.json({ unreadCount: count } satisfies UnreadCountResponse)
    })
}
